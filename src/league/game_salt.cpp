#include "league/game_salt.hpp"

#include "core/crypto.hpp"

namespace ck::league {

std::string new_game_salt() { return core::random_hex(32); }

}  // namespace ck::league
