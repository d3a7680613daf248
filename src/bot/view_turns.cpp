#include "bot/view_turns.hpp"

namespace ck::bot {

using referee::Announcement;
using referee::AnnouncementType;

std::vector<Turn> split_turns(const std::vector<Announcement>& heard) {
    std::vector<Turn> turns;
    Turn cur;
    cur.first = 0;
    const int n = static_cast<int>(heard.size());
    for (int i = 0; i < n; ++i) {
        const AnnouncementType t = heard[i].type;
        if (t == AnnouncementType::Moved) {
            if (cur.moved >= 0) {  // a new turn starts with a bare `moved`
                cur.end = i;
                turns.push_back(cur);
                cur = Turn{~cur.side, i, -1, i};
            }
            cur.moved = i;
            continue;
        }
        if (cur.moved >= 0 && !referee::follows_move(t)) {
            cur.end = i;
            turns.push_back(cur);
            cur = Turn{~cur.side, i, -1, i};
        }
    }
    cur.end = n;
    if (cur.moved >= 0 || cur.first < n || turns.empty()) turns.push_back(cur);
    return turns;
}

TurnSoFar turn_so_far(const std::vector<Announcement>& heard, rules::Color player) {
    TurnSoFar s;
    const auto turns = split_turns(heard);
    if (turns.empty()) return s;
    const Turn& t = turns.back();
    if (t.complete() || t.side != player) return s;
    for (int i = t.first; i < t.end; ++i) {
        const Announcement& a = heard[i];
        if (a.type == AnnouncementType::Any) {
            s.asked_any = true;
            s.any_try = a.answer == "try";
        } else if (a.type == AnnouncementType::Illegal && !a.attempt.empty()) {
            ++s.attempts;
            s.refused.push_back(a.attempt);
            if (s.any_try && a.answer == "no") s.failed_try = true;
        }
    }
    return s;
}

rules::Square last_loss_square(const std::vector<Announcement>& heard, rules::Color player) {
    const auto turns = split_turns(heard);
    for (int k = static_cast<int>(turns.size()) - 1; k >= 0; --k) {
        const Turn& t = turns[k];
        if (!t.complete()) continue;
        if (t.side == player) return rules::NoSquare;
        for (int i = t.moved; i < t.end; ++i)
            if (heard[i].type == AnnouncementType::Capture && !heard[i].square.empty())
                if (auto s = rules::parse_square(heard[i].square)) return *s;
        return rules::NoSquare;
    }
    return rules::NoSquare;
}

}  // namespace ck::bot
