#include "mail/codec.hpp"

#include <algorithm>
#include <cstring>

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

// The bytes quoted-printable keeps as they are inside a line (not first, not last): printable
// ASCII but '=', and TAB. One table lookup a byte instead of four comparisons.
struct PlainTable {
    bool plain[256] = {};
    constexpr PlainTable() {
        for (int c = 0x20; c < 0x7F; ++c) plain[c] = c != '=';
        plain[static_cast<unsigned char>('\t')] = true;
    }
};
constexpr PlainTable Plain;

bool plain(char ch) { return Plain.plain[static_cast<unsigned char>(ch)]; }

bool from_at(const char* p, const char* end) {
    return end - p >= 5 && p[0] == 'F' && p[1] == 'r' && p[2] == 'o' && p[3] == 'm' && p[4] == ' ';
}

}  // namespace

std::string qp_encode(std::string_view text) {
    std::string out;
    qp_encode_into(text, out);
    return out;
}

// Writes through a pointer into room made a line at a time for that line's worst case (3 bytes
// a byte, a soft break of 3 bytes after at least 73 written, CRLF), then cuts the string to what
// was written: no growth check a byte, and the room usually made once, for a third more than
// the text (only that much: the room is filled with zeros first, and a caller that reserved
// for a whole mail encodes its parts one after the other).
void qp_encode_into(std::string_view text, std::string& out) {
    constexpr size_t MaxLine = 76;  // including a trailing soft-break '='
    size_t written = out.size();
    const size_t start = written;
    out.resize(written + text.size() + text.size() / 3 + 64);
    const char* p = text.data();
    const char* const text_end = p + text.size();
    while (p < text_end) {
        const void* nl = std::memchr(p, '\n', static_cast<size_t>(text_end - p));
        const bool has_eol = nl != nullptr;
        const char* const eol = has_eol ? static_cast<const char*>(nl) : text_end;
        const char* line_end = eol;
        if (line_end > p && line_end[-1] == '\r') --line_end;
        const auto length = static_cast<size_t>(line_end - p);
        const size_t worst = 3 * length + 3 * (3 * length / 73 + 1) + 2;
        // More room: twice this call's part, not twice `out` (a mail's earlier parts would be
        // copied and filled for nothing: README "Benchmarks", the serve row).
        if (out.size() - written < worst)
            out.resize(written + std::max(worst, 2 * (out.size() - start)));
        char* const line_start = out.data() + written;
        char* w = line_start;
        size_t col = 0;
        for (const char* q = p; q < line_end; ++q) {
            // Fast path: a run of characters copied as they are (not the line's first or last
            // character, none escaped, all before the column of a soft break).
            if (col > 0 && col < MaxLine - 1) {
                const size_t left = static_cast<size_t>(line_end - q) - 1;
                const char* const limit = q + std::min(left, MaxLine - 1 - col);
                const char* r = q;
                while (r < limit && plain(*r)) *w++ = *r++;
                if (r > q) {
                    col += static_cast<size_t>(r - q);
                    q = r - 1;
                    continue;
                }
            }
            const auto c = static_cast<unsigned char>(*q);
            const bool last = q + 1 == line_end;
            const bool at_start = col == 0;
            bool escape = !plain(*q) || ((c == ' ' || c == '\t') && last) ||
                          (at_start && c == '.') || (at_start && from_at(q, line_end));
            // Keep room for the soft break '=' unless this is the line's last piece.
            const size_t room = last ? MaxLine : MaxLine - 1;
            if (col + (escape ? 3 : 1) > room) {
                *w++ = '=';
                *w++ = '\r';
                *w++ = '\n';
                col = 0;
                if (c == '.' || from_at(q, line_end)) escape = true;
            }
            if (escape) {
                *w++ = '=';
                *w++ = Hex[c >> 4];
                *w++ = Hex[c & 15];
                col += 3;
            } else {
                *w++ = static_cast<char>(c);
                col += 1;
            }
        }
        if (has_eol) {
            *w++ = '\r';
            *w++ = '\n';
        }
        written += static_cast<size_t>(w - line_start);
        p = eol + 1;
    }
    out.resize(written);
}

}  // namespace ck::mail
