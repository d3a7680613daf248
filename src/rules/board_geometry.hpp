#pragma once
// Private helper of rules::parse_move: where pieces could come from, by board geometry only (no
// pins, no checks), read from the rules' attack tables (attacks.hpp; a Position must exist, its
// factories fill them). Used by the fast SAN resolver and by the diagnosis of failed moves.
#include "rules/types.hpp"

namespace ck::rules::detail {

// Squares from which a knight, bishop, rook, queen or king (t) would reach `to` on a board with
// occupancy occ (slider rays stop at the first occupied square, which is included).
rules::Bitboard reach(rules::PieceType t, rules::Square to, rules::Bitboard occ);

// A knight, bishop, rook, queen or king (t) on `from` reaches `to` on a board with occupancy occ.
bool can_reach(rules::PieceType t, rules::Square from, rules::Square to, rules::Bitboard occ);

// from, to and the square k lie on one rank, file or diagonal.
inline bool on_line(rules::Square a, rules::Square b) {
    int df = rules::file_of(a) - rules::file_of(b), dr = rules::rank_of(a) - rules::rank_of(b);
    return df == 0 || dr == 0 || df == dr || df == -dr;
}

// +8 for White, -8 for Black: one step forward in square numbers.
constexpr int forward(rules::Color c) { return c == rules::Color::White ? 8 : -8; }

// Index of the lowest set bit; b must be non-zero.
inline rules::Square lsb(rules::Bitboard b) {
    return static_cast<rules::Square>(__builtin_ctzll(b));
}
inline int popcount(rules::Bitboard b) { return __builtin_popcountll(b); }

}  // namespace ck::rules::detail
