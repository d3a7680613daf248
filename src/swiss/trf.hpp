#pragma once
// FIDE's tournament report file (TRF-2026, and TRF(x)/TRF(bx) as JaVaFo and bbpPairings read
// it; docs/swiss.md "Tournament report files"). What is read and written:
//   012 NAME          the event's name
//   001 ...           one line per player: start (pairing) number in columns 5-8, sex 10,
//                     title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE id 58-68,
//                     birth date 70-79, points 81-84, rank 86-89, then one 10-column block per
//                     round from column 92: opponent (4 digits, 0000 for none), colour (w, b or
//                     -), result: 1 = 0 (played), + - (forfeit), U (pairing-allocated bye),
//                     H F Z (half, full, zero-point bye), blank (not in the round); W D L are
//                     read as 1 = 0.
//   XXR N / 142 N     the number of rounds
//   XXC white1|black1 / 152 W|B   the colour of the first board's higher player in round 1
//   BBW BBD BBL BBZ BBF BBU pp.p  bbpPairings' point system (win, draw, loss, zero-point bye,
//                     forfeit loss, pairing-allocated bye); written only when not the default
// Other lines are ignored on reading. The points column is written from the results; on reading
// it is not trusted (scores are recomputed from the results and the point system).
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/result.hpp"
#include "swiss/event.hpp"

namespace ck::swiss {

// `source` names the file in errors ("FILE: line N: ...").
core::Result<Event, core::Error> read_trf(std::string_view text, std::string_view source);

// The whole event as a TRF; read_trf(write_trf(e)) gives back e's pairings, colours, results,
// byes and point system.
std::string write_trf(const Event& event);

}  // namespace ck::swiss
