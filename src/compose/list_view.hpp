#pragma once
// The non-visual view of a game (issue 21, `set view list`; README "Mail protocol for players"):
// the player's position and what the referee told them, as sentences, for readers who cannot see
// a board (screen readers, braille displays, speech). No drawing, no box or figure characters:
// every line is words, squares, digits and punctuation.
//
//   White: King g1; Queen d1; Rooks a1, f1; Bishops c4, e3; Knight f3; Pawns a2, b2, c2, e4,
//   f2, g2, h2. In hand: Knight.
//   Black in hand: Pawn.
//
// THE CONTRACT (docs/design.md "Hidden information is a type"): built only from the player's
// referee::PlayerView, the same object the board mail renders, and the words file. In hidden play
// it names only the player's own pieces, both pockets (public) and the announcements addressed
// to the player; two equal views give byte-identical text. Pure: no clock, no I/O, no Position.
//
// Order: King, Queen, Rooks, Bishops, Knights, Pawns; squares by file, then rank; a promoted
// piece's square is followed by " (promoted)". One piece of a kind is singular ("Knight f3"),
// more are plural. A variant without pockets has no "In hand" sentences; an empty pocket is
// "In hand: nothing." Open play lists both sides, the player's first ("White: ...; In hand:
// ...", then "Black: ..."); hidden play lists the player's side and the opponent's pocket only.
// All wording comes from templates/words (keys `list-*`, `piece-*`, `pieces-*`).
#include <string>
#include <vector>

#include "compose/template_engine.hpp"
#include "compose/template_set.hpp"
#include "core/result.hpp"
#include "referee/player_view.hpp"
#include "referee/spectator_view.hpp"

namespace ck::compose {

// How the text part of a mail shows a position (README "Your settings", `set view
// board|list|both`): the drawn board and the compact move list (the default), this list view
// (the pieces and pockets in words, the moves in full sentences, no drawing), or both. The HTML
// part always shows its table board.
enum class TextView : unsigned char { Board, List, Both };

struct ListView {
    // The position: one line per side shown ("White: King g1; ...; Pawns a2, b2. In hand:
    // Knight."), then, in hidden play, the opponent's pocket ("Black in hand: Pawn.").
    std::vector<std::string> position;
    // Every ply the player heard of, oldest first, with its announcements in full sentences:
    // "Move 2, White: You played exd5. Pawn captured on d5." (the player's own refused tries
    // included: "You tried Qh5: No.").
    std::vector<std::string> moves;
};

core::Result<ListView, ComposeError> list_view(const TemplateSet& words,
                                               const referee::PlayerView& view);

// The position and the moves joined as the text part prints them: the position lines, a blank
// line, "Moves as you know them:" and one line per ply (or "No move yet."). Lines are not
// wrapped here (the mail's text part wraps at 78 columns).
core::Result<std::string, ComposeError> list_view_text(const TemplateSet& words,
                                                       const referee::PlayerView& view);

// For templates: sets list_position[line], list_moves[line] and the flag has_list_moves.
core::Result<void, ComposeError> fill_list_view(const TemplateSet& words,
                                                const referee::PlayerView& view, Context& c);

// THE ONE PLACE the view setting reaches the text templates: sets the flags view_board and
// view_list that templates/board.txt and templates/moves.txt (the partials every mail showing a
// position includes) choose by and, when the list is shown, fill_list_view's names.
core::Result<void, ComposeError> fill_text_view(const TemplateSet& words, TextView mode,
                                                const referee::PlayerView& view, Context& c);

// The same for a follower's mail (templates/spectator.txt): view_board, view_list,
// has_list_position and list_position[line], from the SpectatorView only: open play lists both
// sides ("White: ... In hand: ...", then "Black: ..."), hidden play only both pockets ("White
// in hand: Pawn.").
core::Result<void, ComposeError> fill_spectator_text_view(const TemplateSet& words, TextView mode,
                                                          const referee::SpectatorView& view,
                                                          Context& c);

// "Knight", "Knights" (capitalised, from words `piece-knight` / `pieces-knight`).
core::Result<std::string, ComposeError> piece_name(const TemplateSet& words, rules::PieceType type,
                                                   bool plural);

}  // namespace ck::compose
