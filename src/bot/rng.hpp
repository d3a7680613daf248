#pragma once
// A small deterministic generator (SplitMix64) for the engines: the same seed gives the same
// attempts on every machine, whatever the threads or processes of a match (README "Computer
// opponents").
#include <cstdint>

namespace ck::bot {

class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n); n > 0.
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    // Uniform in [0, 1).
    double unit() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }

private:
    std::uint64_t state_;
};

// A seed derived from a base seed and a few numbers (game, ply, attempt): independent streams.
inline std::uint64_t mix_seed(std::uint64_t base, std::uint64_t a, std::uint64_t b = 0) {
    Rng r(base ^ (a * 0x2545f4914f6cdd1dULL) ^ (b * 0x9e3779b97f4a7c15ULL));
    r.next();
    return r.next();
}

}  // namespace ck::bot
