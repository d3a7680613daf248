#pragma once
// Standings of a Swiss event with the FIDE tie-breaks (FIDE Handbook C.07, the regulations
// applied from 2023; docs/swiss.md "Tie-breaks"). Points are in tenths, as in swiss::Event.
//
// Scores count the rounds paired so far: games over, the pairing-allocated bye, requested byes
// and the rounds after a withdrawal (zero-point byes); a game still pending counts nothing yet.
// Unplayed rounds (C.07 article 16, as this code reads it):
// - A participant's own unplayed round (a bye of any kind, a forfeit won or lost, a round after
//   withdrawing) is a game against a dummy opponent whose score is the participant's own
//   score; it adds that score to Buchholz and (that score × the points the round gave) to
//   Sonneborn-Berger.
// - For the tie-breaks of the others, a participant's score is adjusted: each voluntary
//   unplayed round (a requested bye, a forfeit loss, a round after withdrawing) counts as a
//   draw instead of what it scored. The pairing-allocated bye and a forfeit win count as scored.
// Tie-breaks:
//   BH     Buchholz: the sum of the opponents' (adjusted) scores, dummy opponents included.
//   BH-C1  Buchholz cut 1: BH without its least contribution; a voluntary unplayed round's
//          contribution is the first cut (C.07: unplayed rounds are cut first).
//   SB     Sonneborn-Berger: the sum of (opponent's adjusted score × points scored against them),
//          in hundredths of a point.
//   DE     direct encounter: among the participants equal on points and on every tie-break
//          before DE in the event's list, the points each scored in the games among them, when
//          every pair of them met; otherwise (or alone) 0 for each: DE does not separate them.
//   WIN    the rounds in which the participant obtained as many points as a win, with or
//          without playing (wins, forfeit wins, full-point byes, a pairing-allocated bye worth a
//          win).
// Ranking: points, then the tie-breaks in the event's order, then seed (the earlier first);
// players equal on points and every tie-break share a place.
#include <vector>

#include "club/tournament.hpp"
#include "swiss/event.hpp"

namespace ck::club {

struct SwissStanding {
    int player = 0;              // seed, 0-based
    int points = 0;              // tenths
    std::vector<int> tiebreaks;  // in the order of t.swiss.tiebreaks (tiebreak_text's units)
    int place_first = 0;
    int place_last = 0;
};

// One standing per player, best first.
std::vector<SwissStanding> swiss_standings(const Tournament& t);

// The tie-break of `kind` for every player of `event` over rounds 1..`rounds`, by pairing
// number - 1 (`event`'s points system). DE needs the groups: `group[i]` is the tie group of
// player i (players of one group are equal on what precedes DE); ignored for the others.
std::vector<int> tiebreak_values(const swiss::Event& event, int rounds, Tiebreak kind,
                                 const std::vector<int>& group = {});

// A value as shown: BH, BH-C1, DE as points ("12.5"), SB with two decimals ("30.25"), WIN as
// a count.
std::string tiebreak_text(Tiebreak kind, int value);
// The column heading: "BH", "BH-C1", "SB", "DE", "WIN".
const char* tiebreak_heading(Tiebreak kind);
// Tenths as points: "3", "2.5", "0.5".
std::string tenths_text(int tenths);

}  // namespace ck::club
