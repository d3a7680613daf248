#include "swiss/player_state.hpp"

#include <algorithm>

namespace ck::swiss {

bool PlayerState::has_met(int other) const {
    return std::find(met.begin(), met.end(), other) != met.end();
}

namespace {

// C.04.3 1.4: a downfloat for the higher-scored player of a game between different scores, an
// upfloat for the lower; a downfloat also for scoring more than a loss without playing.
Float float_of(const Event& event, const Player& p, int round) {
    if (round < 1) return Float::None;
    const RoundEntry& e = p.round(round);
    if (!is_played(e.outcome)) {
        return event.points.points(e.outcome) > event.points.loss ? Float::Down : Float::None;
    }
    const Player* o = event.find(e.opponent);
    if (o == nullptr) return Float::None;
    const int mine = event.score(p, round - 1);
    const int theirs = event.score(*o, round - 1);
    return mine > theirs ? Float::Down : mine < theirs ? Float::Up : Float::None;
}

}  // namespace

std::vector<PlayerState> player_states(const Event& event, int round) {
    std::vector<PlayerState> out;
    out.reserve(event.players.size());
    for (const auto& p : event.players) {
        PlayerState s;
        s.number = p.number;
        s.score = event.score(p, round - 1);
        int run = 0;
        Colour last = Colour::None;
        for (int r = 1; r < round; ++r) {
            const RoundEntry& e = p.round(r);
            if (is_played(e.outcome)) {
                ++s.played;
                s.colour_difference += e.colour == Colour::White ? 1 : -1;
                s.colours.push_back(e.colour);
                run = e.colour == last ? run + 1 : 1;
                last = e.colour;
                s.met.push_back(e.opponent);
            } else if (e.outcome == Outcome::PairingBye ||
                       event.points.points(e.outcome) >= event.points.win) {
                s.bye_allowed = false;
            }
        }
        const int imbalance = s.imbalance();
        const Colour lower = s.colour_difference > 0 ? Colour::Black : Colour::White;
        // C.04.3 1.7 (A.6): absolute, strong and mild colour preferences.
        if (imbalance > 1)
            s.preference = lower;
        else if (run > 1)
            s.preference = opposite(last);
        else if (imbalance > 0)
            s.preference = lower;
        else if (run > 0)
            s.preference = opposite(last);
        s.absolute = imbalance > 1 || run > 1;
        s.strong = !s.absolute && imbalance > 0;
        s.repeated = run > 1 ? last : Colour::None;
        s.float1 = float_of(event, p, round - 1);
        s.float2 = float_of(event, p, round - 2);
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace ck::swiss
