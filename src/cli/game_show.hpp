#pragma once
// The operator's look at a game (`crazykrieg game show ID [--as white|black|referee]`,
// docs/cli.md): read through the club library, no daemon needed.
#include <string>

#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_repository.hpp"
#include "store/store.hpp"

namespace ck::cli {

// "white"/"black" -> that player's view board text and what they heard; "referee" -> the true FEN
// (operator only) and both views.
// `games`: read through that repository (no replay of a kept game); null: replayed.
// A bad `as` is Invalid; a game that cannot be loaded or replayed keeps its error's kind.
core::Result<std::string, core::Error> show_game(store::Store& store, store::GameId id,
                                                 const std::string& as,
                                                 league::GameRepository* games = nullptr);

}  // namespace ck::cli
