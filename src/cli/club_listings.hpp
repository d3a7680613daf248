#pragma once
// The read-only sub-commands of the organiser commands (docs/cli.md, "Subcommands for the people
// who run a club"): `player list`, `game list|show|pgn`, `tournament list|show|pgn|trf`. They read
// the club's store through the club library and need no daemon. Their command's row, its option
// parsing and its one --help stay with the command (app/player_command.cpp, game_command.cpp,
// tournament_command.cpp: their other sub-commands act through the daemon), which opens the store
// (open_command_store, command_setup.hpp) and calls these. Each prints its answer on stdout,
// an error as "crazykrieg COMMAND: MESSAGE" on stderr, and returns the exit code.
#include <string>

#include "league/players.hpp"
#include "store/store.hpp"

namespace ck::cli {

// `player list`: one registered player a line, ADDRESS<tab>NAME, in the order of registration.
int list_players(const league::Players& players);

// `game list`: one game a line: id, variant [hidden RULES], white, black, created, and the result
// ("1-0", "1/2-1/2") or "in progress" (the record's Result tag: no replay).
int list_games(const store::Store& store);

// `game show ID` (cli/game_show.hpp) or `game pgn ID` (the stored record as `as` may read it:
// league/game_files.hpp record_text), `word` being "show" or "pgn" and `as` one of white, black,
// referee (checked by the caller). Inside a running serve the game is read through its
// repository (hosting_club(): a kept game is not replayed). A bad ID is a usage error (exit 2).
int print_game(store::Store& store, const std::string& word, const std::string& id,
               const std::string& as);

// `tournament list`: one line per event: id, games finished/total (entries, rosters or the
// Swiss round where they say more), name. An event that cannot be read is named on stderr and
// skipped.
int list_tournaments(const store::Store& store);

// `tournament show ID` (the crosstable as monospace text), `pgn ID` (the event's PGN archive) or
// `trf ID` (a Swiss under way as a FIDE report file: on stdout, or written to `out_file` when not
// empty), `word` being "show", "pgn" or "trf".
int print_tournament(const store::Store& store, const std::string& word, const std::string& id,
                     const std::string& out_file);

}  // namespace ck::cli
