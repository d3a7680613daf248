#pragma once
// Private helper of rules::parse_move (notation.hpp): why a move token failed in a position, named
// as one of the defects of tests/data/pgn/invalid.key (illegal castling, drop on an occupied
// square, drop of a promoted piece, leaves the king in check, ...).
#include <array>
#include <string>
#include <string_view>

#include "rules/notation_syntax.hpp"
#include "rules/position.hpp"

namespace ck::rules::detail {

struct Diagnosis {
    MoveDefect kind;
    std::string detail;  // what exactly is wrong, without the kind's name
};

// token failed in pos with error err. captured_promoted[t] counts the promoted pieces of type t
// the side to move has captured so far in the game (a Crazyhouse pocket holds them as pawns; a
// Loop pocket would hold them as they are).
Diagnosis diagnose(const rules::Position& pos, std::string_view token,
                   const rules::NotationError& err,
                   const std::array<int, rules::PocketTypes>& captured_promoted);

}  // namespace ck::rules::detail
