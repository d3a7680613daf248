#pragma once
// RFC 2047 encoded-words in header fields.
#include <string>
#include <string_view>

namespace ck::mail {

// Decodes every encoded-word (=?charset?B|Q?text?=) in an unfolded header value to UTF-8.
// Linear white space between two adjacent encoded-words is dropped (RFC 2047 section 6.2);
// malformed words are kept literally. Raw 8-bit bytes outside words are read as UTF-8,
// falling back to Windows-1252.
std::string decode_header_value(std::string_view value);

// Encodes a UTF-8 header value for a field named `field_name`: returned unchanged when it is
// pure printable ASCII (only folded at spaces to keep lines under 78 columns), otherwise as
// =?UTF-8?Q?...?= words of at most 75 characters, folded with CRLF SP so that no line of
// "Name: value" exceeds 78 characters. Uses only characters also allowed in a phrase (RFC 2047
// section 5 (3)), so the result can serve as a display name too.
std::string encode_header_value(std::string_view value, std::string_view field_name);

// "Name <addr>" with the display name quoted or encoded as needed; just addr if name is empty.
// The result is not folded (callers fold whole address lists).
std::string format_address(std::string_view display_name, std::string_view addr_spec);

}  // namespace ck::mail
