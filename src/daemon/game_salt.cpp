#include "daemon/game_salt.hpp"

#include "core/crypto.hpp"

namespace ck::daemon {

std::string new_game_salt() { return core::random_hex(32); }

}  // namespace ck::daemon
