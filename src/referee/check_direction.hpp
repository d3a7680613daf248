#pragma once
// Check directions as announced (docs/referee-protocol.md, CrazyKrieg rules: "Checks"), seen
// from the checked king: vertical, horizontal, long-diagonal, short-diagonal, knight.
// The two diagonals through a square never have the same length (their lengths are
// 8 - |f - r| and 8 - |f + r - 7|, and f - r and f + r - 7 differ in parity), so "long" and
// "short" are always defined. A pawn's check is diagonal like a bishop's.
#include <string_view>

#include "rules/types.hpp"

namespace ck::referee {

// Direction from king to a checker standing on `checker` of type t.
std::string_view check_direction(rules::Square king, rules::Square checker, rules::PieceType t);

}  // namespace ck::referee
