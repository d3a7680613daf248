#include "daemon/game_salt.hpp"

#include <cstdint>
#include <random>

#include "core/sha256.hpp"

namespace ck::daemon {

std::string new_game_salt() {
    std::random_device rd;  // the OS's entropy source (getrandom / /dev/urandom)
    std::uint8_t bytes[32];
    for (std::size_t i = 0; i < sizeof bytes; i += 4) {
        const std::uint32_t v = rd();
        for (std::size_t k = 0; k < 4; ++k) bytes[i + k] = static_cast<std::uint8_t>(v >> (8 * k));
    }
    return core::to_hex(bytes, sizeof bytes);
}

}  // namespace ck::daemon
