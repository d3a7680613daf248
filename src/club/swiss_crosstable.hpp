#pragma once
// The crosstable of a Swiss event (docs/swiss.md "Swiss events by mail"): rows in ranking order
// (tiebreaks.hpp) numbered 1..N, then points, the event's tie-breaks in its order, and one cell
// per round paired: the opponent's row number, the colour (w/b) and the result from the row's
// side (1 win, ½ draw, 0 loss, + - by forfeit, . not over), or U (pairing-allocated bye), H F Z
// (a bye of ½, 1, 0 points: requested, or Z for a round after withdrawing). Below the table, the
// last round's pairings (board, White, Black, result) and byes, so that the standings mail sent
// when a round is paired is also its pairings mail.
// Text: monospace UTF-8, no trailing spaces. HTML: a fragment with inline styles, names escaped.
#include <string>

#include "club/crosstable.hpp"
#include "club/tournament.hpp"

namespace ck::club {

std::string swiss_crosstable_text(const Tournament& t, const RatingLabels* ratings = nullptr);
std::string swiss_crosstable_html(const Tournament& t, const RatingLabels* ratings = nullptr);

}  // namespace ck::club
