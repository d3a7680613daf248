#include "referee/ruling_json.hpp"

#include <cstdio>

namespace ck::referee {
namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    const auto c1 = static_cast<unsigned char>(s[i + 1]);
    if (c == 0xE0 && c1 < 0xA0) return 0;   // overlong
    if (c == 0xED && c1 >= 0xA0) return 0;  // surrogates
    if (c == 0xF0 && c1 < 0x90) return 0;   // overlong
    if (c == 0xF4 && c1 >= 0x90) return 0;  // beyond U+10FFFF
    return n;
}

void key(std::string& out, const char* k) {
    out += '"';
    out += k;
    out += "\":";
}

std::string color_word(rules::Color c) { return c == rules::Color::White ? "white" : "black"; }

}  // namespace

std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else if (c >= 0x80) {
            const std::size_t n = utf8_length(s, i);
            if (n == 0) {
                out += "\\ufffd";
                ++i;
                continue;
            }
            out.append(s.substr(i, n));
            i += n;
            continue;
        } else {
            out += static_cast<char>(c);
        }
        ++i;
    }
    out += '"';
    return out;
}

std::string announcement_json(const Announcement& a) {
    std::string out = "{";
    key(out, "type");
    out += json_string(announcement_type_name(a.type));
    auto field = [&](const char* k, const std::string& v) {
        if (v.empty()) return;
        out += ',';
        key(out, k);
        out += json_string(v);
    };
    field("move", a.move);
    field("answer", a.answer);
    field("attempt", a.attempt);
    if (a.type == AnnouncementType::Capture) {  // the spec's key order for each type
        field("square", a.square);
        field("piece", a.piece);
    } else {
        field("piece", a.piece);
        field("square", a.square);
    }
    field("placed", a.placed);
    field("direction", a.direction);
    field("result", a.result);
    field("reason", a.reason);
    if (a.count) {
        out += ',';
        key(out, "count");
        out += std::to_string(*a.count);
    }
    if (a.available) {
        out += ',';
        key(out, "available");
        out += *a.available ? "true" : "false";
    }
    if (a.squares) {
        out += ',';
        key(out, "squares");
        out += '[';
        for (std::size_t i = 0; i < a.squares->size(); ++i) {
            if (i) out += ',';
            out += json_string((*a.squares)[i]);
        }
        out += ']';
    }
    out += '}';
    return out;
}

std::string ruling_json(const Ruling& r, const Game& game) {
    std::string out = "{";
    key(out, "n");
    out += std::to_string(r.n);
    out += ',';
    key(out, "side");
    out += json_string(color_word(r.side));
    out += ',';
    key(out, "request");
    out += json_string(r.request);
    out += ',';
    key(out, "answer");
    out += json_string(answer_word(r.answer));
    if (r.answer == Answer::Error) {
        out += ',';
        key(out, "error");
        out += json_string(r.error);
        out += '}';
        return out;
    }
    if (!r.reason.empty()) {
        out += ',';
        key(out, "reason");
        out += json_string(r.reason);
    }
    out += ',';
    key(out, "move");
    out += r.move ? json_string(*r.move) : "null";
    for (rules::Color c : {rules::Color::White, rules::Color::Black}) {
        out += ',';
        key(out, c == rules::Color::White ? "white" : "black");
        out += '[';
        const auto& list = r.told[rules::index_of(c)];
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (i) out += ',';
            out += announcement_json(list[i]);
        }
        out += ']';
    }
    out += ',';
    key(out, "views");
    out += '{';
    key(out, "white");
    out += json_string(game.view_text(rules::Color::White));
    out += ',';
    key(out, "black");
    out += json_string(game.view_text(rules::Color::Black));
    out += "},";
    key(out, "result");
    out += r.result ? json_string(*r.result) : "null";
    out += '}';
    return out;
}

}  // namespace ck::referee
