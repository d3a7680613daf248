#pragma once
// tournament.ini: one tournament as text (the daemon keeps it in the store as
// tournaments/<id>/tournament.ini). UTF-8, one `key = value` per line; blank lines and lines
// starting with '#' are ignored; spaces around key and value are trimmed.
//
//   id = spring-2026              required, once (validate's id rule)
//   name = Spring Cup 2026        required, once
//   kind = double                 required, once: single | double
//   variant = crazyhouse          required, once
//   hidden = false                once: true | false (default false)
//   rules = crazykrieg            once, may be empty
//   time = 10/50d                 once, may be empty
//   entries = open                once: open | closed (default closed; written only when open)
//   player = Alice Smith <alice@example.org>    one line per player, in seeding order
//   game = 1 1 4 17 1-0 mate      one line per game, by round then board:
//          ROUND WHITE BLACK GAME RESULT [ENDING]  (players by 1-based seed; GAME the store's
//          game id or "-" before it starts; RESULT * 1-0 0-1 1/2-1/2; ENDING a lower-case word)
//
// format_tournament writes exactly that (keys in that order, a header comment) and
// parse_tournament(format_tournament(t)) == t for every valid t. parse_tournament rejects what
// it cannot read with the line number, then checks the whole with validate (line 0).
#include <string>
#include <string_view>

#include "club/tournament.hpp"
#include "core/result.hpp"

namespace ck::club {

std::string format_tournament(const Tournament& t);
core::Result<Tournament, Error> parse_tournament(std::string_view text);

}  // namespace ck::club
