#pragma once
// Positions a bot builds from a player's view alone.
#include <optional>
#include <string>

#include "referee/own_board.hpp"
#include "referee/player_view.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace ck::bot {

// The castling rights the player can still have as far as the view tells: the king and that
// rook on their start squares, the king never moved (no own `K...`/`O-O` move heard) and no
// own unit captured on the rook's square. (A rook that left and came back is not seen; the
// attempt is then answered impossible.) The player's bits only.
std::uint8_t own_castling(const referee::PlayerView& view);

// A position holding the player's own pieces and both pockets from the view, own castling
// rights, and an enemy king on the first empty square where it stands legally (the player to
// move, or the enemy when the player attacks every free square): only for OwnBoard::of, which
// copies the player's side alone. nullopt only for a view without a legal such position.
std::optional<rules::Position> own_side_position(const referee::PlayerView& view);

// Open play: the true position, replayed from the start through every `moved` SAN heard.
std::optional<rules::Position> replay_open(const referee::PlayerView& view);

// The attempt text of a move: UCI (`e2e4`, `e7e8q`, `e1g1`), drops `N@f5`; no placement or
// choice (the referee takes the lowest placement and a queen).
std::string attempt_text(rules::Move m);

// The piece-placement field of a FEN from a board and its promoted marks (`~` after a
// promoted piece, as crazyhouse FENs write it).
std::string fen_board(const rules::Piece board[64], rules::Bitboard promoted);

// A pawn stepping one square diagonally forward on the player's own board.
bool is_pawn_capture_attempt(const referee::OwnBoard& own, rules::Move m);

}  // namespace ck::bot
