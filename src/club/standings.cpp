#include "club/standings.hpp"

#include <algorithm>
#include <tuple>

namespace ck::club {
namespace {

// Half points the white and the black player earned in `o` (Pending: none).
std::pair<int, int> half_points_of(Outcome o) {
    switch (o) {
        case Outcome::WhiteWins:
            return {2, 0};
        case Outcome::BlackWins:
            return {0, 2};
        case Outcome::Draw:
            return {1, 1};
        case Outcome::Pending:
            break;
    }
    return {0, 0};
}

void count(Standing& s, int mine) {
    s.half_points += mine;
    if (mine == 2) ++s.wins;
    if (mine == 1) ++s.draws;
    if (mine == 0) ++s.losses;
}

// Ranking key without the seeding order: players equal on it share a place.
auto key(const Standing& s) { return std::make_tuple(s.half_points, s.sb_quarters, s.wins); }

}  // namespace

std::vector<Standing> standings(const Tournament& t) {
    const int n = static_cast<int>(t.players.size());
    std::vector<Standing> by_seed(n);
    for (int i = 0; i < n; ++i) by_seed[i].player = i;
    for (const Pairing& p : t.pairings) {
        if (p.outcome == Outcome::Pending) continue;
        const auto [w, b] = half_points_of(p.outcome);
        count(by_seed[p.white], w);
        count(by_seed[p.black], b);
    }
    // SB per game: score in half points × opponent's half points = quarters of a point.
    for (const Pairing& p : t.pairings) {
        if (p.outcome == Outcome::Pending) continue;
        const auto [w, b] = half_points_of(p.outcome);
        by_seed[p.white].sb_quarters += w * by_seed[p.black].half_points;
        by_seed[p.black].sb_quarters += b * by_seed[p.white].half_points;
    }
    std::vector<Standing> out = by_seed;
    std::stable_sort(out.begin(), out.end(),
                     [](const Standing& a, const Standing& b) { return key(a) > key(b); });
    for (std::size_t i = 0; i < out.size();) {
        std::size_t j = i;
        while (j < out.size() && key(out[j]) == key(out[i])) ++j;
        for (std::size_t k = i; k < j; ++k) {
            out[k].place_first = static_cast<int>(i) + 1;
            out[k].place_last = static_cast<int>(j);
        }
        i = j;
    }
    return out;
}

std::string points_text(int half_points) {
    const int whole = half_points / 2;
    const bool half = half_points % 2 != 0;
    if (whole == 0 && half) return "\xc2\xbd";
    return std::to_string(whole) + (half ? "\xc2\xbd" : "");
}

std::string sb_text(int sb_quarters) {
    static const char* const Fractions[] = {".00", ".25", ".50", ".75"};
    return std::to_string(sb_quarters / 4) + Fractions[sb_quarters % 4];
}

std::string place_text(const Standing& s) {
    if (s.place_first == s.place_last) return std::to_string(s.place_first);
    return std::to_string(s.place_first) + "-" + std::to_string(s.place_last);
}

}  // namespace ck::club
