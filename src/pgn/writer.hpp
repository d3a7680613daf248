#pragma once
// Canonical PGN export (docs/pgn.md): the seven-tag roster first (Event Site Date Round
// White Black Result, "?" defaults), then Variant (not for chess), SetUp "1" + FEN when the start
// is not the variant's standard one, then the other tags in their order; movetext in SAN from
// rules::to_san (pawn drops P@d5, which lichess tooling loads), NAGs as $n, comments in braces,
// variations in parentheses, wrapped at 80 columns; the result last. A blank line follows.
#include <ostream>
#include <string>

#include "pgn/game.hpp"

namespace ck::pgn {

void write_game(std::ostream& out, const GameRecord& game);
std::string to_pgn(const GameRecord& game);

}  // namespace ck::pgn
