#pragma once
// The crosstable of a team match (docs/teams.md "Team matches"): the match score line
// ("Red Knights 5½ - 2½ Blue Rooks"), then one row per board: the board number, the two
// players (and their ratings in a rated match), one cell per game from the first team's player's
// side (the result 1 ½ 0, + - by forfeit, . not over, and the colour w/b: "1w", "½b") and the
// board score ("1½-½"); below, the match result once every game is over. While the match takes
// rosters: each team's roster in its order (and whether the captain fixed it or the ratings
// will at the start). Text: monospace UTF-8, no trailing spaces. HTML: a fragment with inline
// styles, names escaped.
#include <string>

#include "club/crosstable.hpp"
#include "club/tournament.hpp"

namespace ck::club {

// "Team match, 4 boards, 2 games a pair" (the boards once started).
std::string team_subtitle(const Tournament& t);
// "Rosters open: the games start when the organiser starts the match", "Match in progress: 3 of
// 8 games over", "Final result".
std::string team_status(const Tournament& t);
// "Red Knights win the match 5½-2½", "The match is drawn 4-4"; empty before every game is over.
std::string team_result(const Tournament& t);

std::string team_crosstable_text(const Tournament& t, const RatingLabels* ratings = nullptr);
std::string team_crosstable_html(const Tournament& t, const RatingLabels* ratings = nullptr);

}  // namespace ck::club
