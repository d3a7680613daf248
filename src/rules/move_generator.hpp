#pragma once
// The legal move generator (Stockfish style: check and pin masks, king moves tested against the
// attacked squares) for every variant; the variant table decides drops, pawn steps from the
// 1st rank and Replacement/Putback placements. A template over the position type (Pos:
// rules::Position, position.hpp) so that both of its users include it without including each
// other: Position itself (which en-passant squares a legal capture can reach, is_legal) and
// movegen.hpp (generate_legal, perft). Pos provides Position's public queries and
// with_pending_promoted. Private to the rules module.
#include <cstdint>

#include "rules/attacks.hpp"
#include "rules/bitboard.hpp"
#include "rules/move.hpp"
#include "rules/types.hpp"
#include "rules/variant.hpp"

namespace ck::rules::detail {
// Internal linkage on purpose: each includer compiles its own copy, so the compiler inlines the
// generator into generate_legal and perft's last ply as it did while the generator was
// movegen.cpp's own (as inline templates of vague linkage it did not, and perft lost 2-4%).
namespace {

using namespace attacks;

struct ListSink {
    MoveList& list;
    void add(Move m) { list.push(m); }
    void add_drops(PieceType t, Bitboard to) {
        while (to) list.push(Move::drop(t, pop_lsb(to)));
    }
    void add_placements(Move base, Bitboard places) {
        while (places) list.push(base.with_place(pop_lsb(places)));
    }
};

struct CountSink {
    std::uint64_t n = 0;
    void add(Move) { ++n; }
    void add_drops(PieceType, Bitboard to) { n += popcount(to); }
    void add_placements(Move, Bitboard places) { n += popcount(places); }
};

constexpr PieceType PromoTypes[4] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                     PieceType::Knight};

template <Color Us, class Sink, class Pos>
class Generator {
    static constexpr Color Them = ~Us;
    static constexpr int Up = forward(Us);

public:
    Generator(const Pos& pos, Sink& out)
        : pos_(pos),
          out_(out),
          v_(pos.variant()),
          us_(pos.pieces(Us)),
          them_(pos.pieces(Them)),
          occ_(us_ | them_),
          ksq_(pos.king_square(Us)),
          placement_(has_placement(v_)) {}

    void run() {
        const Bitboard checkers = pos_.checkers();
        king_moves();
        if (more_than_one(checkers)) {
            // A capture may still answer a double check when the captured unit is placed to
            // block the other checker (legality after placement).
            if (placement_) placement_captures();
            return;
        }
        Bitboard target, block;
        if (checkers) {
            block = Between[ksq_][lsb(checkers)];
            target = block | checkers;
        } else {
            block = ~occ_;
            target = ~us_;
            castling();
        }
        if (placement_) target &= ~them_;  // captures come with their placements below
        pinned_ = pos_.pinned(Us);
        piece_moves(target);
        pawn_moves(target);
        if (placement_)
            placement_captures();
        else
            en_passant();
        if (has_pockets(v_)) drops(block);
    }

private:
    bool pin_ok(Square from, Square to) const {
        return !(pinned_ & bb(from)) || aligned(ksq_, from, to);
    }
    // Enemy pieces in `them` attacking s with occupancy occ.
    Bitboard attackers(Square s, Bitboard occ, Bitboard them) const {
        return ((pawn(Us, s) & pos_.pieces(PieceType::Pawn)) |
                (knight(s) & pos_.pieces(PieceType::Knight)) |
                (king(s) & pos_.pieces(PieceType::King)) |
                (rook(s, occ) & (pos_.pieces(PieceType::Rook) | pos_.pieces(PieceType::Queen))) |
                (bishop(s, occ) &
                 (pos_.pieces(PieceType::Bishop) | pos_.pieces(PieceType::Queen)))) &
               them;
    }

    void king_moves() {
        Bitboard b = king(ksq_) & ~us_;
        if (placement_) b &= ~them_;
        const Bitboard occ = occ_ ^ bb(ksq_);
        while (b) {
            Square to = pop_lsb(b);
            if (!attackers(to, occ, them_)) out_.add(Move::normal(ksq_, to));
        }
    }

    void castling() {
        const std::uint8_t rights = pos_.castling_rights();
        const std::uint8_t ks = Us == Color::White ? WhiteKingSide : BlackKingSide;
        const std::uint8_t qs = Us == Color::White ? WhiteQueenSide : BlackQueenSide;
        if ((rights & ks) && !(occ_ & (bb(ksq_ + 1) | bb(ksq_ + 2))) &&
            !attackers(static_cast<Square>(ksq_ + 1), occ_, them_) &&
            !attackers(static_cast<Square>(ksq_ + 2), occ_, them_))
            out_.add(Move::castling(ksq_, static_cast<Square>(ksq_ + 2)));
        if ((rights & qs) && !(occ_ & (bb(ksq_ - 1) | bb(ksq_ - 2) | bb(ksq_ - 3))) &&
            !attackers(static_cast<Square>(ksq_ - 1), occ_, them_) &&
            !attackers(static_cast<Square>(ksq_ - 2), occ_, them_))
            out_.add(Move::castling(ksq_, static_cast<Square>(ksq_ - 2)));
    }

    void piece_moves(Bitboard target) {
        for (Bitboard b = pos_.pieces(Us, PieceType::Knight) & ~pinned_; b;) {
            Square from = pop_lsb(b);
            for (Bitboard t = knight(from) & target; t;) out_.add(Move::normal(from, pop_lsb(t)));
        }
        const Bitboard queens = pos_.pieces(Us, PieceType::Queen);
        for (Bitboard b = pos_.pieces(Us, PieceType::Bishop) | queens; b;) {
            Square from = pop_lsb(b);
            Bitboard t = bishop(from, occ_) & target;
            if (pinned_ & bb(from)) t &= Line[ksq_][from];
            while (t) out_.add(Move::normal(from, pop_lsb(t)));
        }
        for (Bitboard b = pos_.pieces(Us, PieceType::Rook) | queens; b;) {
            Square from = pop_lsb(b);
            Bitboard t = rook(from, occ_) & target;
            if (pinned_ & bb(from)) t &= Line[ksq_][from];
            while (t) out_.add(Move::normal(from, pop_lsb(t)));
        }
    }

    void add_promotions(Square from, Square to) {
        for (PieceType t : PromoTypes) out_.add(Move::promotion(from, to, t));
    }

    void pawn_moves(Bitboard target) {
        const Bitboard pawns = pos_.pieces(Us, PieceType::Pawn);
        const Bitboard rank7 = relative_rank_bb(Us, 6);
        const Bitboard empty = ~occ_;
        const Bitboard normal = pawns & ~rank7, promo = pawns & rank7;

        Bitboard push1 = shift_forward(Us, normal) & empty;
        Bitboard push2 = shift_forward(Us, push1 & relative_rank_bb(Us, 2)) & empty & target;
        push1 &= target;
        while (push1) {
            Square to = pop_lsb(push1), from = static_cast<Square>(to - Up);
            if (pin_ok(from, to)) out_.add(Move::normal(from, to));
        }
        while (push2) {
            Square to = pop_lsb(push2), from = static_cast<Square>(to - 2 * Up);
            if (pin_ok(from, to)) out_.add(Move::normal(from, to));
        }
        // Putback: a pawn on its own 1st row may also step 2 or 3 squares over empty squares.
        if (v_.first_rank_pawn_max_step >= 2) {
            Bitboard s1 = shift_forward(Us, pawns & relative_rank_bb(Us, 0)) & empty;
            Bitboard s2 = shift_forward(Us, s1) & empty;
            Bitboard s3 = shift_forward(Us, s2) & empty;
            for (Bitboard b = s2 & target; b;) {
                Square to = pop_lsb(b), from = static_cast<Square>(to - 2 * Up);
                if (pin_ok(from, to)) out_.add(Move::normal(from, to));
            }
            if (v_.first_rank_pawn_max_step >= 3)
                for (Bitboard b = s3 & target; b;) {
                    Square to = pop_lsb(b), from = static_cast<Square>(to - 3 * Up);
                    if (pin_ok(from, to)) out_.add(Move::normal(from, to));
                }
        }
        const Bitboard caps = them_ & target;
        if (caps) {
            Bitboard west = shift_west(shift_forward(Us, normal)) & caps;
            Bitboard east = shift_east(shift_forward(Us, normal)) & caps;
            while (west) {
                Square to = pop_lsb(west), from = static_cast<Square>(to - Up + 1);
                if (pin_ok(from, to)) out_.add(Move::normal(from, to));
            }
            while (east) {
                Square to = pop_lsb(east), from = static_cast<Square>(to - Up - 1);
                if (pin_ok(from, to)) out_.add(Move::normal(from, to));
            }
        }
        if (promo) {
            for (Bitboard b = shift_forward(Us, promo) & empty & target; b;) {
                Square to = pop_lsb(b), from = static_cast<Square>(to - Up);
                if (pin_ok(from, to)) add_promotions(from, to);
            }
            Bitboard west = shift_west(shift_forward(Us, promo)) & caps;
            Bitboard east = shift_east(shift_forward(Us, promo)) & caps;
            while (west) {
                Square to = pop_lsb(west), from = static_cast<Square>(to - Up + 1);
                if (pin_ok(from, to)) add_promotions(from, to);
            }
            while (east) {
                Square to = pop_lsb(east), from = static_cast<Square>(to - Up - 1);
                if (pin_ok(from, to)) add_promotions(from, to);
            }
        }
    }

    // En passant, judged on the resulting occupancy (covers pins along the rank and checks).
    void en_passant() {
        for (Bitboard e = pos_.ep_squares(); e;) {
            Square to = pop_lsb(e);
            Square victim = pos_.ep_victim(to, Us);
            for (Bitboard b = pawn(Them, to) & pos_.pieces(Us, PieceType::Pawn); b;) {
                Square from = pop_lsb(b);
                Bitboard occ = (occ_ ^ bb(from) ^ bb(victim)) | bb(to);
                if (!attackers(ksq_, occ, them_ & ~bb(victim)))
                    out_.add(Move::en_passant(from, to));
            }
        }
    }

    void drops(Bitboard block) {
        const Bitboard to = block & ~occ_;
        if (!to) return;
        for (int t = index_of(PieceType::Knight); t <= index_of(PieceType::Queen); ++t)
            if (pos_.pocket_count(Us, static_cast<PieceType>(t)))
                out_.add_drops(static_cast<PieceType>(t), to);
        if (pos_.pocket_count(Us, PieceType::Pawn)) {
            // Never on the 8th rank; on the 1st only where the variant allows (chessgi).
            Bitboard ranks =
                v_.pawn_drop_on_first_rank ? ~relative_rank_bb(Us, 7) : ~(Rank1BB | Rank8BB);
            out_.add_drops(PieceType::Pawn, to & ranks);
        }
    }

    // Replacement/Putback: one move per placement square of the captured unit. Legality is
    // judged after the placement (replacement-putback.md, decisions): the placement may block
    // the only line attacking the king but may not itself attack the capturer's king.
    void place(Move base, Square from, Square to, Square capsq, bool king_move) {
        const Piece captured = pos_.piece_on(capsq);
        const PieceType ct = type_of(captured);
        const Bitboard occ = (occ_ ^ bb(from) ^ bb(capsq)) | bb(to);
        const Square k = king_move ? to : ksq_;
        Bitboard mask = ~occ;
        Bitboard att = attackers(k, occ, them_ & ~bb(capsq));
        if (att) {
            if (more_than_one(att)) return;
            mask &= Between[k][lsb(att)];  // empty unless a distant slider: then block it
        }
        if (v_.placement_bishop_same_colour && ct == PieceType::Bishop)
            mask &= is_light_square(to) ? LightSquaresBB : DarkSquaresBB;
        if (v_.placement_pawn_ranks_2_to_7 && ct == PieceType::Pawn) mask &= ~(Rank1BB | Rank8BB);
        // The placed unit may not attack the capturer's king.
        if (ct == PieceType::Pawn)
            mask &= ~pawn(Us, k);
        else
            mask &= ~piece(ct, k, occ);
        if (mask) out_.add_placements(base, mask);
    }

    void placement_captures() {
        for (Bitboard t = king(ksq_) & them_; t;) {
            Square to = pop_lsb(t);
            place(Move::normal(ksq_, to), ksq_, to, to, true);
        }
        for (Bitboard b = us_ & ~pos_.pieces(PieceType::Pawn) & ~pos_.pieces(PieceType::King); b;) {
            Square from = pop_lsb(b);
            for (Bitboard t = piece(type_of(pos_.piece_on(from)), from, occ_) & them_; t;) {
                Square to = pop_lsb(t);
                place(Move::normal(from, to), from, to, to, false);
            }
        }
        const Bitboard rank7 = relative_rank_bb(Us, 6);
        for (Bitboard b = pos_.pieces(Us, PieceType::Pawn); b;) {
            Square from = pop_lsb(b);
            for (Bitboard t = pawn(Us, from) & them_; t;) {
                Square to = pop_lsb(t);
                if (bb(from) & rank7) {
                    for (PieceType p : PromoTypes)
                        place(Move::promotion(from, to, p), from, to, to, false);
                } else {
                    place(Move::normal(from, to), from, to, to, false);
                }
            }
        }
        for (Bitboard e = pos_.ep_squares(); e;) {
            Square to = pop_lsb(e);
            Square victim = pos_.ep_victim(to, Us);
            for (Bitboard b = pawn(Them, to) & pos_.pieces(Us, PieceType::Pawn); b;) {
                Square from = pop_lsb(b);
                place(Move::en_passant(from, to), from, to, victim, false);
            }
        }
    }

    const Pos& pos_;
    Sink& out_;
    const Variant& v_;
    const Bitboard us_, them_, occ_;
    const Square ksq_;
    const bool placement_;
    Bitboard pinned_ = 0;
};

template <class Sink, class Pos>
void generate_plain(const Pos& pos, Sink& out) {
    if (pos.side_to_move() == Color::White)
        Generator<Color::White, Sink, Pos>(pos, out).run();
    else
        Generator<Color::Black, Sink, Pos>(pos, out).run();
}

// Every legal move of pos into out (movegen.hpp generate_legal's contract).
template <class Pos>
void legal_moves(const Pos& pos, MoveList& out) {
    out.clear();
    if (pos.pending_promotion() != NoSquare) {
        // Putback, Q1 (a): every move of the owner starts with the choice of piece.
        for (PieceType t : PromoTypes) {
            const Pos p = pos.with_pending_promoted(t);
            MoveList tmp;
            ListSink sink{tmp};
            generate_plain(p, sink);
            for (Move m : tmp) out.push(m.with_pending_choice(t));
        }
        return;
    }
    ListSink sink{out};
    generate_plain(pos, sink);
}

// Number of legal moves (the last ply of perft).
template <class Pos>
std::uint64_t count_legal(const Pos& pos) {
    if (pos.pending_promotion() != NoSquare) {
        std::uint64_t n = 0;
        for (PieceType t : PromoTypes) {
            const Pos p = pos.with_pending_promoted(t);
            CountSink sink;
            generate_plain(p, sink);
            n += sink.n;
        }
        return n;
    }
    CountSink sink;
    generate_plain(pos, sink);
    return sink.n;
}

}  // namespace
}  // namespace ck::rules::detail
