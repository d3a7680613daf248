#include "mail/charset.hpp"

#include <iconv.h>

#include <cctype>
#include <cerrno>

#include "core/text.hpp"

namespace ck::mail {
namespace {

constexpr const char* Replacement = "\xEF\xBF\xBD";

// iconv from `from` to UTF-8; false if the charset is unknown to iconv.
bool iconv_to_utf8(std::string_view bytes, const std::string& from, std::string& out) {
    iconv_t cd = iconv_open("UTF-8", from.c_str());
    if (cd == reinterpret_cast<iconv_t>(-1)) return false;
    out.clear();
    char* in = const_cast<char*>(bytes.data());
    size_t in_left = bytes.size();
    char buf[4096];
    while (in_left > 0) {
        char* o = buf;
        size_t o_left = sizeof buf;
        size_t r = iconv(cd, &in, &in_left, &o, &o_left);
        out.append(buf, static_cast<size_t>(o - buf));
        if (r == static_cast<size_t>(-1)) {
            if (errno == E2BIG) continue;
            // EILSEQ or EINVAL (truncated sequence): replace one byte and resynchronise.
            out += Replacement;
            ++in;
            --in_left;
            iconv(cd, nullptr, nullptr, nullptr, nullptr);
        }
    }
    char* o = buf;
    size_t o_left = sizeof buf;
    iconv(cd, nullptr, nullptr, &o, &o_left);
    out.append(buf, static_cast<size_t>(o - buf));
    iconv_close(cd);
    return true;
}

// A MIME charset token (RFC 2978: letters, digits and a few marks). Anything else, including
// iconv's "//IGNORE"-style suffixes and bytes glibc would silently strip, is not a label we
// hand to iconv.
bool is_charset_token(std::string_view cs) {
    if (cs.empty() || cs.size() > 40) return false;
    for (char c : cs) {
        const auto u = static_cast<unsigned char>(c);
        if (!(std::isalnum(u) || c == '-' || c == '_' || c == '.' || c == ':' || c == '+'))
            return false;
    }
    return true;
}

// Length of the well-formed UTF-8 sequence at s[i], or 0 if there is none.
size_t utf8_sequence_length(std::string_view s, size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return 1;
    size_t len = 0;
    unsigned cp = 0;
    if ((c & 0xE0) == 0xC0) {
        len = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (i + len > s.size()) return 0;
    for (size_t k = 1; k < len; ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

// Replaces every byte that does not start a well-formed sequence with U+FFFD.
std::string replace_invalid_utf8(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        const size_t len = utf8_sequence_length(s, i);
        if (len == 0) {
            out += Replacement;
            ++i;
        } else {
            out.append(s.substr(i, len));
            i += len;
        }
    }
    return out;
}

}  // namespace

bool is_valid_utf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const size_t len = utf8_sequence_length(s, i);
        if (len == 0) return false;
        i += len;
    }
    return true;
}

std::string to_utf8(std::string_view bytes, std::string_view charset) {
    std::string cs = core::lower_ascii(charset);
    const bool utf8_like = cs.empty() || cs == "us-ascii" || cs == "ascii" || cs == "utf-8" ||
                           cs == "utf8" || cs == "unknown-8bit" || cs == "x-unknown";
    if (utf8_like) {
        if (is_valid_utf8(bytes)) return std::string(bytes);
        cs = "windows-1252";
    }
    if (cs == "latin1" || cs == "iso8859-1") cs = "iso-8859-1";
    std::string out;
    // iconv's own output is checked too: some of its converters pass bytes through unchecked.
    if (is_charset_token(cs) && iconv_to_utf8(bytes, cs, out)) return replace_invalid_utf8(out);
    if (is_valid_utf8(bytes)) return std::string(bytes);
    iconv_to_utf8(bytes, "windows-1252", out);
    return out;
}

}  // namespace ck::mail
