#pragma once
// kriegspiel.org's baseline opponents (issue 22), for every variant and rule set, open and
// hidden (README "Computer opponents"):
// - `random`: a random attempt among those the player's own pieces allow (open play: a random
//   legal move), never one refused this turn;
// - `random-any`: the same, but first `any?` where the rule set has it and a pawn capture is
//   possible on the own board, and pawn captures while the duty binds;
// - `heuristic`: recapture on the square where it just lost a unit, then promote (to a queen),
//   `any?` half the time, then longer moves first (drops count as length 1), ties at random.
// Each is a function of (seed, view): no state between calls.
#include <cstdint>
#include <memory>

#include "bot/engine_interface.hpp"

namespace ck::bot {

enum class Baseline : unsigned char { Random, RandomAny, Heuristic };

std::unique_ptr<Engine> make_baseline(Baseline kind, std::uint64_t seed);

}  // namespace ck::bot
