#pragma once
// Standings of a round robin (README "Challenges and tournaments by mail"), from the finished games
// only.
//
// - Points: win 1, draw 1/2, loss 0 — forfeits too. A bye scores nothing and is not a game
//   (in a round robin with an odd count everyone has the same number of byes).
// - Sonneborn-Berger (SB), per game: + the opponent's points for a win, + half of them for a
//   draw, nothing for a loss. In a double round robin each game counts, so beating the same
//   opponent twice adds their points twice. Opponents' points are their current totals, so SB
//   in an unfinished event is provisional.
// - Ranking: points, then SB, then number of wins, then seeding order (the earlier seed first).
//   Players equal on points, SB and wins share a place ("2-3"); seeding only orders the rows.
// Points and SB are kept as exact integers (halves and quarters): no floating point.
#include <cstddef>
#include <string>
#include <vector>

#include "club/tournament_data.hpp"

namespace ck::club {

struct Standing {
    int player = 0;       // index in seeding order
    int half_points = 0;  // points × 2
    int sb_quarters = 0;  // Sonneborn-Berger × 4
    int wins = 0;
    int draws = 0;
    int losses = 0;
    int place_first = 0;  // 1-based places; equal unless shared
    int place_last = 0;
    int games() const { return wins + draws + losses; }
};

// One Standing per player, best first.
std::vector<Standing> standings(const Tournament& t);

// "3", "2½", "½" (U+00BD).
std::string points_text(int half_points);
// Fixed two decimals: "7.25", "0.00".
std::string sb_text(int sb_quarters);
// "2" or, when shared, "2-3".
std::string place_text(const Standing& s);

}  // namespace ck::club
