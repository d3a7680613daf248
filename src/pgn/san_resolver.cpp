// Fast SAN resolution (contract in san_resolver.hpp).
#include "pgn/san_resolver.hpp"

#include "pgn/board_geometry.hpp"

namespace ck::pgn::detail {
namespace {

using namespace rules;

constexpr Bitboard FileA = 0x0101010101010101ULL;
constexpr Bitboard file_bb(int f) { return FileA << f; }
constexpr Bitboard rank_bb(int r) { return Bitboard{0xff} << (8 * r); }

// The side to move's king is safe once `from` is vacated, `to` occupied and `captured` removed
// (enemy pieces on `captured` no longer attack).
bool king_safe_after(const Position& pos, Square from, Square to, Square captured) {
    Color us = pos.side_to_move();
    Bitboard occ = pos.occupied();
    Bitboard gone = bb(captured);
    occ = (occ & ~bb(from) & ~gone) | bb(to);
    Square k = type_of(pos.piece_on(from)) == PieceType::King ? to : pos.king_square(us);
    return (pos.attackers_to(k, occ) & pos.pieces(~us) & ~gone) == 0;
}

bool is_promotion_type(PieceType t) {
    return t == PieceType::Knight || t == PieceType::Bishop || t == PieceType::Rook ||
           t == PieceType::Queen;
}

std::optional<Move> resolve_drop(const Position& pos, const MoveText& mt, Square to) {
    const Variant& v = pos.variant();
    Color us = pos.side_to_move();
    PieceType t = mt.piece;
    if (!has_pockets(v) || t == PieceType::None || t == PieceType::King) return std::nullopt;
    if (pos.pocket_count(us, t) == 0 || (pos.occupied() & bb(to))) return std::nullopt;
    if (t == PieceType::Pawn) {
        int rr = relative_rank(us, rank_of(to));
        if (rr == 7 || (rr == 0 && !v.pawn_drop_on_first_rank)) return std::nullopt;
    }
    if (pos.in_check() &&
        (pos.attackers_to(pos.king_square(us), pos.occupied() | bb(to)) & pos.pieces(~us)))
        return std::nullopt;
    return Move::drop(t, to);
}

std::optional<Move> resolve_piece(const Position& pos, const MoveText& mt, Square to) {
    Color us = pos.side_to_move();
    PieceType t = mt.piece;
    if (mt.promotion != PieceType::None || t == PieceType::Pawn || t == PieceType::None)
        return std::nullopt;
    if (pos.pieces(us) & bb(to)) return std::nullopt;
    Bitboard cands = reach(t, to, pos.occupied()) & pos.pieces(us, t);
    if (mt.from_file) cands &= file_bb(*mt.from_file);
    if (mt.from_rank) cands &= rank_bb(*mt.from_rank);
    std::optional<Move> found;
    while (cands) {
        Square from = lsb(cands);
        cands &= cands - 1;
        if (!king_safe_after(pos, from, to, to)) continue;
        if (found) return std::nullopt;  // ambiguous: let parse_move say so
        found = Move::normal(from, to);
    }
    return found;
}

std::optional<Move> resolve_pawn(const Position& pos, const MoveText& mt, Square to) {
    Color us = pos.side_to_move();
    const int up = forward(us);
    Piece own_pawn = make_piece(us, PieceType::Pawn);
    int rr = relative_rank(us, rank_of(to));
    bool last = rr == 7;
    if (last ? !is_promotion_type(mt.promotion) : mt.promotion != PieceType::None)
        return std::nullopt;
    if (rr == 0) return std::nullopt;
    Piece target = pos.piece_on(to);
    Square from = NoSquare;
    Square captured = to;
    bool ep = false;
    if (!mt.from_file || *mt.from_file == file_of(to)) {
        if (is_piece(target)) return std::nullopt;
        Square s1 = static_cast<Square>(to - up);
        if (pos.piece_on(s1) == own_pawn) {
            from = s1;
        } else if (!is_piece(pos.piece_on(s1)) && rr == 3) {
            Square s2 = static_cast<Square>(s1 - up);
            if (pos.piece_on(s2) == own_pawn) from = s2;
        }
    } else {
        int df = *mt.from_file - file_of(to);
        if (df != 1 && df != -1) return std::nullopt;
        Square s = make_square(*mt.from_file, rank_of(to) - up / 8);
        if (pos.piece_on(s) != own_pawn) return std::nullopt;
        if (is_piece(target)) {
            if (color_of(target) == us) return std::nullopt;
        } else if (pos.ep_squares() & bb(to)) {
            ep = true;
            captured = static_cast<Square>(to - up);
            Piece victim = pos.piece_on(captured);
            if (victim != make_piece(~us, PieceType::Pawn)) return std::nullopt;
        } else {
            return std::nullopt;
        }
        from = s;
    }
    if (from == NoSquare) return std::nullopt;
    if (mt.from_rank && rank_of(from) != *mt.from_rank) return std::nullopt;
    if (!king_safe_after(pos, from, to, captured)) return std::nullopt;
    if (ep) return Move::en_passant(from, to);
    if (last) return Move::promotion(from, to, mt.promotion);
    return Move::normal(from, to);
}

}  // namespace

std::optional<Move> fast_resolve(const Position& pos, const MoveText& mt) {
    if (has_placement(pos.variant()) || !mt.to || mt.place || mt.pending_square ||
        mt.pending_choice != PieceType::None)
        return std::nullopt;
    switch (mt.form) {
        case MoveText::Form::Drop: return resolve_drop(pos, mt, *mt.to);
        case MoveText::Form::Piece: return resolve_piece(pos, mt, *mt.to);
        case MoveText::Form::Pawn: return resolve_pawn(pos, mt, *mt.to);
        default: return std::nullopt;
    }
}

}  // namespace ck::pgn::detail
