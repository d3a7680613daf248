#pragma once
// Charset conversion to UTF-8 (iconv). Never fails: bytes that cannot be converted become U+FFFD.
#include <string>
#include <string_view>

namespace ck::mail {

// True if `s` is well-formed UTF-8 (no overlongs, no surrogates).
bool is_valid_utf8(std::string_view s);

// Converts `bytes` labelled with MIME charset `charset` to UTF-8. Empty, US-ASCII and UTF-8
// labels pass valid UTF-8 through; 8-bit bytes that are not valid UTF-8 under such a label are
// read as Windows-1252 (the usual mislabelling). Unknown labels are treated the same way.
std::string to_utf8(std::string_view bytes, std::string_view charset);

}  // namespace ck::mail
