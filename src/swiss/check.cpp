#include "swiss/check.hpp"

#include <algorithm>

#include "swiss/player_state.hpp"

namespace ck::swiss {

std::vector<int> players_to_pair(const Event& event) {
    const int round = event.rounds_paired() + 1;
    std::vector<int> out;
    for (const auto& p : event.players)
        if (static_cast<int>(p.rounds.size()) < round) out.push_back(p.number);
    return out;
}

std::vector<std::string> check_round(const Event& event, const RoundPairing& pairing) {
    std::vector<std::string> problems;
    const int round = event.rounds_paired() + 1;
    const auto states = player_states(event, round);
    const auto to_pair = players_to_pair(event);
    const std::string where = "round " + std::to_string(round) + ": ";
    std::vector<int> seen(event.players.size() + 1, 0);
    auto count = [&](int n) {
        if (n < 1 || static_cast<std::size_t>(n) > event.players.size()) {
            problems.push_back(where + "no player " + std::to_string(n));
            return false;
        }
        ++seen[static_cast<std::size_t>(n)];
        return true;
    };
    for (const auto& b : pairing.boards) {
        if (!count(b.white) || !count(b.black)) continue;
        const auto& w = states[static_cast<std::size_t>(b.white - 1)];
        const auto& k = states[static_cast<std::size_t>(b.black - 1)];
        if (w.has_met(b.black))
            problems.push_back(where + std::to_string(b.white) + " and " + std::to_string(b.black) +
                               " have met before (C1)");
        const bool last = round >= event.total_rounds;
        const int threshold = (round - 1) * std::max(event.points.win, event.points.draw) / 2;
        const bool exempt = last && (w.score > threshold || k.score > threshold);
        auto colour_ok = [&](const PlayerState& s, Colour c, int number) {
            const int diff = s.colour_difference + (c == Colour::White ? 1 : -1);
            const std::size_t n = s.colours.size();
            const bool third = n >= 2 && s.colours[n - 1] == c && s.colours[n - 2] == c;
            if (!exempt && (diff > 2 || diff < -2))
                problems.push_back(where + "player " + std::to_string(number) +
                                   " would have a colour difference of " + std::to_string(diff) +
                                   " (C3)");
            if (!exempt && third)
                problems.push_back(where + "player " + std::to_string(number) +
                                   " would have the same colour three times in a row (C3)");
        };
        colour_ok(w, Colour::White, b.white);
        colour_ok(k, Colour::Black, b.black);
    }
    if (pairing.bye != 0 && count(pairing.bye)) {
        if (!states[static_cast<std::size_t>(pairing.bye - 1)].bye_allowed)
            problems.push_back(where + "player " + std::to_string(pairing.bye) +
                               " may not get the pairing-allocated bye again (C2)");
        if (to_pair.size() % 2 == 0)
            problems.push_back(where + "a bye with an even number of players");
    }
    if (pairing.bye == 0 && to_pair.size() % 2 == 1)
        problems.push_back(where + "no bye with an odd number of players");
    for (std::size_t n = 1; n < seen.size(); ++n) {
        const bool should =
            std::find(to_pair.begin(), to_pair.end(), static_cast<int>(n)) != to_pair.end();
        if (seen[n] > 1)
            problems.push_back(where + "player " + std::to_string(n) + " paired twice");
        if (seen[n] == 0 && should)
            problems.push_back(where + "player " + std::to_string(n) + " not paired");
        if (seen[n] > 0 && !should)
            problems.push_back(where + "player " + std::to_string(n) +
                               " is not in this round but paired");
    }
    return problems;
}

}  // namespace ck::swiss
