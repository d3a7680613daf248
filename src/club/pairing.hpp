#pragma once
// Round-robin pairings by the Berger tables (FIDE Handbook C.05, Annex 1).
//
// For an even count N, round r (1..N-1): lay the players 1..N-1 out in a circle starting at
// s = 1 + ((r-1)·N/2 mod (N-1)); the first of them meets player N (White in odd rounds, Black
// in even ones), and the k-th from the start meets the k-th from the end (k = 1..N/2-1), the
// earlier one White. This reproduces the FIDE tables exactly (round 2 of 8: 8-5 6-4 7-3 1-2).
// An odd count plays as N+1 with a phantom last player: whoever meets it has the bye, and that
// board is left out. Within one cycle every player's White and Black counts differ by at most
// one.
//
// A double round robin repeats the cycle with colours reversed, rounds numbered on from the
// first cycle. FIDE's advice to swap the first cycle's last two rounds (against three games in a
// row with one colour) is not applied: in correspondence play every game starts at once.
#include <vector>

#include "club/tournament_data.hpp"

namespace ck::club {

struct Pair {
    int white = 0;  // 0-based player indices
    int black = 0;
};

// N-1 for an even player count, N for an odd one.
int rounds_per_cycle(int players);
// Round `round` (1..rounds_per_cycle) of one cycle, boards in the table's order, bye omitted.
std::vector<Pair> berger_round(int players, int round);
// Every game of the event, pending, by round then board.
std::vector<Pairing> round_robin(int players, Kind kind);

}  // namespace ck::club
