#pragma once
// Where a game's files live in the store (store.hpp, layout; README "Each game is stored in"),
// and the one-time move from the layout before it.
//   layout 2 (state/format "ck-state 2"): games/<id>.<name>, every game's files in the one
//            directory games/ (creating a game allocates no directory inode: on ext4 the
//            directories were the dearest part of starting a tournament, README "Benchmarks")
//   layout 1 (state/format "ck-state 1", or none): games/<id>/<name>, a directory per game
// A game's id is digits and a file name never starts with '.' (transaction.hpp), so
// "<id>.<name>" splits at its first '.', and no game file looks like a temp file.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>

#include "core/game_id.hpp"
#include "core/io_error.hpp"
#include "core/result.hpp"

namespace ck::store {

using core::GameId;

// "12.record.pgn" for file `name` of game 12 (layout 2).
std::string flat_game_file_name(GameId game, const std::string& name);

// The game and file name of a directory entry of games/ in layout 2; none for any other name
// (a temp file, a layout-1 directory name, anything an operator left there).
std::optional<std::pair<GameId, std::string>> parse_flat_game_file_name(const std::string& entry);

// Moves every layout-1 game directory games/<id>/ of `games` to layout 2, crash-safely and
// idempotently: each file gets its flat name by link(2) (an existing flat name of another inode
// is replaced: until the layout is recorded as 2, the directory's file is the game's), one fsync
// of games/ makes the new names durable, and only then are the old names unlinked and the
// emptied directories removed (a second fsync of games/). A crash at any instant leaves every
// file under at least one durable name, and calling this again finishes the move; the caller
// records layout 2 only after it returned ok. Temp files in a game directory (written by versions
// from before journals, never committed) are removed, not moved. Any other entry in a game
// directory (a subdirectory, a bad name) stops the move with an error naming it.
// `stop_after_for_test`: return ok after this many link/unlink/rmdir steps, as if the process
// died there (tests only; none: run to the end).
core::Result<void, core::IoError> migrate_game_directories(
    const std::filesystem::path& games, std::optional<std::size_t> stop_after_for_test = {});

}  // namespace ck::store
