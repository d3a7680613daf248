#pragma once
// Move text for perft output (--divide) and the perft suite: UCI with crazykrieg's extensions.
// Kept here rather than using notation.hpp's to_uci so that perft does not depend on the SAN
// module. Format: e2e4, e7e8q, N@f5, P@d5; a Replacement/Putback placement adds "/d6"; a Putback
// owner's promotion choice is a prefix "Q:" (Q:e2e4).
#include <string>

#include "rules/move.hpp"

namespace ck::rules {

std::string perft_move_text(Move m);

}  // namespace ck::rules
