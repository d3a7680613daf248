#pragma once
// Crosstables of a round robin (README "Challenges and tournaments by mail"): rows in ranking order
// (standings.hpp), numbered 1..N; column j holds the row's games against the player of row j.
//
// A cell holds one symbol per game between the two, in round order (so two in a double round
// robin: "1½" = won the first-cycle game, drew the second), from the row player's side:
//   1 win, ½ draw (U+00BD), 0 loss, + win by forfeit, - loss by forfeit, . not finished;
//   the diagonal is "X" per cycle.
// Text: monospace UTF-8, no trailing spaces, every line within 78 columns for up to 10 players
// of a double round robin (12 of a single); names are cut with "…" at 28 columns, or sooner
// when the row needs the room. Larger events get wider lines rather than lose columns.
// HTML: a fragment (<div> holding a heading, one <table> and a legend) with inline styles only
// and no external resources; every name is escaped. The daemon wraps it in its mail template.
// While entries are open (tournament.hpp) both show the entry list instead: title, subtitle,
// "Entries open: N players so far" and the entrants numbered in order of entry. A Swiss event
// has a table of its own (swiss_crosstable.hpp); crosstable_text/html render it.
#include <map>
#include <string>
#include <vector>

#include "club/standings.hpp"
#include "club/tournament.hpp"

namespace ck::club {

struct Crosstable {
    std::string title;           // the tournament's name
    std::string subtitle;        // "Double round robin, 4 players; crazyhouse, hidden, time 3d"
    std::string status;          // "Final standings" / "Standings after 7 of 12 games"
    std::vector<Standing> rows;  // ranking order
    std::vector<std::vector<std::string>> cells;  // [row][column], see above
    std::vector<std::string> legend;              // lines explaining symbols and ranking
};

// t.entries_open or a Swiss (swiss_crosstable.hpp): title, subtitle and status only.
Crosstable make_crosstable(const Tournament& t);
std::string entries_status(const Tournament& t);  // "Entries open: 3 players so far"
// A Swiss under way: "Standings after round 2 of 5", "Round 3 of 5 in progress: 4 of 5 games
// over".
std::string swiss_status(const Tournament& t);
// Rating labels by lower-case address ("1623", "1500?", club/ratings.hpp): when given, both
// crosstables get a "Rtg" column after the name (rated events, README "Ratings"); a player
// without a label shows "-". Null: no column (casual events; the layout of before).
using RatingLabels = std::map<std::string, std::string>;
std::string crosstable_text(const Tournament& t, const RatingLabels* ratings = nullptr);
std::string crosstable_html(const Tournament& t, const RatingLabels* ratings = nullptr);

}  // namespace ck::club
