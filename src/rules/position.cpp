// Position: board state, make/undo with an undo stack, incremental Zobrist key.
// Rules: docs/referee-protocol.md (variant table); Replacement/Putback per replacement-putback.md.
#include "rules/position.hpp"

#include <cassert>

#include "rules/attacks.hpp"
#include "rules/bitboard.hpp"
#include "rules/move_generator.hpp"
#include "rules/zobrist.hpp"

namespace ck::rules {
namespace {

// Castling rights that survive a move touching the square (king or rook home squares).
constexpr std::uint8_t castling_mask(Square s) {
    switch (s) {
        case 0:
            return static_cast<std::uint8_t>(~WhiteQueenSide & 15);  // a1
        case 4:
            return static_cast<std::uint8_t>(~(WhiteKingSide | WhiteQueenSide) & 15);  // e1
        case 7:
            return static_cast<std::uint8_t>(~WhiteKingSide & 15);  // h1
        case 56:
            return static_cast<std::uint8_t>(~BlackQueenSide & 15);  // a8
        case 60:
            return static_cast<std::uint8_t>(~(BlackKingSide | BlackQueenSide) & 15);  // e8
        case 63:
            return static_cast<std::uint8_t>(~BlackKingSide & 15);  // h8
        default:
            return 15;
    }
}

// The type a captured unit has in the capturer's pocket.
PieceType pocket_type(const Variant& v, PieceType t, bool promoted) {
    return promoted && v.promoted_returns_as_pawn ? PieceType::Pawn : t;
}

}  // namespace

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    by_color_[index_of(color_of(p))] |= bb(s);
    by_type_[index_of(type_of(p))] |= bb(s);
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    by_color_[index_of(color_of(p))] &= ~bb(s);
    by_type_[index_of(type_of(p))] &= ~bb(s);
    board_[s] = Piece::NoPiece;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard fromto = bb(from) | bb(to);
    by_color_[index_of(color_of(p))] ^= fromto;
    by_type_[index_of(type_of(p))] ^= fromto;
    board_[from] = Piece::NoPiece;
    board_[to] = p;
    if (promoted_ & bb(from)) promoted_ ^= fromto;
}

Square Position::king_square(Color c) const {
    Bitboard k = pieces(c, PieceType::King);
    return k ? lsb(k) : NoSquare;
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
    using namespace attacks;
    return (pawn(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
           (pawn(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
           (knight(s) & pieces(PieceType::Knight)) | (king(s) & pieces(PieceType::King)) |
           (rook(s, occ) & (pieces(PieceType::Rook) | pieces(PieceType::Queen))) |
           (bishop(s, occ) & (pieces(PieceType::Bishop) | pieces(PieceType::Queen)));
}

Bitboard Position::compute_checkers() const {
    Square k = king_square(side_);
    if (k == NoSquare) return 0;
    return attackers_to(k, occupied()) & pieces(~side_);
}

Bitboard Position::pinned(Color c) const {
    Square k = king_square(c);
    if (k == NoSquare) return 0;
    Color them = ~c;
    Bitboard snipers =
        (attacks::rook(k, 0) & (pieces(them, PieceType::Rook) | pieces(them, PieceType::Queen))) |
        (attacks::bishop(k, 0) &
         (pieces(them, PieceType::Bishop) | pieces(them, PieceType::Queen)));
    Bitboard occ = occupied() ^ snipers;
    Bitboard result = 0;
    while (snipers) {
        Square s = pop_lsb(snipers);
        Bitboard b = attacks::Between[k][s] & occ;
        if (b && !more_than_one(b)) result |= b & pieces(c);
    }
    return result;
}

Square Position::ep_victim(Square to, Color c) const {
    const Piece victim = make_piece(~c, PieceType::Pawn);
    Square s = static_cast<Square>(to - forward(c));
    if (board_[s] != victim) s = static_cast<Square>(s - forward(c));
    return s;
}

Square Position::pending_promotion() const {
    if (!variant_->placed_pawn_promotes_by_owner) return NoSquare;
    Bitboard b = pieces(side_, PieceType::Pawn) & relative_rank_bb(side_, 7);
    return b ? lsb(b) : NoSquare;
}

std::uint64_t Position::compute_key(const State& st) const {
    std::uint64_t k = 0;
    for (int s = 0; s < 64; ++s) {
        if (is_piece(board_[s])) k ^= zobrist::psq(board_[s], static_cast<Square>(s));
        if (promoted_ & bb(static_cast<Square>(s))) k ^= zobrist::keys.promoted[s];
    }
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < PocketTypes; ++t)
            k ^= zobrist::pocket(static_cast<Color>(c), static_cast<PieceType>(t), pockets_[c][t]);
    k ^= zobrist::keys.castling[st.castling];
    for (Bitboard e = st.ep; e;) k ^= zobrist::keys.ep[pop_lsb(e)];
    if (side_ == Color::Black) k ^= zobrist::keys.side;
    return k;
}

void Position::settle_ep(Bitboard candidates) {
    State& st = states_.back();
    st.ep = candidates;
    if (!candidates) return;
    // Cheap filter: an enemy pawn must attack a candidate.
    Bitboard attackers = 0;
    for (Bitboard c = candidates; c;)
        attackers |= attacks::pawn(~side_, pop_lsb(c)) & pieces(side_, PieceType::Pawn);
    if (!attackers) {
        st.ep = 0;
        return;
    }
    MoveList list;
    detail::legal_moves(*this, list);
    Bitboard legal = 0;
    for (Move m : list)
        if (m.kind() == MoveKind::EnPassant) legal |= bb(m.to());
    st.ep = legal;
    for (Bitboard e = legal; e;) st.key ^= zobrist::keys.ep[pop_lsb(e)];
}

void Position::make_move(Move m) {
    assert(!m.is_none());
    states_.push_back(states_.back());
    State& st = states_.back();
    const Color us = side_, them = ~us;
    std::uint64_t key = st.key ^ zobrist::keys.side;
    for (Bitboard e = st.ep; e;) key ^= zobrist::keys.ep[pop_lsb(e)];
    st.ep = 0;
    st.move = m;
    st.captured = Piece::NoPiece;
    st.captured_promoted = false;
    st.pending_sq = NoSquare;
    ++st.halfmove;
    Bitboard ep_candidates = 0;

    // Putback, Q1 (a): the owner's choice promotes the waiting pawn before the move.
    if (m.pending_choice() != PieceType::None) {
        Square s = pending_promotion();
        assert(s != NoSquare);
        Piece pawn = board_[s], np = make_piece(us, m.pending_choice());
        key ^= zobrist::psq(pawn, s) ^ zobrist::psq(np, s) ^ zobrist::keys.promoted[s];
        remove_piece(s);
        put_piece(np, s);
        promoted_ |= bb(s);
        st.pending_sq = s;
    }

    const Square from = m.from(), to = m.to();
    switch (m.kind()) {
        case MoveKind::Drop: {
            PieceType t = m.piece();
            Piece p = make_piece(us, t);
            std::uint8_t& cnt = pockets_[index_of(us)][index_of(t)];
            key ^= zobrist::pocket(us, t, cnt) ^ zobrist::pocket(us, t, cnt - 1);
            --cnt;
            put_piece(p, to);
            key ^= zobrist::psq(p, to);
            // Decision (python-chess is_zeroing): a pawn drop is a pawn move and resets the
            // fifty-move counter; piece drops do not.
            if (t == PieceType::Pawn) st.halfmove = 0;
            break;
        }
        case MoveKind::Castling: {
            bool king_side = to > from;
            Square rfrom =
                king_side ? static_cast<Square>(from + 3) : static_cast<Square>(from - 4);
            Square rto = king_side ? static_cast<Square>(from + 1) : static_cast<Square>(from - 1);
            Piece k = board_[from], r = board_[rfrom];
            move_piece(from, to);
            move_piece(rfrom, rto);
            key ^= zobrist::psq(k, from) ^ zobrist::psq(k, to) ^ zobrist::psq(r, rfrom) ^
                   zobrist::psq(r, rto);
            // A FEN may mark the castling rook as promoted (~): its mark moves with it.
            if (promoted_ & bb(rto))
                key ^= zobrist::keys.promoted[rfrom] ^ zobrist::keys.promoted[rto];
            break;
        }
        default: {
            Piece pc = board_[from];
            Square capsq = m.kind() == MoveKind::EnPassant ? ep_victim(to, us) : to;
            st.capsq = capsq;
            Piece captured = board_[capsq];
            if (is_piece(captured)) {
                bool was_promoted = (promoted_ & bb(capsq)) != 0;
                st.captured = captured;
                st.captured_promoted = was_promoted;
                key ^= zobrist::psq(captured, capsq);
                if (was_promoted) {
                    key ^= zobrist::keys.promoted[capsq];
                    promoted_ &= ~bb(capsq);
                }
                remove_piece(capsq);
                st.halfmove = 0;
                if (variant_->capture_rule == CaptureRule::ToPocket) {
                    PieceType t = pocket_type(*variant_, type_of(captured), was_promoted);
                    std::uint8_t& cnt = pockets_[index_of(us)][index_of(t)];
                    key ^= zobrist::pocket(us, t, cnt) ^ zobrist::pocket(us, t, cnt + 1);
                    ++cnt;
                }
            }
            key ^= zobrist::psq(pc, from) ^ zobrist::psq(pc, to);
            if (promoted_ & bb(from))
                key ^= zobrist::keys.promoted[from] ^ zobrist::keys.promoted[to];
            move_piece(from, to);
            if (type_of(pc) == PieceType::Pawn) {
                st.halfmove = 0;
                if (m.kind() == MoveKind::Promotion) {
                    Piece np = make_piece(us, m.piece());
                    key ^= zobrist::psq(pc, to) ^ zobrist::psq(np, to) ^ zobrist::keys.promoted[to];
                    remove_piece(to);
                    put_piece(np, to);
                    promoted_ |= bb(to);
                } else {
                    int d = to > from ? to - from : from - to;
                    // Every square passed by a double (or Putback triple) step.
                    if (d >= 16 && (d & 7) == 0)
                        for (int s = from + forward(us); s != to; s += forward(us))
                            ep_candidates |= bb(static_cast<Square>(s));
                }
            }
            // Replacement/Putback: the captured unit is put back for its owner, keeping its
            // type and its promoted mark (decision: a promoted queen goes back as Q~).
            if (is_piece(captured) && variant_->capture_rule == CaptureRule::PutBack) {
                Square p = m.place();
                assert(p < 64 && !is_piece(board_[p]));
                put_piece(captured, p);
                key ^= zobrist::psq(captured, p);
                if (st.captured_promoted) {
                    promoted_ |= bb(p);
                    key ^= zobrist::keys.promoted[p];
                }
            }
            std::uint8_t cr = st.castling & castling_mask(from) & castling_mask(to);
            if (cr != st.castling) {
                key ^= zobrist::keys.castling[st.castling] ^ zobrist::keys.castling[cr];
                st.castling = cr;
            }
            break;
        }
    }
    if (m.kind() == MoveKind::Castling) {
        std::uint8_t cr = st.castling & castling_mask(from);
        key ^= zobrist::keys.castling[st.castling] ^ zobrist::keys.castling[cr];
        st.castling = cr;
    }
    if (us == Color::Black) ++fullmove_;
    side_ = them;
    st.key = key;
    st.checkers = attackers_to(king_square(them), occupied()) & pieces(us);
    if (ep_candidates) settle_ep(ep_candidates);
}

void Position::undo_move() {
    assert(states_.size() > 1);
    const State& st = states_.back();
    const Move m = st.move;
    side_ = ~side_;
    const Color us = side_;
    if (us == Color::Black) --fullmove_;
    const Square from = m.from(), to = m.to();
    switch (m.kind()) {
        case MoveKind::Drop:
            remove_piece(to);
            ++pockets_[index_of(us)][index_of(m.piece())];
            break;
        case MoveKind::Castling: {
            bool king_side = to > from;
            Square rfrom =
                king_side ? static_cast<Square>(from + 3) : static_cast<Square>(from - 4);
            Square rto = king_side ? static_cast<Square>(from + 1) : static_cast<Square>(from - 1);
            move_piece(to, from);
            move_piece(rto, rfrom);
            break;
        }
        default: {
            // The placed unit may stand on `from` or on the e.p. victim's square: lift it first.
            if (is_piece(st.captured) && variant_->capture_rule == CaptureRule::PutBack) {
                remove_piece(m.place());
                promoted_ &= ~bb(m.place());
            }
            if (m.kind() == MoveKind::Promotion) {
                remove_piece(to);
                promoted_ &= ~bb(to);
                put_piece(make_piece(us, PieceType::Pawn), to);
            }
            move_piece(to, from);
            if (is_piece(st.captured)) {
                Square capsq = st.capsq;
                if (variant_->capture_rule == CaptureRule::ToPocket) {
                    PieceType t =
                        pocket_type(*variant_, type_of(st.captured), st.captured_promoted);
                    --pockets_[index_of(us)][index_of(t)];
                }
                put_piece(st.captured, capsq);
                if (st.captured_promoted) promoted_ |= bb(capsq);
            }
            break;
        }
    }
    if (st.pending_sq != NoSquare) {
        remove_piece(st.pending_sq);
        promoted_ &= ~bb(st.pending_sq);
        put_piece(make_piece(us, PieceType::Pawn), st.pending_sq);
    }
    states_.pop_back();
    // Debug builds only (docs/design.md, tier 1): Stockfish's pos_is_ok after every undo.
    assert(is_consistent());
}

Position Position::scratch_copy() const {
    Position p;
    p.variant_ = variant_;
    for (int s = 0; s < 64; ++s) p.board_[s] = board_[s];
    for (int c = 0; c < 2; ++c) {
        p.by_color_[c] = by_color_[c];
        for (int t = 0; t < PocketTypes; ++t) p.pockets_[c][t] = pockets_[c][t];
    }
    for (int t = 0; t < 8; ++t) p.by_type_[t] = by_type_[t];
    p.promoted_ = promoted_;
    p.side_ = side_;
    p.fullmove_ = fullmove_;
    p.states_.reserve(8);
    p.states_.push_back(states_.back());
    return p;
}

Position Position::with_pending_promoted(PieceType t) const {
    Position p = scratch_copy();
    const Square s = p.pending_promotion();
    p.remove_piece(s);
    p.put_piece(make_piece(p.side_, t), s);
    p.promoted_ |= bb(s);
    return p;
}

bool Position::is_legal(Move m) const {
    MoveList list;
    detail::legal_moves(*this, list);
    return list.contains(m);
}

bool Position::gives_check(Move m) const {
    Position p = scratch_copy();
    p.make_move(m);
    return p.in_check();
}

int Position::repetition_count() const {
    // The whole game is scanned (the key holds pockets, so positions before an irreversible
    // move never match); same side to move only.
    const std::uint64_t key = states_.back().key;
    int count = 1;
    for (int i = static_cast<int>(states_.size()) - 3; i >= 0; i -= 2)
        if (states_[i].key == key) ++count;
    return count;
}

bool Position::insufficient_material() const {
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < PocketTypes; ++t)
            if (pockets_[c][t]) return false;
    if (pieces(PieceType::Pawn) | pieces(PieceType::Rook) | pieces(PieceType::Queen)) return false;
    Bitboard minors = pieces(PieceType::Knight) | pieces(PieceType::Bishop);
    if (popcount(minors) <= 1) return true;  // K v K, K+minor v K
    // Only bishops, all on one square colour (KB v KB same colour, and more of them).
    if (pieces(PieceType::Knight)) return false;
    Bitboard b = pieces(PieceType::Bishop);
    return !(b & LightSquaresBB) || !(b & DarkSquaresBB);
}

bool Position::is_consistent(std::string* why) const {
    auto fail = [&](const std::string& w) {
        if (why) *why = w;
        return false;
    };
    Bitboard colors = 0, types = 0;
    for (int s = 0; s < 64; ++s) {
        Piece p = board_[s];
        Bitboard b = bb(static_cast<Square>(s));
        if (!is_piece(p)) {
            if (occupied() & b) return fail("bitboard has a piece on empty " + square_name(s));
            if (promoted_ & b) return fail("promoted mark on empty " + square_name(s));
            continue;
        }
        if (!(by_color_[index_of(color_of(p))] & b) || !(by_type_[index_of(type_of(p))] & b))
            return fail("bitboards miss the piece on " + square_name(s));
        colors |= b;
        types |= b;
    }
    if (colors != occupied() || (by_color_[0] & by_color_[1]))
        return fail("colour bitboards disagree with the board");
    Bitboard all_types = 0;
    for (int t = 0; t < 6; ++t) {
        if (all_types & by_type_[t]) return fail("type bitboards overlap");
        all_types |= by_type_[t];
    }
    if (all_types != occupied() || by_type_[6] || by_type_[7])
        return fail("type bitboards disagree with the board");
    for (int c = 0; c < 2; ++c)
        if (popcount(pieces(static_cast<Color>(c), PieceType::King)) != 1)
            return fail("a side has not exactly one king");
    const State& st = states_.back();
    if (compute_key(st) != st.key) return fail("incremental hash differs from recomputed");
    if (compute_checkers() != st.checkers) return fail("checkers differ from recomputed");
    if (attackers_to(king_square(~side_), occupied()) & pieces(side_))
        return fail("side not to move is in check");
    if (!has_pockets(*variant_))
        for (int c = 0; c < 2; ++c)
            for (int t = 0; t < PocketTypes; ++t)
                if (pockets_[c][t]) return fail("pocket in a variant without pockets");
    return true;
}

}  // namespace ck::rules
