#include "mail/rfc2047.hpp"

#include <algorithm>
#include <cctype>

#include "mail/charset.hpp"
#include "mail/codec.hpp"

namespace ck::mail {
namespace {

bool is_lwsp(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Tries to read one encoded-word at value[pos]; on success sets `end` past it and `out` to
// its UTF-8 text.
bool read_encoded_word(std::string_view v, size_t pos, size_t& end, std::string& out) {
    if (v.compare(pos, 2, "=?") != 0) return false;
    const size_t q1 = v.find('?', pos + 2);
    if (q1 == std::string_view::npos) return false;
    if (q1 + 2 >= v.size() || v[q1 + 2] != '?') return false;
    const char enc = static_cast<char>(std::toupper(static_cast<unsigned char>(v[q1 + 1])));
    if (enc != 'B' && enc != 'Q') return false;
    const size_t text_begin = q1 + 3;
    const size_t close = v.find("?=", text_begin);
    if (close == std::string_view::npos) return false;
    std::string_view text = v.substr(text_begin, close - text_begin);
    for (char c : text)
        if (c == ' ' || c == '\t') return false;  // encoded-words contain no white space
    std::string charset(v.substr(pos + 2, q1 - pos - 2));
    if (const size_t star = charset.find('*'); star != std::string::npos)
        charset.resize(star);  // RFC 2231 language suffix
    std::string bytes;
    if (enc == 'B') {
        bytes = base64_decode(text);
    } else {
        for (size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '_') {
                bytes += ' ';
            } else if (c == '=' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 &&
                       hex_value(text[i + 2]) >= 0) {
                bytes += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
                i += 2;
            } else {
                bytes += c;
            }
        }
    }
    out = to_utf8(bytes, charset);
    end = close + 2;
    return true;
}

bool is_plain_ascii(std::string_view s) {
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x7F || (u < 0x20 && c != '\t')) return false;
    }
    return s.find("=?") == std::string_view::npos;  // literal "=?" would read as a word
}

// Splits UTF-8 text into Q-encoded chunks, each a whole encoded-word of <= max_len chars,
// never splitting a multi-byte character.
std::string q_encode_char(unsigned char c) {
    static const char* hex = "0123456789ABCDEF";
    if (std::isalnum(c) || c == '!' || c == '*' || c == '+' || c == '-' || c == '/')
        return std::string(1, static_cast<char>(c));
    if (c == ' ') return "_";
    return std::string{'=', hex[c >> 4], hex[c & 15]};
}

}  // namespace

std::string decode_header_value(std::string_view v) {
    std::string out;
    std::string pending_ws;  // white space after an encoded-word, dropped if another follows
    bool last_was_word = false;
    size_t i = 0;
    std::string raw;  // literal run, converted as a whole
    auto flush_raw = [&] {
        if (!raw.empty()) out += to_utf8(raw, "utf-8");
        raw.clear();
    };
    while (i < v.size()) {
        size_t end = 0;
        std::string word;
        if (read_encoded_word(v, i, end, word)) {
            if (!last_was_word) raw += pending_ws;
            flush_raw();
            pending_ws.clear();
            out += word;
            last_was_word = true;
            i = end;
            continue;
        }
        if (is_lwsp(v[i])) {
            if (v[i] != '\r' && v[i] != '\n') pending_ws += v[i];
            ++i;
            continue;
        }
        raw += pending_ws;
        pending_ws.clear();
        raw += v[i];
        last_was_word = false;
        ++i;
    }
    raw += pending_ws;
    flush_raw();
    return out;
}

std::string encode_header_value(std::string_view value, std::string_view field_name) {
    constexpr size_t MaxLine = 78;
    size_t col = field_name.size() + 2;  // "Name: "
    std::string out;
    if (is_plain_ascii(value)) {
        // Fold at spaces only; a single over-long word stays whole (RFC 5322 allows 998).
        size_t i = 0;
        bool first = true;
        while (i < value.size()) {
            size_t sp = value.find(' ', i + 1);
            if (sp == std::string_view::npos) sp = value.size();
            std::string_view piece = value.substr(i, sp - i);  // starts with ' ' unless first
            if (!first && col + piece.size() > MaxLine && piece.size() > 1) {
                out += "\r\n";
                col = 0;
            }
            out += piece;
            col += piece.size();
            first = false;
            i = sp;
        }
        return out;
    }
    const std::string prefix = "=?UTF-8?Q?";
    const std::string suffix = "?=";
    constexpr size_t MaxWord = 75;
    std::string word = prefix;
    auto close_word = [&] {
        word += suffix;
        if (!out.empty()) {
            out += "\r\n ";
            col = 1;
        }
        out += word;
        col += word.size();
        word = prefix;
    };
    size_t i = 0;
    while (i < value.size()) {
        const auto lead = static_cast<unsigned char>(value[i]);
        size_t len = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
        if (i + len > value.size()) len = value.size() - i;
        std::string enc;
        for (size_t k = 0; k < len; ++k)
            enc += q_encode_char(static_cast<unsigned char>(value[i + k]));
        // The first word shares its line with "Name: ".
        const size_t limit = out.empty() ? std::min(MaxWord, MaxLine - col) : MaxWord;
        if (word.size() + enc.size() + suffix.size() > limit && word.size() > prefix.size())
            close_word();
        word += enc;
        i += len;
    }
    if (word.size() > prefix.size() || out.empty()) close_word();
    return out;
}

std::string format_address(std::string_view name, std::string_view addr) {
    if (name.empty()) return std::string(addr);
    std::string out;
    bool ascii = true;
    for (char c : name)
        if (static_cast<unsigned char>(c) >= 0x80 || (static_cast<unsigned char>(c) < 0x20))
            ascii = false;
    if (ascii && name.find("=?") == std::string_view::npos) {
        bool atoms = true;
        for (char c : name)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == ' ' ||
                  std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos))
                atoms = false;
        if (atoms) {
            out = std::string(name);
        } else {
            out = "\"";
            for (char c : name) {
                if (c == '"' || c == '\\') out += '\\';
                out += c;
            }
            out += '"';
        }
    } else {
        // One line of encoded-words; unfolded, the caller folds between words.
        std::string enc = encode_header_value(name, "");
        std::string joined;
        for (size_t i = 0; i < enc.size(); ++i) {
            if (enc.compare(i, 3, "\r\n ") == 0) {
                joined += ' ';
                i += 2;
            } else {
                joined += enc[i];
            }
        }
        out = joined;
    }
    out += " <";
    out += addr;
    out += '>';
    return out;
}

}  // namespace ck::mail
