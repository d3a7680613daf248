#pragma once
// Move notation: SAN and long algebraic, with drops and the Replacement/Putback placement suffix
// (docs/pgn.md). Errors in two layers (shakmaty): syntax vs illegal/ambiguous. The syntax layer
// (MoveText, NotationError, parse_move_text) is notation_syntax.hpp (no position needed).
#include <array>
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "rules/move.hpp"
#include "rules/notation_syntax.hpp"
#include "rules/position.hpp"

namespace ck::rules {

// Parses and resolves against the legal moves of pos. Forgiving where safe: 0-0, missing or
// extra x/+/#, e8Q, P*d5 / @d5 / N*f5, figurines, long algebraic (e2e4, e2-e4, e7e8q), UCI drops.
// The one move resolver: the common SAN forms are resolved without generating every legal move
// (san_resolver.hpp); the rest against the legal move list.
core::Result<Move, NotationError> parse_move(const Position& pos, std::string_view text);
// err (from parse_move(pos, text)) with its defect diagnosed (NotationError::defect and detail).
// captured_promoted[t]: promoted pieces of type t the side to move has captured so far in the game
// (a Crazyhouse pocket holds them as pawns, so dropping one is its own defect).
NotationError diagnose_move(const Position& pos, std::string_view text, NotationError err,
                            const std::array<int, PocketTypes>& captured_promoted);
// parse_move, and on failure the defect diagnosed. captured_promoted() gives the counts above; it
// is called only when the move fails (a game's history need not be walked for every move).
template <typename CapturedPromoted>
core::Result<Move, NotationError> parse_move(const Position& pos, std::string_view text,
                                             CapturedPromoted&& captured_promoted) {
    auto r = parse_move(pos, text);
    if (r) return r;
    return core::unexpected(diagnose_move(pos, text, r.error(), captured_promoted()));
}

// Canonical SAN of a legal move in pos: x, +/#, =Q, disambiguation by legal moves, drops N@f5
// and P@d5, O-O/O-O-O, placement suffix "/d6", Putback choice prefix "a8=Q:" (the mover's pawn
// waiting on a8 becomes a queen, then the move: "a8=Q:Nf3", "a8=N:exd5/h4+").
std::string to_san(const Position& pos, Move m);
// UCI / long algebraic: e2e4, e7e8q, N@f5, P@d5, castling e1g1 (placement suffix "/d6" and
// choice prefix "q:" where present: "q:e2e4/h4"). parse_move reads it back.
std::string to_uci(Move m);

}  // namespace ck::rules
