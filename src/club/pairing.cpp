#include "club/pairing.hpp"

#include <cassert>

namespace ck::club {

int rounds_per_cycle(int players) { return players % 2 == 0 ? players - 1 : players; }

std::vector<Pair> berger_round(int players, int round) {
    assert(players >= 2 && round >= 1 && round <= rounds_per_cycle(players));
    const int n = players % 2 == 0 ? players : players + 1;  // with the phantom, if odd
    const int m = n - 1;                                     // players on the circle
    const int start = ((round - 1) * (n / 2)) % m;           // 0-based: player start+1
    auto at = [&](int k) { return (start + k) % m; };        // k-th on the circle, 0-based
    std::vector<Pair> out;
    out.reserve(n / 2);
    const int last = n - 1;  // player N, 0-based
    const Pair first = round % 2 == 1 ? Pair{at(0), last} : Pair{last, at(0)};
    if (last < players) out.push_back(first);  // else: at(0) meets the phantom, the bye
    for (int k = 1; k < n / 2; ++k) out.push_back(Pair{at(k), at(m - k)});
    return out;
}

std::vector<Pairing> round_robin(int players, Kind kind) {
    const int per_cycle = rounds_per_cycle(players);
    std::vector<Pairing> out;
    for (int cycle = 0; cycle < (kind == Kind::Double ? 2 : 1); ++cycle) {
        for (int r = 1; r <= per_cycle; ++r) {
            for (const Pair& p : berger_round(players, r)) {
                Pairing g;
                g.round = cycle * per_cycle + r;
                g.white = cycle == 0 ? p.white : p.black;
                g.black = cycle == 0 ? p.black : p.white;
                out.push_back(g);
            }
        }
    }
    return out;
}

}  // namespace ck::club
