#pragma once
// Private helper of rules::parse_move (notation.hpp), its fast path. Generating every legal move
// is the general way; this
// looks only at the pieces of the named type that could reach the named square (or the pocket for
// a drop) and tests king safety with Position::attackers_to. It answers only the common cases
// (piece moves, pawn pushes and captures, en passant, promotions, drops) and only when exactly one
// legal move matches; everything else (castling, Replacement/Putback placements, a pending Putback
// promotion, long algebraic, no match, several matches) returns nullopt and the caller falls back
// to parse_move_by_generation, which also produces the error. The move returned is the one
// generate_legal would give, so Position::make_move may take it.
#include <optional>

#include "rules/move.hpp"
#include "rules/notation_syntax.hpp"
#include "rules/position.hpp"

namespace ck::rules::detail {

std::optional<rules::Move> fast_resolve(const rules::Position& pos, const rules::MoveText& mt);

// The strict SAN forms real files are made of (Nbd7, exd5, e8=Q, R1a3+, N@f5, @d5, P@d5), read
// without allocation; nullopt for anything else (castling, long algebraic, figurines, suffixes
// other than + and #), which rules::parse_move_text then reads. Where both read a text they agree.
std::optional<rules::MoveText> parse_plain_san(std::string_view text);

// The general path: mt (read from text) matched against every legal move of pos.
core::Result<Move, NotationError> parse_move_by_generation(const Position& pos,
                                                           std::string_view text,
                                                           const MoveText& mt);

}  // namespace ck::rules::detail
