#pragma once
// What the crosstables show of a knockout or a group stage (docs/knockout.md "Standings"):
// each group's round-robin crosstable (crosstable.hpp) with who advances, then the bracket
// round by round: every match as "(seed) Name - (seed) Name: score (games)" and the outcome on
// the line below. The higher seed is named first and the games' results are from its side
// (1 ½ 0, + - by forfeit, . not over; a tie-break match after ", tie-break"); the outcome is
// "X advances" (and how: on a bye, by the tie-break match, on seed) or "in progress"; rounds
// not yet paired say so.
// Text: monospace UTF-8, no trailing spaces. HTML: a fragment with inline styles, names escaped.
#include <string>

#include "club/crosstable.hpp"
#include "club/tournament.hpp"

namespace ck::club {

// The subtitle's first words and the status line: stage_kind_text and stage_status
// (knockout.hpp).
std::string stage_crosstable_text(const Tournament& t, const RatingLabels* ratings = nullptr);
std::string stage_crosstable_html(const Tournament& t, const RatingLabels* ratings = nullptr);

}  // namespace ck::club
