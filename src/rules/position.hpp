#pragma once
// Position: always a legal position of its variant (shakmaty's Position vs Setup distinction:
// FEN parsing validates; make_move takes only legal moves). Holds pockets (counts in hand),
// promoted pieces (a bitboard), castling rights, the en-passant target set (a set because of
// Putback's triple step), clocks, an incremental Zobrist hash and the undo stack.
//
// PUBLIC CONTRACT: other modules (notation, referee, pgn) use only what is declared public here.
// The implementer may add members; changing a signature means updating every user.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "rules/move.hpp"
#include "rules/types.hpp"
#include "rules/variant.hpp"

namespace ck::rules {

struct FenError {
    enum class Code : std::uint8_t {
        Syntax,  // wrong number of fields, bad characters
        Board,   // ranks that do not add up to 8 files, too many ranks, ...
        Pocket,  // bad pocket contents
        SideToMove,
        Castling,        // bad field, or a right without king and rook in place
        EnPassant,       // bad field, or a target that cannot be one
        Clock,           // half-move / full-move numbers
        IllegalPosition  // kings missing/duplicated, side not to move in check, pawns on rank 1/8
    };
    Code code;
    std::string message;  // names what is wrong, e.g. "rank 3 has 9 files"
};

class Position {
public:
    // The standard starting position (pockets empty) for the variant.
    static Position startpos(const Variant& variant);
    // FEN with pockets in brackets after the board (also the 9th-rank pocket form and "[-]"),
    // "~" after promoted pieces; Putback's en-passant field may be a comma-separated list.
    static core::Result<Position, FenError> from_fen(std::string_view fen, const Variant& variant);
    // Canonical FEN: pockets in brackets (white upper case first, Q R B N P order), always
    // present for pocket variants, absent otherwise; en passant written only when a legal
    // en-passant capture exists (as lichess / python-chess do).
    std::string fen() const;

    const Variant& variant() const { return *variant_; }
    Color side_to_move() const { return side_; }
    Piece piece_on(Square s) const { return board_[s]; }
    Bitboard pieces(Color c) const { return by_color_[index_of(c)]; }
    Bitboard pieces(Color c, PieceType t) const {
        return by_color_[index_of(c)] & by_type_[index_of(t)];
    }
    Bitboard pieces(PieceType t) const { return by_type_[index_of(t)]; }
    Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
    Bitboard promoted() const { return promoted_; }
    bool is_promoted(Square s) const { return (promoted_ >> s) & 1; }
    int pocket_count(Color c, PieceType t) const { return pockets_[index_of(c)][index_of(t)]; }
    std::uint8_t castling_rights() const { return states_.back().castling; }
    Bitboard ep_squares() const { return states_.back().ep; }  // capturable e.p. targets
    int halfmove_clock() const { return states_.back().halfmove; }
    int fullmove_number() const { return fullmove_; }
    // Zobrist over board, pockets, promoted marks, side, castling, ep
    std::uint64_t hash() const { return states_.back().key; }
    Square king_square(Color c) const;

    // Enemy pieces giving check to the side to move.
    Bitboard checkers() const { return states_.back().checkers; }
    // Pieces of colour c that alone stand between their king and an enemy slider.
    Bitboard pinned(Color c) const;
    // Number of plies played through make_move since the FEN / start position.
    int game_ply() const { return static_cast<int>(states_.size()) - 1; }
    // The move that led to the current position (Move::none() at the root).
    Move last_move() const { return states_.back().move; }
    bool in_check() const { return checkers() != 0; }
    // Pieces of either colour that attack square s given occupancy occ.
    Bitboard attackers_to(Square s, Bitboard occ) const;
    // Putback: the mover's pawn standing on its promotion row, awaiting its owner's choice.
    Square pending_promotion() const;
    // Putback: a scratch copy (no history) with that pawn already the piece `t` its owner
    // chooses, so that the owner's moves are generated as if it stood there (move_generator.hpp).
    Position with_pending_promoted(PieceType t) const;
    // The pawn an en-passant capture onto `to` by side c takes: the enemy pawn that passed `to`
    // (one square behind it, or two after a Putback triple step).
    Square ep_victim(Square to, Color c) const;

    // Legal-only: m must come from generate_legal(*this). Pushes onto the undo stack.
    void make_move(Move m);
    void undo_move();
    bool is_legal(Move m) const;  // m is among generate_legal(*this)
    bool gives_check(Move m) const;

    // Times the current position (hash, including pockets and promoted marks) occurred in the
    // game so far through make_move, counting this one. Threefold = 3.
    int repetition_count() const;
    // Material on board and in pockets cannot mate for either side (only where no pocket holds
    // material; always false if any pocket is non-empty).
    bool insufficient_material() const;

    // Debug consistency check (Stockfish's pos_is_ok): bitboards vs mailbox, hash recomputed
    // from scratch equals the incremental one, kings, pockets.
    bool is_consistent(std::string* why = nullptr) const;

private:
    Position() = default;

    // Per-ply reversible state (Stockfish's StateInfo); states_.back() is the current one.
    struct State {
        std::uint64_t key = 0;  // full Zobrist key, ep included only when capturable
        Bitboard ep = 0;        // en-passant targets with a legal capture
        Bitboard checkers = 0;  // enemy pieces checking the side to move
        Move move;              // the move that led here (none for the root)
        int halfmove = 0;
        std::uint8_t castling = 0;
        Piece captured = Piece::NoPiece;
        bool captured_promoted = false;
        Square pending_sq = NoSquare;  // Putback: square of the pawn promoted by `move`
        Square capsq = NoSquare;       // where `move` captured (differs from to() for e.p.)
    };

    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    // Full recomputation (FEN set-up and the consistency check).
    std::uint64_t compute_key(const State& st) const;
    Bitboard compute_checkers() const;
    // Keeps the en-passant candidates of the current state that a legal move can capture on,
    // and hashes them (docs/referee-protocol.md detail 9; FEN writes only those).
    void settle_ep(Bitboard candidates);
    // A copy with only the current state (no history): cheap scratch positions.
    Position scratch_copy() const;

    const Variant* variant_ = nullptr;
    Piece board_[64] = {};
    Bitboard by_color_[2] = {0, 0};
    Bitboard by_type_[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    Bitboard promoted_ = 0;
    std::uint8_t pockets_[2][PocketTypes] = {{0}};
    Color side_ = Color::White;
    int fullmove_ = 1;
    std::vector<State> states_;
};

}  // namespace ck::rules
