#pragma once
// How this slice persists a game in the store (games/<id>/):
//   game.ini      key = value lines: variant, hidden, rules, fen (may be empty: the standard
//                 start), white, black (registered addresses), created (ISO 8601), time (spec)
//   requests.log  every request line the referee ruled, in order, one a line with the side
//                 that sent it: "w e4", "b any?", "w resign"
// The state is rebuilt by replaying requests.log through a fresh referee::Game, which is
// deterministic. NEXT STEP: once src/pgn/referee_record lands, the extended PGN record (the
// referee's full record with command annotations) replaces requests.log as the source of
// truth, and replay goes through its verify/replay.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "referee/game.hpp"
#include "rules/types.hpp"

namespace ck::daemon {

struct GameMeta {
    std::string variant;  // command-line name of the rules::Variant
    bool hidden = false;
    std::string rules = "crazykrieg";
    std::string fen;  // empty: the standard start
    std::string white;
    std::string black;
    std::string created;
    std::string time;  // time-control spec (stored only; clocks are a later step)
    const std::string& address(rules::Color c) const {
        return c == rules::Color::White ? white : black;
    }
};

using RequestLine = std::pair<rules::Color, std::string>;

std::string format_game_ini(const GameMeta& meta);
core::Result<GameMeta, std::string> parse_game_ini(const std::string& text);
std::string format_requests(const std::vector<RequestLine>& lines);
core::Result<std::vector<RequestLine>, std::string> parse_requests(const std::string& text);

// Variant names as the umpire accepts them ("kriegspiel" = hidden chess, "crazykrieg" =
// hidden crazyhouse, else rules::find_variant); fills meta.variant / meta.hidden.
core::Result<void, std::string> resolve_variant(const std::string& name, GameMeta& meta);

// A fresh Game for `meta` with every request replayed. Fails when a line's side is not the
// side to move or the referee answers Error (a corrupt log).
core::Result<referee::Game, std::string> replay_game(const GameMeta& meta,
                                                     const std::vector<RequestLine>& lines);

}  // namespace ck::daemon
