#include "mail/charset.hpp"

#include <iconv.h>

#include <cctype>
#include <cerrno>

namespace ck::mail {
namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

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

}  // namespace

bool is_valid_utf8(std::string_view s) {
    size_t i = 0;
    const size_t n = s.size();
    while (i < n) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
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
            return false;
        }
        if (i + len > n) return false;
        for (size_t k = 1; k < len; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (cc & 0x3F);
        }
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += len;
    }
    return true;
}

std::string to_utf8(std::string_view bytes, std::string_view charset) {
    std::string cs = lower(charset);
    const bool utf8_like = cs.empty() || cs == "us-ascii" || cs == "ascii" || cs == "utf-8" ||
                           cs == "utf8" || cs == "unknown-8bit" || cs == "x-unknown";
    if (utf8_like) {
        if (is_valid_utf8(bytes)) return std::string(bytes);
        cs = "windows-1252";
    }
    if (cs == "latin1" || cs == "iso8859-1") cs = "iso-8859-1";
    std::string out;
    if (iconv_to_utf8(bytes, cs, out)) return out;
    if (is_valid_utf8(bytes)) return std::string(bytes);
    iconv_to_utf8(bytes, "windows-1252", out);
    return out;
}

}  // namespace ck::mail
