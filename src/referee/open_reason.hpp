#pragma once
// Plain-words reasons for illegal attempts in open play (docs/referee-protocol.md: "In open (not
// hidden) play an illegal attempt answers `illegal` with a `reason` key in plain words"). Open play
// shows the whole board, so the reason may name what stands where.
#include <string>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace ck::referee {

// Why own-board move m (a move the mover's own pieces allow, see OwnBoard) is illegal on pos.
std::string open_play_reason(const rules::Position& pos, rules::Move m);

}  // namespace ck::referee
