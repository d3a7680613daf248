#pragma once
// How a game ends by the rules alone (docs/referee-protocol.md, "Game end is automatic", detail 9).
#include <cstdint>

#include "rules/position.hpp"

namespace ck::rules {

enum class Termination : std::uint8_t {
    None,
    Checkmate,
    Stalemate,
    Repetition,            // the position (pockets and promoted marks included) for the 3rd time
    FiftyMoves,            // half-move clock at 100
    InsufficientMaterial,  // only where no pocket holds material
};

// Checkmate and stalemate first, then threefold repetition, the fifty-move rule and
// insufficient material, in that order.
Termination termination(const Position& pos);

}  // namespace ck::rules
