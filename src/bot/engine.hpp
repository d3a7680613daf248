#pragma once
// Computer opponents (README "Computer opponents"): the engines the club knows, by their spec
// (engine_interface.hpp: what an engine is, and its contract).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "bot/engine_interface.hpp"
#include "core/result.hpp"
#include "referee/player_view.hpp"

namespace ck::bot {

// Parses a spec; an unknown engine or key is an error naming it.
core::Result<EngineSpec, EngineError> parse_engine_spec(std::string_view text);

// One engine for one side of one game. Fails when the engine cannot play the game (e.g.
// fairy-stockfish in a hidden game or a variant it does not know, or its program is missing).
core::Result<std::unique_ptr<Engine>, EngineError> make_engine(const EngineSpec& spec,
                                                               const referee::PlayerView& start,
                                                               std::uint64_t seed);

// Why `spec` cannot play a game of `variant` (a rules::Variant name) open or hidden, from the
// standard start or not (`fen`); nullopt when it can (fairy-stockfish: open games of the
// variants it knows; belief: hidden games from the standard start; the baselines: every game).
// The daemon asks before a bot accepts a challenge (daemon/bots.hpp).
std::optional<std::string> engine_cannot_play(const EngineSpec& spec, std::string_view variant,
                                              bool hidden, bool fen);

// The names make_engine knows, for usage messages.
std::string_view engine_names();

}  // namespace ck::bot
