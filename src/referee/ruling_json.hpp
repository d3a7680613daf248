#pragma once
// The umpire's JSON line for one ruling (docs/referee-protocol.md, "Responses"): keys in the
// spec's order, written by hand.
#include <string>
#include <string_view>

#include "core/text.hpp"
#include "referee/game.hpp"
#include "referee/ruling.hpp"

namespace ck::referee {

// JSON string literal of s (core/text.hpp).
using core::json_string;

std::string announcement_json(const Announcement& a);

// {"n":..,"side":..,"request":..,"answer":..,["reason":..,]"move":..,"white":[..],"black":[..],
//  "views":{"white":..,"black":..},"result":..}, or for an error
// {"n":..,"side":..,"request":..,"answer":"error","error":..}. Views come from game.view().
std::string ruling_json(const Ruling& r, const Game& game);

}  // namespace ck::referee
