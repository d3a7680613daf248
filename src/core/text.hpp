#pragma once
// Text helpers shared by the modules: ASCII case folding and the one JSON string writer (the
// umpire's lines, docs/referee-protocol.md "Responses", and `validate --format json`).
#include <string>
#include <string_view>

namespace ck::core {

// ASCII letters lower-cased; every other byte (UTF-8 included) unchanged.
std::string lower_ascii(std::string_view s);

// JSON string literal of s: quotes and backslashes escaped, \n \t \r as such, other control
// characters and DEL as \u00XX; valid UTF-8 kept as it is, each byte of an invalid sequence
// (overlong, surrogate, beyond U+10FFFF, truncated) written as \ufffd.
std::string json_string(std::string_view s);

}  // namespace ck::core
