#include "referee/open_reason.hpp"

#include <cstdlib>

namespace ck::referee {

using rules::Bitboard;
using rules::MoveKind;
using rules::PieceType;
using rules::Square;

namespace {

// Squares strictly between a and b on a line (rank, file or diagonal), else 0.
Bitboard between(Square a, Square b) {
    const int df = rules::file_of(b) - rules::file_of(a),
              dr = rules::rank_of(b) - rules::rank_of(a);
    if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) return 0;
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    Bitboard out = 0;
    int f = rules::file_of(a) + sf, r = rules::rank_of(a) + sr;
    while (f != rules::file_of(b) || r != rules::rank_of(b)) {
        out |= rules::bb(rules::make_square(f, r));
        f += sf;
        r += sr;
    }
    return out;
}

}  // namespace

std::string open_play_reason(const rules::Position& pos, rules::Move m) {
    const Bitboard occ = pos.occupied();
    const bool check = pos.in_check();
    if (m.is_drop()) {
        if (occ & rules::bb(m.to())) return "that square is occupied";
        return check ? "the drop does not answer the check" : "that drop is not legal here";
    }
    const PieceType t = rules::type_of(pos.piece_on(m.from()));
    if (m.kind() == MoveKind::Castling) {
        if (check) return "you cannot castle out of check";
        const int back = rules::rank_of(m.from());
        const Square rook = rules::make_square(rules::file_of(m.to()) == 6 ? 7 : 0, back);
        if (between(m.from(), rook) & occ) return "the squares between king and rook must be empty";
        return "the king may not pass through or land on an attacked square";
    }
    if (t == PieceType::Pawn) {
        if (rules::file_of(m.from()) != rules::file_of(m.to())) {
            if (!(occ & rules::bb(m.to())) && !(pos.ep_squares() & rules::bb(m.to())))
                return "there is nothing to take there";
        } else if ((between(m.from(), m.to()) | rules::bb(m.to())) & occ) {
            return "a pawn cannot advance onto or through a piece";
        }
    } else if (t != PieceType::Knight && t != PieceType::King) {
        if (between(m.from(), m.to()) & occ) return "the way is blocked";
    }
    if (t == PieceType::King) return "the king may not move onto an attacked square";
    return check ? "that does not answer the check" : "that would leave your king in check";
}

}  // namespace ck::referee
