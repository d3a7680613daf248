// Own-board move analysis: the `no` / `impossible` line of docs/referee-protocol.md.
#include "referee/own_board.hpp"

#include <cstdlib>

namespace ck::referee {

using rules::Bitboard;
using rules::Color;
using rules::Move;
using rules::MoveKind;
using rules::MoveList;
using rules::MoveText;
using rules::Piece;
using rules::PieceType;
using rules::Square;

namespace {

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

constexpr int KnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                   {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int KingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                 {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

constexpr PieceType PromotionTypes[4] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                         PieceType::Knight};

}  // namespace

OwnBoard OwnBoard::of(const rules::Position& pos, Color side) {
    OwnBoard b;
    b.variant_ = &pos.variant();
    b.side_ = side;
    for (Square s = 0; s < 64; ++s) {
        Piece p = pos.piece_on(s);
        bool mine = rules::is_piece(p) && rules::color_of(p) == side;
        b.board_[s] = mine ? p : Piece::NoPiece;
        if (mine) {
            b.own_ |= rules::bb(s);
            if (pos.is_promoted(s)) b.promoted_ |= rules::bb(s);
        }
    }
    for (int t = 0; t < rules::PocketTypes; ++t)
        b.pocket_[t] = pos.pocket_count(side, static_cast<PieceType>(t));
    const std::uint8_t mask = side == Color::White ? (rules::WhiteKingSide | rules::WhiteQueenSide)
                                                   : (rules::BlackKingSide | rules::BlackQueenSide);
    b.castling_ = pos.castling_rights() & mask;
    return b;
}

OwnBoard OwnBoard::with_choice(PieceType t) const {
    OwnBoard b = *this;
    for (Square s = 0; s < 64; ++s) {
        const Piece p = board_[s];
        if (rules::is_piece(p) && rules::type_of(p) == PieceType::Pawn &&
            rules::relative_rank(side_, rules::rank_of(s)) == 7) {
            b.board_[s] = rules::make_piece(side_, t);
            b.promoted_ |= rules::bb(s);
        }
    }
    return b;
}

void OwnBoard::generate(MoveList& out) const {
    for (Square s = 0; s < 64; ++s) {
        Piece p = board_[s];
        if (!rules::is_piece(p)) continue;
        if (rules::type_of(p) == PieceType::Pawn)
            add_pawn_moves(s, out);
        else
            add_piece_moves(s, rules::type_of(p), out);
    }
    add_castling(out);
    add_drops(out);
}

void OwnBoard::add_pawn_moves(Square from, MoveList& out) const {
    const int dir = side_ == Color::White ? 1 : -1;
    const int file = rules::file_of(from), rank = rules::rank_of(from);
    const int rel = rules::relative_rank(side_, rank);
    if (rel == 7) return;  // Putback: waits for its owner's promotion choice, moves no further
    auto push = [&](Move base, Square to) {
        if (rules::relative_rank(side_, rules::rank_of(to)) == 7) {
            for (PieceType t : PromotionTypes) out.push(Move::promotion(from, to, t));
        } else {
            out.push(base);
        }
    };
    // Advances: one step; two from the 2nd rank; from the 1st rank as far as the variant allows.
    int max_step = rel == 1 ? 2 : 1;
    if (rel == 0) max_step = variant_->first_rank_pawn_max_step;
    for (int step = 1; step <= max_step; ++step) {
        int r = rank + dir * step;
        if (!on_board(file, r)) break;
        Square to = rules::make_square(file, r);
        if (own_ & rules::bb(to)) break;
        push(Move::normal(from, to), to);
    }
    // Captures: any diagonal square not own might hold an enemy unit.
    for (int df : {-1, 1}) {
        int f = file + df, r = rank + dir;
        if (!on_board(f, r)) continue;
        Square to = rules::make_square(f, r);
        if (own_ & rules::bb(to)) continue;
        push(Move::normal(from, to), to);
    }
}

void OwnBoard::add_piece_moves(Square from, PieceType t, MoveList& out) const {
    const int file = rules::file_of(from), rank = rules::rank_of(from);
    auto step_moves = [&](const int(*steps)[2], int n) {
        for (int i = 0; i < n; ++i) {
            int f = file + steps[i][0], r = rank + steps[i][1];
            if (!on_board(f, r)) continue;
            Square to = rules::make_square(f, r);
            if (!(own_ & rules::bb(to))) out.push(Move::normal(from, to));
        }
    };
    auto slide_moves = [&](const int(*dirs)[2]) {
        for (int i = 0; i < 4; ++i) {
            for (int f = file + dirs[i][0], r = rank + dirs[i][1]; on_board(f, r);
                 f += dirs[i][0], r += dirs[i][1]) {
                Square to = rules::make_square(f, r);
                if (own_ & rules::bb(to)) break;
                out.push(Move::normal(from, to));
            }
        }
    };
    switch (t) {
        case PieceType::Knight:
            step_moves(KnightSteps, 8);
            break;
        case PieceType::King:
            step_moves(KingSteps, 8);
            break;
        case PieceType::Bishop:
            slide_moves(BishopDirs);
            break;
        case PieceType::Rook:
            slide_moves(RookDirs);
            break;
        case PieceType::Queen:
            slide_moves(BishopDirs);
            slide_moves(RookDirs);
            break;
        default:
            break;
    }
}

// Castling as the rules know it (standard squares): with the right, no own piece between king
// and rook; attacked or unseen-occupied squares are the true board's business (`no`).
void OwnBoard::add_castling(MoveList& out) const {
    const int back = side_ == Color::White ? 0 : 7;
    const Square king = rules::make_square(4, back);
    if (board_[king] != rules::make_piece(side_, PieceType::King)) return;
    const bool white = side_ == Color::White;
    struct Side {
        std::uint8_t right;
        int rook_file, king_to_file;
    };
    const Side sides[2] = {
        {static_cast<std::uint8_t>(white ? rules::WhiteKingSide : rules::BlackKingSide), 7, 6},
        {static_cast<std::uint8_t>(white ? rules::WhiteQueenSide : rules::BlackQueenSide), 0, 2}};
    for (const Side& s : sides) {
        if (!(castling_ & s.right)) continue;
        const Square rook = rules::make_square(s.rook_file, back);
        if (board_[rook] != rules::make_piece(side_, PieceType::Rook)) continue;
        bool clear = true;
        const int lo = s.rook_file < 4 ? s.rook_file + 1 : 5;
        const int hi = s.rook_file < 4 ? 3 : 6;
        for (int f = lo; f <= hi; ++f)
            if (own_ & rules::bb(rules::make_square(f, back))) clear = false;
        if (clear) out.push(Move::castling(king, rules::make_square(s.king_to_file, back)));
    }
}

void OwnBoard::add_drops(MoveList& out) const {
    for (int t = 0; t < rules::PocketTypes; ++t) {
        if (pocket_[t] == 0) continue;
        const PieceType type = static_cast<PieceType>(t);
        for (Square s = 0; s < 64; ++s) {
            if (own_ & rules::bb(s)) continue;
            if (type == PieceType::Pawn) {
                const int rel = rules::relative_rank(side_, rules::rank_of(s));
                if (rel == 7) continue;
                if (rel == 0 && !variant_->pawn_drop_on_first_rank) continue;
            }
            out.push(Move::drop(type, s));
        }
    }
}

namespace {

// Does own-board move m fit what the text names (promotion aside)?
bool fits(const OwnBoard& board, const MoveText& text, Move m) {
    const bool drop = m.is_drop();
    const bool castle = m.kind() == MoveKind::Castling;
    switch (text.form) {
        case MoveText::Form::Castle: {
            if (!castle) return false;
            const bool long_side = rules::file_of(m.to()) == 2;
            return long_side == text.castle_long;
        }
        case MoveText::Form::Drop:
            return drop && m.piece() == text.piece && text.to && m.to() == *text.to;
        case MoveText::Form::LongAlgebraic: {
            if (drop || !text.to || !text.from_file || !text.from_rank) return false;
            const Square from = rules::make_square(*text.from_file, *text.from_rank);
            return m.from() == from && m.to() == *text.to;
        }
        case MoveText::Form::Pawn: {
            if (drop || castle || !text.to || m.to() != *text.to) return false;
            if (rules::type_of(board.piece_on(m.from())) != PieceType::Pawn) return false;
            const int from_file = text.from_file ? *text.from_file : rules::file_of(m.to());
            if (rules::file_of(m.from()) != from_file) return false;
            return !text.from_rank || rules::rank_of(m.from()) == *text.from_rank;
        }
        case MoveText::Form::Piece: {
            if (drop || castle || !text.to || m.to() != *text.to) return false;
            if (rules::type_of(board.piece_on(m.from())) != text.piece) return false;
            if (text.from_file && rules::file_of(m.from()) != *text.from_file) return false;
            return !text.from_rank || rules::rank_of(m.from()) == *text.from_rank;
        }
    }
    return false;
}

// Why a drop onto a square not one's own cannot be: the pocket holds none of that piece, or a
// pawn would stand on the last rank, or on the first where the variant forbids it (README,
// "Variants"). Only the player's own pocket and the rules are named: nothing hidden.
static std::string drop_reason(const OwnBoard& board, const MoveText& text) {
    if (text.piece != PieceType::None && board.in_pocket(text.piece) == 0)
        return "you have no such piece in hand";
    if (text.piece == PieceType::Pawn && text.to) {
        const int rel = rules::relative_rank(board.side(), rules::rank_of(*text.to));
        if (rel == 7) return "no pawn drops on the last rank";
        if (rel == 0) return "no pawn drops on the first rank";
    }
    return "you have no such piece to drop there";
}

// Why nothing on the own board fits: plain words for the mover (and for open play's `reason`).
std::string impossible_reason(const OwnBoard& board, const MoveText& text, bool promotion_seen) {
    if (promotion_seen) return "that move is not a promotion";
    switch (text.form) {
        case MoveText::Form::Castle:
            return "castling is not possible (no right, or a piece of yours is in the way)";
        case MoveText::Form::Drop:
            if (text.to && (board.own() & rules::bb(*text.to)))
                return "one of your pieces stands there";
            return drop_reason(board, text);
        case MoveText::Form::LongAlgebraic:
            if (text.from_file && text.from_rank &&
                !rules::is_piece(
                    board.piece_on(rules::make_square(*text.from_file, *text.from_rank))))
                return "you have no piece on that square";
            return "that piece cannot move there";
        default:
            if (text.to && (board.own() & rules::bb(*text.to)))
                return "one of your pieces stands there";
            return "none of your pieces can move there";
    }
}

}  // namespace

OwnResolution resolve_on_own_board(const OwnBoard& board, const MoveText& text) {
    MoveList all;
    board.generate(all);
    MoveList fitting;
    bool any_promotion = false;
    for (Move m : all) {
        if (!fits(board, text, m)) continue;
        if (m.kind() == MoveKind::Promotion) any_promotion = true;
        fitting.push(m);
    }
    OwnResolution r;
    if (any_promotion && text.promotion == PieceType::None) {
        r.kind = OwnResolution::Kind::NeedsPiece;
        r.reason = "a promotion needs its piece, as in e8=Q";
        return r;
    }
    MoveList chosen;
    bool promotion_mismatch = false;
    for (Move m : fitting) {
        if (m.kind() == MoveKind::Promotion) {
            if (m.piece() == text.promotion) chosen.push(m);
        } else if (text.promotion == PieceType::None) {
            chosen.push(m);
        } else {
            promotion_mismatch = true;
        }
    }
    if (chosen.empty()) {
        r.kind = OwnResolution::Kind::Impossible;
        r.reason = impossible_reason(board, text, promotion_mismatch);
    } else if (chosen.size() > 1) {
        // Only the player's own pieces are named: nothing they do not know.
        std::string from;
        for (int i = 0; i < chosen.size(); ++i)
            from += std::string(i == 0                   ? ""
                                : i + 1 == chosen.size() ? " and "
                                                         : ", ") +
                    rules::square_name(chosen[i].from());
        r.kind = OwnResolution::Kind::Ambiguous;
        r.reason = "several of your pieces can make that move (from " + from + "): say which";
    } else {
        r.kind = OwnResolution::Kind::Move;
        r.move = chosen[0];
    }
    return r;
}

bool is_pawn_capture(const OwnBoard& board, Move m) {
    return !m.is_drop() && m.kind() != MoveKind::Castling &&
           rules::type_of(board.piece_on(m.from())) == PieceType::Pawn &&
           rules::file_of(m.from()) != rules::file_of(m.to()) &&
           std::abs(rules::rank_of(m.to()) - rules::rank_of(m.from())) == 1;
}

bool same_intent(Move own_move, Move legal) {
    if (own_move.from() != legal.from() || own_move.to() != legal.to()) return false;
    switch (own_move.kind()) {
        case MoveKind::Drop:
            return legal.is_drop() && legal.piece() == own_move.piece();
        case MoveKind::Castling:
            return legal.kind() == MoveKind::Castling;
        case MoveKind::Promotion:
            return legal.kind() == MoveKind::Promotion && legal.piece() == own_move.piece();
        default:
            return legal.kind() == MoveKind::Normal || legal.kind() == MoveKind::EnPassant;
    }
}

}  // namespace ck::referee
