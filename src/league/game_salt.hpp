#pragma once
// The secret salt of a hidden game's fairness receipts (pgn/referee_record.hpp, README
// "Fairness receipts"): 32 random bytes as 64 lower-case hex digits, drawn once at creation,
// kept in game.ini and revealed only in the finished game's record.
#include <string>

namespace ck::league {

std::string new_game_salt();

}  // namespace ck::league
