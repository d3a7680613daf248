#pragma once
// The board as one player knows it: their own pieces, their pocket, their castling rights
// (public: derived from their own moves and the announced captures) and nothing of the enemy.
// Its moves are those that would be legal on SOME completion of the board, where every square
// not holding one of the player's own pieces may hold an unseen enemy piece or be empty
// (docs/referee-protocol.md, CrazyKrieg rules: `no` vs `impossible`). An attempt naming such a
// move but illegal on the true board is `no`; an attempt naming none of them is `impossible`.
#include <string>

#include "rules/move.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace ck::referee {

class OwnBoard {
public:
    // Copies only `side`'s pieces, promoted marks, pocket and castling rights from pos.
    static OwnBoard of(const rules::Position& pos, rules::Color side);

    // Putback: the board once its owner has chosen t for the pawn waiting on its promotion row
    // (README "Variants": the choice begins the owner's turn, and the chosen piece may itself
    // make the move that follows, `q:a8b8`). Unchanged when no pawn of the side waits.
    OwnBoard with_choice(rules::PieceType t) const;

    rules::Color side() const { return side_; }
    rules::Piece piece_on(rules::Square s) const { return board_[s]; }
    rules::Bitboard own() const { return own_; }
    bool is_promoted(rules::Square s) const { return (promoted_ >> s) & 1; }
    // How many pieces of type t the side holds in hand (0 in variants without pockets).
    int in_pocket(rules::PieceType t) const {
        return rules::index_of(t) < rules::PocketTypes ? pocket_[rules::index_of(t)] : 0;
    }

    // Every move possible on some completion of the board (see above): pseudo-moves with only
    // own pieces as obstacles; pawn captures onto every diagonal square not own; castling with
    // the right and no own piece between king and rook; drops from the pocket onto squares not
    // own (no pawn on the last rank, nor on the first unless the variant allows it).
    void generate(rules::MoveList& out) const;

private:
    OwnBoard() = default;
    void add_pawn_moves(rules::Square from, rules::MoveList& out) const;
    void add_piece_moves(rules::Square from, rules::PieceType t, rules::MoveList& out) const;
    void add_castling(rules::MoveList& out) const;
    void add_drops(rules::MoveList& out) const;

    const rules::Variant* variant_ = nullptr;
    rules::Color side_ = rules::Color::White;
    rules::Piece board_[64];
    rules::Bitboard own_ = 0;
    rules::Bitboard promoted_ = 0;
    int pocket_[rules::PocketTypes] = {0};
    std::uint8_t castling_ = 0;  // only side_'s bits
};

// How a request text resolves on a player's own board.
struct OwnResolution {
    enum class Kind : unsigned char {
        Move,        // exactly one own-board move: `move`
        Impossible,  // none: `reason` says why, in plain words
        Ambiguous,   // several own-board moves match: not an attempt (error)
        NeedsPiece,  // a promotion without its piece: not an attempt (error)
    };
    Kind kind = Kind::Impossible;
    rules::Move move;
    std::string reason;
};

OwnResolution resolve_on_own_board(const OwnBoard& board, const rules::MoveText& text);

// A pawn stepping one square diagonally forward (the `any?` duty's "pawn capture").
bool is_pawn_capture(const OwnBoard& board, rules::Move m);

// True-board legal moves that carry out own-board move m (same origin, target, kind up to en
// passant, promotion piece, dropped type). Several only in Replacement/Putback (placements,
// pending choices).
bool same_intent(rules::Move own_move, rules::Move legal);

}  // namespace ck::referee
