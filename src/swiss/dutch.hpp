#pragma once
// The FIDE (Dutch) system, C.04.3 as in force from 2026 with the basic rules of C.04.1 and the
// general handling rules of C.04.2 (docs/swiss.md says which rules are implemented exactly and
// where the engine knowingly departs from them).
//
// pair_dutch pairs round event.rounds_paired() + 1. Who is paired: every player without an entry
// for that round (a requested bye, a withdrawal marked as a zero-point bye or an absence, is an
// entry). Pairing numbers are the players' start numbers (C.04.2: the initial ranking list,
// late entries included as the file numbers them).
//
// The pairing is built bracket by bracket, from the top scoregroup down; each bracket's choice is
// a maximum-weight matching over all players still unpaired, whose edge weights encode, as bit
// fields from the most significant down (wide_weight.hpp):
//   absolute criteria (C.04.3 C1-C3)   -> no edge at all between players who may not meet
//   completion (C4) and the bye        -> every player paired but at most one, who may get the
//                                         pairing-allocated bye (C2) and has the lowest score
//   pairs and scores in the bracket (C5, C6), then in the next bracket (C7)
//   the bye assignee's unplayed games (C9, 2026)
//   colours (C10-C13: topscorers' colour difference and three in a row in the last round,
//            colour preferences, strong preferences)
//   floats (C14-C21: repeated downfloats and upfloats one and two rounds back, then the scores)
// and, below them, the order in which the rules generate candidates (C.04.3 section 4: MDPs first
// in order, S1 against S2, transpositions before exchanges), applied one player at a time by
// further matchings with a small bonus field.
#include "core/error.hpp"
#include "core/result.hpp"
#include "swiss/event.hpp"

namespace ck::swiss {

core::Result<RoundPairing, core::Error> pair_dutch(const Event& event);

// The colour the Dutch colour allocation rules give `higher`, the higher-ranked player of a
// pair (higher score, then lower pairing number), against `lower` in the next round.
Colour allocate_colour(const Event& event, int higher, int lower);

}  // namespace ck::swiss
