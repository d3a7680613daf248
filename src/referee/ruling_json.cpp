#include "referee/ruling_json.hpp"

#include <cstdio>

namespace ck::referee {
namespace {

void key(std::string& out, const char* k) {
    out += '"';
    out += k;
    out += "\":";
}

std::string color_word(rules::Color c) { return c == rules::Color::White ? "white" : "black"; }

}  // namespace

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
    if (a.result) field("result", std::string(result_text(*a.result)));
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
    out += r.result ? json_string(std::string(result_text(*r.result))) : "null";
    out += '}';
    return out;
}

}  // namespace ck::referee
