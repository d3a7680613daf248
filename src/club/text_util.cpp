#include "club/text_util.hpp"

namespace ck::club::text {

bool has_control(std::string_view s) {
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7f) return true;
    return false;
}

bool one_line(std::string_view s) {
    return !has_control(s) && (s.empty() || (s.front() != ' ' && s.back() != ' '));
}

bool is_word(std::string_view s) {
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

std::size_t columns(std::string_view s) {
    std::size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xc0) != 0x80) ++n;
    return n;
}

std::string fit(std::string_view s, std::size_t width) {
    if (columns(s) <= width) return std::string(s);
    if (width == 0) return {};
    std::string out;
    std::size_t cols = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = s[i];
        if ((c & 0xc0) != 0x80 && ++cols > width - 1) break;
        out += s[i];
    }
    return out + "\xe2\x80\xa6";  // U+2026 HORIZONTAL ELLIPSIS
}

std::string pad_right(std::string_view s, std::size_t width) {
    const std::size_t c = columns(s);
    return std::string(s) + std::string(c < width ? width - c : 0, ' ');
}

std::string pad_left(std::string_view s, std::size_t width) {
    const std::size_t c = columns(s);
    return std::string(c < width ? width - c : 0, ' ') + std::string(s);
}

}  // namespace ck::club::text
