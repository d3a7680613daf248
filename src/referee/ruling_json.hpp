#pragma once
// The umpire's JSON line for one ruling (../shared/spec/referee.md, "Responses"): keys in the
// spec's order, written by hand.
#include <string>
#include <string_view>

#include "referee/game.hpp"
#include "referee/ruling.hpp"

namespace ck::referee {

// JSON string literal of s: quotes, backslashes and control characters escaped; bytes that are
// not valid UTF-8 become U+FFFD.
std::string json_string(std::string_view s);

std::string announcement_json(const Announcement& a);

// {"n":..,"side":..,"request":..,"answer":..,["reason":..,]"move":..,"white":[..],"black":[..],
//  "views":{"white":..,"black":..},"result":..}, or for an error
// {"n":..,"side":..,"request":..,"answer":"error","error":..}. Views come from game.view().
std::string ruling_json(const Ruling& r, const Game& game);

}  // namespace ck::referee
