// Where pieces could come from (contract in board_geometry.hpp), from the rules' attack tables:
// a leaper's or slider's attacks are symmetric, so the squares that reach `to` are the attacks
// from `to`.
#include "rules/board_geometry.hpp"

#include "rules/attacks.hpp"

namespace ck::rules::detail {

Bitboard reach(PieceType t, Square to, Bitboard occ) { return attacks::piece(t, to, occ); }

bool can_reach(PieceType t, Square from, Square to, Bitboard occ) {
    return from != to && (attacks::piece(t, from, occ) & bb(to)) != 0;
}

}  // namespace ck::rules::detail
