#pragma once
// Unsigned decimal text: the one digit loop of crazykrieg. The store's files write numbers this
// way (no sign, no spaces, leading zeros allowed); core::parse_game_id (game_id.hpp) adds its own
// spelling rules on top.
#include <cstdint>
#include <string_view>

namespace ck::core {

// True and `out` set when `s` is 1-20 digits whose value fits in 64 bits.
inline bool parse_decimal(std::string_view s, std::uint64_t& out) {
    if (s.empty() || s.size() > 20) return false;
    std::uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        const auto d = static_cast<std::uint64_t>(c - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
    }
    out = v;
    return true;
}

}  // namespace ck::core
