#pragma once
// Content-transfer-encodings (RFC 2045 section 6): base64 and quoted-printable.
#include <string>
#include <string_view>

namespace ck::mail {

// Value of a hex digit, or -1.
int hex_value(char c);

// Decodes base64, skipping white space and any character outside the alphabet; stops at '='.
std::string base64_decode(std::string_view in);
// Encodes to base64 in lines of 76 characters, each ended by CRLF.
std::string base64_encode(std::string_view in);

// Decodes quoted-printable: "=XX" escapes, "=" at end of line is a soft break, trailing white
// space on a line is dropped (RFC 2045 6.7 (3)). Invalid escapes pass through literally.
// Line ends (CRLF or LF) come out as LF.
std::string qp_decode(std::string_view in);

// Encodes text whose lines end in LF (a CR before LF is ignored) as quoted-printable with CRLF
// line ends and soft line breaks, so that no encoded line exceeds 76 characters. '=' , control
// bytes, 8-bit bytes, and white space at the end of a line are escaped; a line starting with
// '.' or "From " is escaped too, so it survives SMTP and mbox untouched.
std::string qp_encode(std::string_view text);
// The same appended to `out` (render_mime builds a mail in one buffer).
void qp_encode_into(std::string_view text, std::string& out);

}  // namespace ck::mail
