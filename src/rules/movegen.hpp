#pragma once
// Legal move generation for every variant (variant differences come from Variant data). The
// generator itself is move_generator.hpp, which Position uses too (en passant, is_legal).
#include <cstdint>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace ck::rules {

// All legal moves of the side to move, including drops, castling, en passant, promotions (Q R B
// N), every placement of Replacement/Putback captures and the Putback pending-promotion choice.
void generate_legal(const Position& pos, MoveList& out);

// Leaf count of the legal move tree (perft). Bulk-counts the last ply.
std::uint64_t perft(Position& pos, int depth);

}  // namespace ck::rules
