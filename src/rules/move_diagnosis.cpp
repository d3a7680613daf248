// Why a move failed (contract in move_diagnosis.hpp).
#include "rules/move_diagnosis.hpp"

#include "rules/board_geometry.hpp"
#include "rules/movegen.hpp"

namespace ck::rules::detail {
namespace {

using namespace rules;

constexpr Bitboard FileA = 0x0101010101010101ULL;

std::string color_name(Color c) { return c == Color::White ? "White" : "Black"; }
std::string type_name(PieceType t) { return std::string(type_word(t)); }

// A syntax error that still reads as a pawn promotion gone wrong ("d1=K", "e8=", "f5=Q").
bool looks_like_promotion(std::string_view t) {
    while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
    auto eq = t.find('=');
    if (eq == std::string_view::npos || eq < 2) return false;
    char f = t[eq - 2], r = t[eq - 1];
    return f >= 'a' && f <= 'h' && r >= '1' && r <= '8';
}

Diagnosis drop(const Position& pos, const MoveText& mt,
               const std::array<int, PocketTypes>& captured_promoted) {
    Color us = pos.side_to_move();
    const Variant& v = pos.variant();
    Square to = *mt.to;
    PieceType t = mt.piece;
    std::string what = type_name(t) + " drop on " + square_name(to);
    if (!has_pockets(v))
        return {MoveDefect::DropInStandard,
                what + ": " + std::string(v.pgn_name) + " has no drops"};
    if (t == PieceType::King) return {MoveDefect::IllegalMove, "a king cannot be dropped"};
    if (pos.occupied() & bb(to))
        return {MoveDefect::DropOnOccupied,
                what + ": the square holds a " + type_name(type_of(pos.piece_on(to)))};
    int rr = relative_rank(us, rank_of(to));
    if (t == PieceType::Pawn && (rr == 7 || (rr == 0 && !v.pawn_drop_on_first_rank)))
        return {MoveDefect::PawnDropRank,
                what + ": pawns may not be dropped on the " + (rr == 7 ? "8th" : "1st") + " rank"};
    if (pos.pocket_count(us, t) == 0) {
        int ti = index_of(t);
        if (v.promoted_returns_as_pawn && t != PieceType::Pawn && captured_promoted[ti] > 0)
            return {MoveDefect::DropPromotedPiece, what + ": the captured promoted " +
                                                       type_name(t) + " went to " + color_name(us) +
                                                       "'s pocket as a pawn"};
        return {MoveDefect::DropNotInPocket,
                what + ": " + color_name(us) + " has no " + type_name(t) + " in the pocket"};
    }
    return {MoveDefect::LeavesKingInCheck, what + " does not answer the check"};
}

// Pieces of the named type that could reach the target by geometry alone (pins and checks
// ignored).
Bitboard geometric_candidates(const Position& pos, const MoveText& mt, Square to) {
    Color us = pos.side_to_move();
    if (pos.pieces(us) & bb(to)) return 0;
    Bitboard cands = 0;
    if (mt.piece == PieceType::Pawn) {
        int up = forward(us);
        Piece pawn = make_piece(us, PieceType::Pawn);
        if (!mt.from_file || *mt.from_file == file_of(to)) {
            if (pos.occupied() & bb(to)) return 0;
            int s1 = to - up;
            if (s1 >= 0 && s1 < 64 && pos.piece_on(static_cast<Square>(s1)) == pawn) {
                cands |= bb(static_cast<Square>(s1));
            } else if (s1 >= 0 && s1 < 64 && !is_piece(pos.piece_on(static_cast<Square>(s1))) &&
                       relative_rank(us, rank_of(to)) == 3 &&
                       pos.piece_on(static_cast<Square>(s1 - up)) == pawn) {
                cands |= bb(static_cast<Square>(s1 - up));
            }
        } else {
            int r = rank_of(to) - up / 8;
            int df = *mt.from_file - file_of(to);
            if (r >= 0 && r < 8 && (df == 1 || df == -1) &&
                pos.piece_on(make_square(*mt.from_file, r)) == pawn &&
                ((pos.pieces(~us) & bb(to)) || (pos.ep_squares() & bb(to))))
                cands |= bb(make_square(*mt.from_file, r));
        }
    } else {
        cands = reach(mt.piece, to, pos.occupied()) & pos.pieces(us, mt.piece);
    }
    if (mt.from_file) cands &= FileA << *mt.from_file;
    if (mt.from_rank) cands &= Bitboard{0xff} << (8 * *mt.from_rank);
    return cands;
}

Diagnosis board_move(const Position& pos, MoveText mt) {
    Color us = pos.side_to_move();
    if (!mt.to) return {MoveDefect::IllegalMove, "no target square"};
    Square to = *mt.to;
    if (mt.form == MoveText::Form::LongAlgebraic) {
        if (!mt.from_file || !mt.from_rank)
            return {MoveDefect::IllegalMove, "no piece on the origin square"};
        Piece p = pos.piece_on(make_square(*mt.from_file, *mt.from_rank));
        if (!is_piece(p) || color_of(p) != us)
            return {MoveDefect::IllegalMove,
                    color_name(us) + " has no piece on " +
                        square_name(make_square(*mt.from_file, *mt.from_rank))};
        mt.piece = type_of(p);
    }
    std::string target = square_name(to);
    if (mt.piece == PieceType::Pawn) {
        int rr = relative_rank(us, rank_of(to));
        if (mt.promotion != PieceType::None && rr != 7)
            return {MoveDefect::BadPromotion,
                    "a pawn promotes only on the last rank, not on " + target};
        if (mt.promotion == PieceType::King || mt.promotion == PieceType::Pawn)
            return {MoveDefect::BadPromotion,
                    "a pawn cannot promote to a " + type_name(mt.promotion)};
        bool diagonal = mt.from_file && *mt.from_file != file_of(to);
        if (diagonal && !(pos.occupied() & bb(to))) {
            int up = forward(us);
            int behind = to - up;
            bool pawn_behind =
                rr == 5 && behind >= 0 && behind < 64 &&
                pos.piece_on(static_cast<Square>(behind)) == make_piece(~us, PieceType::Pawn);
            if (pawn_behind && !(pos.ep_squares() & bb(to)))
                return {MoveDefect::IllegalEnPassant, "en passant onto " + target +
                                                          ": the pawn on " +
                                                          square_name(static_cast<Square>(behind)) +
                                                          " did not just advance two squares"};
            if (!(pos.ep_squares() & bb(to)))
                return {MoveDefect::IllegalMove,
                        "pawn capture on " + target + ": nothing to capture"};
        }
        if (geometric_candidates(pos, mt, to)) {
            if (rr == 7 && mt.promotion == PieceType::None)
                return {MoveDefect::BadPromotion, "a pawn reaching " + target + " must promote"};
            return {MoveDefect::LeavesKingInCheck,
                    "pawn to " + target + " leaves " + color_name(us) + "'s king in check"};
        }
        return {MoveDefect::IllegalMove, "no " + color_name(us) + " pawn can reach " + target};
    }
    if (mt.promotion != PieceType::None) return {MoveDefect::BadPromotion, "only pawns promote"};
    Bitboard cands = geometric_candidates(pos, mt, to);
    if (cands) {
        if (mt.piece == PieceType::King)
            return {MoveDefect::LeavesKingInCheck, "the king would stand in check on " + target};
        return {MoveDefect::LeavesKingInCheck, type_name(mt.piece) + " to " + target + " leaves " +
                                                   color_name(us) + "'s king in check"};
    }
    return {MoveDefect::IllegalMove,
            "no " + color_name(us) + " " + type_name(mt.piece) + " can reach " + target};
}

}  // namespace

Diagnosis diagnose(const Position& pos, std::string_view token, const NotationError& err,
                   const std::array<int, PocketTypes>& captured_promoted) {
    {
        MoveList legal;
        generate_legal(pos, legal);
        if (legal.empty()) {
            Color us = pos.side_to_move();
            return {MoveDefect::MoveAfterMate, pos.in_check()
                                                   ? color_name(us) + " is already checkmated"
                                                   : color_name(us) + " is already stalemated"};
        }
    }
    if (err.code == NotationError::Code::Ambiguous) return {MoveDefect::AmbiguousSan, err.message};
    auto parsed = parse_move_text(token);
    if (err.code == NotationError::Code::Syntax || !parsed) {
        if (looks_like_promotion(token)) return {MoveDefect::BadPromotion, err.message};
        return {MoveDefect::MalformedToken, err.message};
    }
    const MoveText& mt = *parsed;
    switch (mt.form) {
        case MoveText::Form::Castle:
            return {MoveDefect::IllegalCastling,
                    std::string(mt.castle_long ? "O-O-O" : "O-O") + " is not legal here"};
        case MoveText::Form::Drop:
            if (!mt.to) return {MoveDefect::MalformedToken, err.message};
            return drop(pos, mt, captured_promoted);
        default:
            return board_move(pos, mt);
    }
}

}  // namespace ck::rules::detail
