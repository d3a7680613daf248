#pragma once
// Turns a SpectatorView into template data for the spectator mail (compose.hpp spectator_mail).
// Reads only the SpectatorView: the meet of both players' views (referee/spectator_view.hpp),
// so there is nothing private here to leak (docs/design.md: "Hidden information is a type").
#include <cstddef>

#include "compose/template_engine.hpp"
#include "compose/template_set.hpp"
#include "core/result.hpp"
#include "referee/spectator_view.hpp"

namespace ck::compose {

// Fills `c` with: variant, hidden, move_number, to_move_colour, game_over, result,
// result_text, result_reason, has_board, board_rows[rank, cells[char, mark]] (open games only,
// drawn from White's side), board_files[name], has_pockets, white_pocket, black_pocket,
// news[line] from view.events[news_from] on, has_news, moves_text (every move as both players
// know it: the SAN in open games, "..." in hidden games).
core::Result<void, ComposeError> fill_spectator(const TemplateSet& words,
                                                const referee::SpectatorView& view,
                                                std::size_t news_from, Context& c);

}  // namespace ck::compose
