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

// The subtitle, the status line and the result line: team_subtitle, team_status and
// team_result (team_match.hpp).

std::string team_crosstable_text(const Tournament& t, const RatingLabels* ratings = nullptr);
std::string team_crosstable_html(const Tournament& t, const RatingLabels* ratings = nullptr);

}  // namespace ck::club
