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
// A Swiss (docs/swiss.md "Swiss events by mail") also has, after `entries`:
//   system = swiss                once (absent: roundrobin)
//   rounds = 5                    once: the number of rounds
//   round-days = 7                once, optional: days before a round's open games are reported
//   bye-points = 1                once: the pairing-allocated bye, 0 | 0.5 | 1
//   requested-bye-points = 0.5    once: a bye asked for by mail, 0 | 0.5 | 1
//   late-bye-points = 0.5         once, optional (default 0): each round a late entrant
//                                 missed, 0 | 0.5 | 1
//   tiebreaks = bh-c1,bh,sb,de,win   once: the tie-breaks in order (club::Tiebreak)
//   round-started = 2026-12-01T09:00:00Z   once, optional: the last round's start
//   overdue-reported = 2          once, optional: the last round reported overdue
// and, after the games:
//   bye = ROUND PLAYER pairing|requested   one line per bye, by round
//   withdrawn = PLAYER ROUND      one per withdrawn player: not paired from ROUND on
//   entered = PLAYER ROUND        one per late entrant, in order of entry: paired from ROUND on
// A team match (docs/teams.md "Team matches") has, after `entries`:
//   system = teams                once
//   team-games = 2                once: games per board pair, 1 | 2
// and, after the players, one line per team (team_match.hpp team_line):
//   team = rating captain@example.org 1,2,3,4 Red Knights    ORDER CAPTAIN PLAYERS NAME
//
// format_tournament writes exactly that (keys in that order, a header comment) and
// parse_tournament(format_tournament(t)) == t for every valid t. parse_tournament rejects what
// it cannot read with the line number, then checks the whole with validate (line 0).
#include <optional>
#include <string>
#include <string_view>

#include "club/tournament.hpp"
#include "core/result.hpp"

namespace ck::club {

std::string format_tournament(const Tournament& t);
// "0", "0.5" (also ".5", "1/2"), "1" as tenths of a point.
std::optional<int> parse_bye_points(std::string_view text);
core::Result<Tournament, Error> parse_tournament(std::string_view text);

}  // namespace ck::club
