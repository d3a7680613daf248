#pragma once
// Text helpers shared by the modules: ASCII case folding, trimming and the one JSON string writer
// (the umpire's lines, docs/referee-protocol.md "Responses", and `validate --format json`).
#include <string>
#include <string_view>

namespace ck::core {

// ASCII letters lower-cased; every other byte (UTF-8 included) unchanged.
std::string lower_ascii(std::string_view s);

// a == b with A-Z and a-z taken as equal (other bytes compared as they are).
bool iequals_ascii(std::string_view a, std::string_view b);

// The bytes the trims remove unless told otherwise: space, tab, CR and LF (never a UTF-8 byte,
// so a no-break space stays).
inline constexpr std::string_view AsciiSpace = " \t\r\n";
// `s` without the leading and trailing bytes that are in `space`.
std::string trim_ascii(std::string_view s, std::string_view space = AsciiSpace);
// The same at one end only, as a view into `s` (for scanners that look at many lines).
std::string_view trim_start_ascii(std::string_view s, std::string_view space = AsciiSpace);
std::string_view trim_end_ascii(std::string_view s, std::string_view space = AsciiSpace);

// JSON string literal of s: quotes and backslashes escaped, \n \t \r as such, other control
// characters and DEL as \u00XX; valid UTF-8 kept as it is, each byte of an invalid sequence
// (overlong, surrogate, beyond U+10FFFF, truncated) written as \ufffd.
std::string json_string(std::string_view s);

}  // namespace ck::core
