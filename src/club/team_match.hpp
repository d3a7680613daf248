#pragma once
// Team matches (system Teams; docs/teams.md "Team matches"): two teams with ordered rosters,
// board n of one team against board n of the other, 1 or 2 games per board pair, the team score
// the sum of its board points.
//
// Contracts:
// - While the match takes rosters (Tournament::entries_open) it has no pairings; the captain of
//   a team replaces its roster by mail (set_roster). At the start the daemon orders the rosters
//   a captain did not order by pool rating (order_rosters), then close_entries makes the
//   pairings (team_pairings): all of them, pending, started at once.
// - Colours: with 1 game a pair, the first team has White on boards 1, 3, 5, ... and Black on
//   the others; with 2, game 1 ("round 1") is so and game 2 ("round 2") has the colours
//   reversed, so every pair plays one game with each colour.
// - Points are counted in half points (a win 2, a draw 1); a pending game counts for nobody.
// - Every function is pure (no I/O, no clock); all but check_team_match assume a valid event.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "club/tournament_data.hpp"
#include "core/result.hpp"

namespace ck::club {

// The team-match invariants (validate calls this for system Teams, after the fields and the
// players are checked): 1 or 2 games a pair; two teams with non-empty one-line names, distinct
// (ASCII case-insensitive); a captain address empty or a plain address; every player on exactly
// one roster; no byes nor withdrawals; a single-kind event. Started (entries closed): rosters of
// the same size (the boards), pairings exactly team_pairings(t) with unique game ids and
// lower-case ending words. Taking rosters: no pairings.
core::Result<void, Error> check_team_match(const Tournament& t);
// validate (tournament.hpp) of a team match: the fields and players every event checks
// (tournament_data.hpp; 0 players while taking rosters, 2 once started), then check_team_match.
core::Result<void, Error> check_team_event(const Tournament& t);

// The pairings of the rosters as they stand (contract above): by game then board, pending.
std::vector<Pairing> team_pairings(const Tournament& t);

// The number of boards: the shorter roster.
int boards(const Tournament& t);

// The team of `address` as captain (ASCII case-insensitive), else nullopt.
std::optional<std::size_t> captain_team(const Tournament& t, std::string_view address);
// The team whose roster holds player `player`; nullopt for none.
std::optional<std::size_t> team_of(const Tournament& t, int player);

// Replaces the roster of team `team` by `members` in board order and marks it ordered, while the
// match takes rosters. The players of the event become the rosters' players, team by team.
// EntriesClosed once the match has started; BadPlayers for a member on the other team's roster
// (named) or a roster of more than MaxPlayers in all. Leaves `t` unchanged on error.
core::Result<void, Error> set_roster(Tournament& t, std::size_t team, std::vector<Player> members);

// Sorts every roster not `ordered` by `rating` (of an address), highest first; equal ratings
// keep their roster order. Then marks nothing: `ordered` stays what the captain asked.
void order_rosters(Tournament& t, const std::function<double(const std::string&)>& rating);

// One board of a started match: its two players (indices) and its games in game order.
struct Board {
    int number = 0;  // 1-based
    int first = 0;   // player of the first team
    int second = 0;  // player of the second team
    std::vector<const Pairing*> games;
    int first_half = 0, second_half = 0;  // half points from the games over
};
std::vector<Board> match_boards(const Tournament& t);

struct MatchScore {
    int first_half = 0, second_half = 0;  // team scores in half points
    std::size_t over = 0, total = 0;      // games over, games in all
};
MatchScore match_score(const Tournament& t);

// The words the crosstables (team_crosstable.hpp) and the daemon's mails show of the match.
// "Team match, 4 boards, 2 games a pair" (the boards once started).
std::string team_subtitle(const Tournament& t);
// "Rosters open: the games start when the organiser starts the match", "Match in progress: 3 of
// 8 games over", "Final result".
std::string team_status(const Tournament& t);
// "Red Knights win the match 5½-2½", "The match is drawn 4-4"; empty before every game is over.
std::string team_result(const Tournament& t);

}  // namespace ck::club

namespace ck::club {

// tournament.ini lines of a team match (tournament_file.hpp): the value of one `team = ` line,
// "ORDER CAPTAIN PLAYERS NAME": ORDER `captain` (ordered) or `rating`; CAPTAIN an address or
// "-"; PLAYERS 1-based player numbers joined by ',' in board order, or "-" for none; NAME the
// rest of the line.
std::string team_line(const Team& team);
std::optional<Team> parse_team_line(std::string_view value);

}  // namespace ck::club
