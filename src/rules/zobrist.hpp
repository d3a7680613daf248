#pragma once
// Zobrist keys, generated at compile time (no start-up order issues). The position key covers
// the board, promoted marks, pockets (a key per count), side to move, castling rights and the
// en-passant targets that can really be taken (docs/referee-protocol.md detail 9).
#include <cstdint>

#include "rules/types.hpp"

namespace ck::rules::zobrist {

// Pocket counts above this share the last key (more is impossible with 32 units).
constexpr int MaxPocketCount = 64;

struct Keys {
    std::uint64_t psq[16][64]{};  // index: Piece value (colour << 3 | type)
    std::uint64_t promoted[64]{};
    std::uint64_t pocket[2][PocketTypes][MaxPocketCount + 1]{};
    std::uint64_t castling[16]{};
    std::uint64_t ep[64]{};
    std::uint64_t side = 0;
};

constexpr std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr Keys make_keys() {
    Keys k{};
    std::uint64_t s = 0x2545F4914F6CDD1DULL;
    for (auto& row : k.psq)
        for (auto& v : row) v = splitmix(s);
    for (auto& v : k.promoted) v = splitmix(s);
    for (auto& c : k.pocket)
        for (auto& t : c)
            for (int n = 1; n <= MaxPocketCount; ++n) t[n] = splitmix(s);  // count 0: key 0
    for (int i = 1; i < 16; ++i) k.castling[i] = 0;
    // Castling keys compose: key(rights) = xor of the single-right keys.
    std::uint64_t single[4] = {splitmix(s), splitmix(s), splitmix(s), splitmix(s)};
    for (int i = 0; i < 16; ++i)
        for (int b = 0; b < 4; ++b)
            if (i & (1 << b)) k.castling[i] ^= single[b];
    for (auto& v : k.ep) v = splitmix(s);
    k.side = splitmix(s);
    return k;
}

inline constexpr Keys keys = make_keys();

inline std::uint64_t psq(Piece p, Square s) { return keys.psq[static_cast<int>(p)][s]; }
inline std::uint64_t pocket(Color c, PieceType t, int count) {
    return keys.pocket[index_of(c)][index_of(t)][count > MaxPocketCount ? MaxPocketCount : count];
}

}  // namespace ck::rules::zobrist
