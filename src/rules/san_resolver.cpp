// Fast SAN resolution (contract in san_resolver.hpp).
#include "rules/san_resolver.hpp"

#include "rules/board_geometry.hpp"
#include "rules/notation_text.hpp"

namespace ck::rules::detail {
namespace {

using namespace rules;
using notation::is_file;
using notation::is_rank;
using notation::upper_piece;

constexpr Bitboard FileA = 0x0101010101010101ULL;
constexpr Bitboard file_bb(int f) { return FileA << f; }
constexpr Bitboard rank_bb(int r) { return Bitboard{0xff} << (8 * r); }

// The side to move's king is safe once `from` is vacated, `to` occupied and `captured` removed
// (enemy pieces on `captured` no longer attack).
bool king_safe_after(const Position& pos, Square from, Square to, Square captured) {
    Color us = pos.side_to_move();
    // Not in check, not the king, not en passant, and off every line through the king: no
    // enemy attack can be uncovered.
    if (!pos.in_check() && captured == to && type_of(pos.piece_on(from)) != PieceType::King &&
        !on_line(from, pos.king_square(us)))
        return true;
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
    Bitboard cands = pos.pieces(us, t);
    if (mt.from_file) cands &= file_bb(*mt.from_file);
    if (mt.from_rank) cands &= rank_bb(*mt.from_rank);
    Bitboard occ = pos.occupied();
    std::optional<Move> found;
    while (cands) {
        Square from = lsb(cands);
        cands &= cands - 1;
        if (!can_reach(t, from, to, occ)) continue;
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

// Standard castling (king e1/e8 to g/c, rook from h/a): rights, empty path, king not in check
// and not passing or landing on an attacked square (FIDE 3.8.2).
std::optional<Move> resolve_castle(const Position& pos, bool castle_long) {
    Color us = pos.side_to_move();
    bool white = us == Color::White;
    std::uint8_t right = white ? (castle_long ? WhiteQueenSide : WhiteKingSide)
                               : (castle_long ? BlackQueenSide : BlackKingSide);
    if (!(pos.castling_rights() & right) || pos.in_check()) return std::nullopt;
    int r = white ? 0 : 7;
    Square k = make_square(4, r);
    Square rook = make_square(castle_long ? 0 : 7, r);
    if (pos.piece_on(k) != make_piece(us, PieceType::King) ||
        pos.piece_on(rook) != make_piece(us, PieceType::Rook))
        return std::nullopt;
    Bitboard occ = pos.occupied();
    int lo = castle_long ? 1 : 5, hi = castle_long ? 3 : 6;
    for (int f = lo; f <= hi; ++f)
        if (occ & bb(make_square(f, r))) return std::nullopt;
    int klo = castle_long ? 2 : 5, khi = castle_long ? 3 : 6;
    for (int f = klo; f <= khi; ++f)
        if (pos.attackers_to(make_square(f, r), occ) & pos.pieces(~us)) return std::nullopt;
    return Move::castling(k, make_square(castle_long ? 2 : 6, r));
}

}  // namespace

std::optional<MoveText> parse_plain_san(std::string_view t) {
    MoveText mt;
    while (!t.empty() && (t.back() == '+' || t.back() == '#')) {
        (t.back() == '#' ? mt.mate_mark : mt.check_mark) = true;
        t.remove_suffix(1);
    }
    if (!t.empty() && t[0] == 'O' && (t == "O-O" || t == "O-O-O")) {
        mt.form = MoveText::Form::Castle;
        mt.castle_long = t.size() == 5;
        return mt;
    }
    std::size_t n = t.size();
    if (n < 2 || n > 7) return std::nullopt;
    auto square_at = [&](std::size_t i) { return make_square(t[i] - 'a', t[i + 1] - '1'); };
    // Drops: [PNBRQ]?@sq
    if (t[0] == '@' || (n == 4 && t[1] == '@')) {
        std::size_t at = t[0] == '@' ? 0 : 1;
        if (n != at + 3 || !is_file(t[at + 1]) || !is_rank(t[at + 2])) return std::nullopt;
        mt.form = MoveText::Form::Drop;
        mt.piece = at == 0 ? PieceType::Pawn : upper_piece(t[0]).value_or(PieceType::None);
        if (mt.piece == PieceType::None || mt.piece == PieceType::King) return std::nullopt;
        mt.to = square_at(at + 1);
        return mt;
    }
    // Promotion suffix "=Q" (pawn moves only).
    if (n >= 4 && t[n - 2] == '=') {
        PieceType p = upper_piece(t[n - 1]).value_or(PieceType::None);
        if (p == PieceType::None || p == PieceType::Pawn || p == PieceType::King)
            return std::nullopt;
        mt.promotion = p;
        n -= 2;
    }
    if (!is_file(t[n - 2]) || !is_rank(t[n - 1])) return std::nullopt;
    mt.to = square_at(n - 2);
    std::size_t i = 0;
    if (is_file(t[0])) {
        mt.form = MoveText::Form::Pawn;
        mt.piece = PieceType::Pawn;
        if (n == 2) return mt;
        // exd5: file, 'x', square.
        if (n != 4 || t[1] != 'x') return std::nullopt;
        mt.from_file = t[0] - 'a';
        mt.capture = true;
        return mt;
    }
    if (mt.promotion != PieceType::None) return std::nullopt;
    mt.form = MoveText::Form::Piece;
    mt.piece = upper_piece(t[0]).value_or(PieceType::None);
    if (mt.piece == PieceType::None || mt.piece == PieceType::Pawn) return std::nullopt;
    i = 1;
    std::size_t end = n - 2;
    if (i < end && is_file(t[i])) mt.from_file = t[i++] - 'a';
    if (i < end && is_rank(t[i])) mt.from_rank = t[i++] - '1';
    if (i < end && t[i] == 'x') {
        mt.capture = true;
        ++i;
    }
    if (i != end) return std::nullopt;
    return mt;
}

std::optional<Move> fast_resolve(const Position& pos, const MoveText& mt) {
    if (has_placement(pos.variant()) || mt.place || mt.pending_square ||
        mt.pending_choice != PieceType::None)
        return std::nullopt;
    if (mt.form == MoveText::Form::Castle) return resolve_castle(pos, mt.castle_long);
    if (!mt.to) return std::nullopt;
    switch (mt.form) {
        case MoveText::Form::Drop:
            return resolve_drop(pos, mt, *mt.to);
        case MoveText::Form::Piece:
            return resolve_piece(pos, mt, *mt.to);
        case MoveText::Form::Pawn:
            return resolve_pawn(pos, mt, *mt.to);
        default:
            return std::nullopt;
    }
}

}  // namespace ck::rules::detail
