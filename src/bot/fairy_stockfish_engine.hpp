#pragma once
// `fairy-stockfish` (README "Computer opponents"): Debian's Fairy-Stockfish as a UCI child
// process kept for the game, for open games of the variants it knows (chess, crazyhouse, loop,
// chessgi: `UCI_Variant`; not replacement or putback). Levels are nodes: level 1..20 searches
// 200*level^2 nodes a move (level 1: 200 nodes; 0 means 8), one thread, full skill, so that a
// game is the same every time (Skill Level below 20 draws from the clock).
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "bot/engine_interface.hpp"
#include "core/result.hpp"

namespace ck::bot {

// Fairy-Stockfish's UCI_Variant name for a crazykrieg variant, nullopt if it has none.
std::optional<std::string_view> fairy_stockfish_variant(std::string_view variant);

core::Result<std::unique_ptr<Engine>, EngineError> make_fairy_stockfish(
    const EngineSpec& spec, const referee::PlayerView& start, std::uint64_t seed);

}  // namespace ck::bot
