#pragma once
// Turns a PlayerView into template data: the board drawn from the player's side, both pockets,
// the announcements as sentences from templates/words, the move list as the player knows it
// (docs/mail-protocol.md, "What the referee sends"). Reads only the PlayerView: there is nothing
// else here to leak (docs/design.md: "Hidden information is a type").
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "compose/template_engine.hpp"
#include "compose/template_set.hpp"
#include "core/game_id.hpp"
#include "core/result.hpp"
#include "referee/player_view.hpp"

namespace ck::compose {

// One turn as the player heard it: the mover's tries, the `moved` announcement and what
// followed it (capture, drop, checks, game over). The last group of a view may have no move
// yet (tries in the current turn, or a resignation).
struct PlyGroup {
    rules::Color side = rules::Color::White;
    int number = 1;         // full-move number of the move
    std::size_t begin = 0;  // [begin, end) in PlayerView::heard
    std::size_t end = 0;
    std::size_t moved = 0;  // index of the `moved` announcement; == end when none
};

// The ply groups of `view.heard`, in order. The side of each is counted back from the side to
// move (the last move was made by the side not to move).
std::vector<PlyGroup> ply_groups(const referee::PlayerView& view);

// Number of moves played that the player heard of.
int plies_played(const referee::PlayerView& view);

// Index in `heard` where "since your last turn" begins: the start of the player's own latest
// turn (their tries and move), or 0. `groups`: ply_groups(view), when the caller has them.
std::size_t last_turn_start(const referee::PlayerView& view);
std::size_t last_turn_start(const referee::PlayerView& view, const std::vector<PlyGroup>& groups);

// The sentence for one announcement made during `side`'s turn, for `view.player`.
core::Result<std::string, ComposeError> sentence(const TemplateSet& words,
                                                 const referee::PlayerView& view,
                                                 const referee::Announcement& a, rules::Color side);

// Fills `cell` for the board square `sq` holding `p` (rules::NoPiece: empty): char (the letter,
// "." when empty), mark ("~" promoted, else " "), figure (the Unicode figure, empty when
// empty), square ("e4"), label (the piece in words for screen readers, "White queen (promoted)";
// empty when empty), and the flags light and promoted.
core::Result<void, ComposeError> fill_board_cell(const TemplateSet& words, rules::Piece p,
                                                 rules::Square sq, bool promoted, Context& cell);

// Fills `c` with: board_rows[rank, cells[char, mark, figure, square, label, light, promoted]],
// board_files[name], has_promoted, has_pockets, your_pocket, opponent_pocket, your_colour,
// opponent_colour, variant, hidden, move_number, moves_text (wrapped at 76 columns),
// move_rows[number, white, black], has_moves, your_turn, game_over, result_text,
// result_reason, to_move_colour; view_board (true) and view_list (false), which
// list_view.hpp fill_text_view sets from the recipient's setting. `game` keeps the move list
// for the game's next mail (move_list.hpp); none: made afresh. `groups` is ply_groups(view): a
// mail computes them once for all its parts (the second form does it here).
core::Result<void, ComposeError> fill_view(const TemplateSet& words,
                                           const referee::PlayerView& view,
                                           const std::vector<PlyGroup>& groups, Context& c,
                                           std::optional<core::GameId> game = {});
core::Result<void, ComposeError> fill_view(const TemplateSet& words,
                                           const referee::PlayerView& view, Context& c,
                                           std::optional<core::GameId> game = {});

// Fills `c` with has_moves, move_rows[number, white, black] (the rows that can no longer change
// as the list's kept head, Context::growing, the last row in Context::lists) and moves_text
// (wrapped at `width` columns), keeping the list for the game's next mail under move_list.hpp's
// contract (defined in move_list.cpp). `game` tells games apart; none:
// nothing is kept, the list is made afresh. `groups` is ply_groups(view).
core::Result<void, ComposeError> fill_move_list(const TemplateSet& words,
                                                const referee::PlayerView& view,
                                                const std::vector<PlyGroup>& groups,
                                                std::optional<core::GameId> game, std::size_t width,
                                                Context& c);

// Fills `c` with news[line]: the sentences heard from `heard[from]` on; has_news. `groups`:
// ply_groups(view), when the caller has them.
core::Result<void, ComposeError> fill_news(const TemplateSet& words,
                                           const referee::PlayerView& view, std::size_t from,
                                           Context& c);
core::Result<void, ComposeError> fill_news(const TemplateSet& words,
                                           const referee::PlayerView& view,
                                           const std::vector<PlyGroup>& groups, std::size_t from,
                                           Context& c);

}  // namespace ck::compose
