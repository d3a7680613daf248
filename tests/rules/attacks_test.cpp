// The slider tables with their fixed magic multipliers (src/rules/attacks.cpp): every occupancy
// subset of every mask must give the attack set a plain ray walk gives, and Between/Line must
// match the ray walk too.
#include <catch2/catch.hpp>

#include "rules/attacks.hpp"

using namespace ck::rules;

namespace {

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Squares a slider on s reaches along dirs, stopping at (and including) the first occupied one.
Bitboard ray_walk(const int (&dirs)[4][2], int s, Bitboard occ) {
    Bitboard out = 0;
    for (const auto& d : dirs) {
        for (int f = s % 8 + d[0], r = s / 8 + d[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
             f += d[0], r += d[1]) {
            const Bitboard t = Bitboard{1} << (r * 8 + f);
            out |= t;
            if (occ & t) break;
        }
    }
    return out;
}

// Checks all 2^popcount(mask) subsets of each square's mask, plus pieces outside the mask
// (which the lookup must ignore).
void check_all_subsets(const int (&dirs)[4][2], const attacks::Magic* magics,
                       Bitboard (*lookup)(Square, Bitboard)) {
    std::size_t mismatches = 0, subsets = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = static_cast<Square>(sq);
        const Bitboard mask = magics[sq].mask;
        REQUIRE((mask & bb(s)) == 0);
        Bitboard b = 0;
        do {
            const Bitboard noise = ~mask & ~bb(s) & 0x8100000000000081ULL;
            if (lookup(s, b) != ray_walk(dirs, sq, b)) ++mismatches;
            if (lookup(s, b | noise) != ray_walk(dirs, sq, b | noise)) ++mismatches;
            ++subsets;
            b = (b - mask) & mask;
        } while (b);
    }
    CHECK(mismatches == 0);
    CHECK(subsets > 0);
}

}  // namespace

TEST_CASE("rook magic lookups match a ray walk for every occupancy", "[rules][attacks]") {
    attacks::init();
    check_all_subsets(RookDirs, attacks::RookMagics, attacks::rook);
    // The "fancy" table holds exactly one slot per subset: 0x19000 rook entries in all.
    std::size_t total = 0;
    for (const auto& m : attacks::RookMagics) total += std::size_t{1} << popcount(m.mask);
    CHECK(total == 0x19000);
}

TEST_CASE("bishop magic lookups match a ray walk for every occupancy", "[rules][attacks]") {
    attacks::init();
    check_all_subsets(BishopDirs, attacks::BishopMagics, attacks::bishop);
    std::size_t total = 0;
    for (const auto& m : attacks::BishopMagics) total += std::size_t{1} << popcount(m.mask);
    CHECK(total == 0x1480);
}

TEST_CASE("Between and Line agree with ray walks", "[rules][attacks]") {
    attacks::init();
    std::size_t mismatches = 0;
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            const Bitboard ba = Bitboard{1} << a, bbit = Bitboard{1} << b;
            Bitboard between = 0, line = 0;
            for (const auto* dirs : {&RookDirs, &BishopDirs}) {
                if (a != b && (ray_walk(*dirs, a, 0) & bbit)) {
                    between = ray_walk(*dirs, a, bbit) & ray_walk(*dirs, b, ba);
                    line = (ray_walk(*dirs, a, 0) & ray_walk(*dirs, b, 0)) | ba | bbit;
                }
            }
            if (attacks::Between[a][b] != between || attacks::Line[a][b] != line) ++mismatches;
        }
    }
    CHECK(mismatches == 0);
    // Spot checks by hand: a1-h8 diagonal, a1-a8 file.
    CHECK(attacks::Between[0][63] == 0x0040201008040200ULL);
    CHECK(attacks::Line[0][56] == FileABB);
    CHECK(attacks::Between[0][10] == 0);  // a1 and c2 are not aligned
}
