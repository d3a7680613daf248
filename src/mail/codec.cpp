#include "mail/codec.hpp"

#include <algorithm>

namespace ck::mail {
namespace {

constexpr char Alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr char Hex[] = "0123456789ABCDEF";

int base64_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+' || c == '-') return 62;  // '-' and '_': base64url, seen in the wild
    if (c == '/' || c == '_') return 63;
    return -1;
}

}  // namespace

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

std::string base64_decode(std::string_view in) {
    std::string out;
    out.reserve(in.size() * 3 / 4);
    unsigned acc = 0;
    int bits = 0;
    for (char c : in) {
        if (c == '=') break;
        const int v = base64_value(c);
        if (v < 0) continue;
        acc = (acc << 6) | static_cast<unsigned>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((acc >> bits) & 0xFF);
        }
    }
    return out;
}

std::string base64_encode(std::string_view in) {
    std::string out;
    size_t col = 0;
    for (size_t i = 0; i < in.size(); i += 3) {
        unsigned n = static_cast<unsigned char>(in[i]) << 16;
        if (i + 1 < in.size()) n |= static_cast<unsigned char>(in[i + 1]) << 8;
        if (i + 2 < in.size()) n |= static_cast<unsigned char>(in[i + 2]);
        out += Alphabet[(n >> 18) & 63];
        out += Alphabet[(n >> 12) & 63];
        out += i + 1 < in.size() ? Alphabet[(n >> 6) & 63] : '=';
        out += i + 2 < in.size() ? Alphabet[n & 63] : '=';
        col += 4;
        if (col == 76) {
            out += "\r\n";
            col = 0;
        }
    }
    if (col != 0) out += "\r\n";
    return out;
}

std::string qp_decode(std::string_view in) {
    std::string out;
    out.reserve(in.size());
    size_t pos = 0;
    while (pos <= in.size()) {
        size_t eol = in.find('\n', pos);
        const bool has_eol = eol != std::string_view::npos;
        if (!has_eol) eol = in.size();
        std::string_view line = in.substr(pos, eol - pos);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
        bool soft = false;
        for (size_t i = 0; i < line.size(); ++i) {
            if (line[i] != '=') {
                out += line[i];
            } else if (i + 1 == line.size()) {
                soft = true;
            } else if (i + 2 < line.size() && hex_value(line[i + 1]) >= 0 &&
                       hex_value(line[i + 2]) >= 0) {
                out += static_cast<char>(hex_value(line[i + 1]) * 16 + hex_value(line[i + 2]));
                i += 2;
            } else {
                out += '=';
            }
        }
        if (!has_eol) break;
        if (!soft) out += '\n';
        pos = eol + 1;
    }
    return out;
}

namespace {
// A character quoted-printable keeps as it is inside a line (not first, not last).
bool plain(char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return (c >= 0x20 && c < 0x7F && c != '=') || c == '\t';
}
}  // namespace

std::string qp_encode(std::string_view text) {
    constexpr size_t MaxLine = 76;  // including a trailing soft-break '='
    std::string out;
    out.reserve(text.size() + text.size() / 16 + 16);
    const auto from_at = [](std::string_view rest) { return rest.rfind("From ", 0) == 0; };
    size_t pos = 0;
    while (pos < text.size()) {
        size_t eol = text.find('\n', pos);
        const bool has_eol = eol != std::string_view::npos;
        if (!has_eol) eol = text.size();
        std::string_view line = text.substr(pos, eol - pos);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        size_t col = 0;
        for (size_t i = 0; i < line.size(); ++i) {
            // Fast path: a run of characters copied as they are (not the line's first or last
            // character, none escaped, all before the column of a soft break).
            if (col > 0 && col < MaxLine - 1) {
                const size_t limit = std::min(line.size() - 1, i + (MaxLine - 1 - col));
                size_t j = i;
                while (j < limit && plain(line[j])) ++j;
                if (j > i) {
                    out.append(line.data() + i, j - i);
                    col += j - i;
                    i = j - 1;
                    continue;
                }
            }
            const auto c = static_cast<unsigned char>(line[i]);
            const bool last = i + 1 == line.size();
            const bool at_start = col == 0;
            bool escape = c == '=' || c >= 0x7F || (c < 0x20 && c != '\t') ||
                          ((c == ' ' || c == '\t') && last) || (at_start && c == '.') ||
                          (at_start && c == 'F' && from_at(line.substr(i)));
            // Keep room for the soft break '=' unless this is the line's last piece.
            const size_t room = last ? MaxLine : MaxLine - 1;
            if (col + (escape ? 3 : 1) > room) {
                out += "=\r\n";
                col = 0;
                if (c == '.' || (c == 'F' && from_at(line.substr(i)))) escape = true;
            }
            if (escape) {
                const char piece[3] = {'=', Hex[c >> 4], Hex[c & 15]};
                out.append(piece, 3);
                col += 3;
            } else {
                out += static_cast<char>(c);
                col += 1;
            }
        }
        if (has_eol) out += "\r\n";
        pos = eol + 1;
    }
    return out;
}

}  // namespace ck::mail
