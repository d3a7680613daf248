#include <catch2/catch.hpp>

#include "swiss/wide_weight.hpp"

using ck::swiss::WideWeight;

TEST_CASE("wide weight: sums carry across limbs and compare as signed numbers") {
    WideWeight a = WideWeight::from_u64(~std::uint64_t{0});
    a += WideWeight(1);
    CHECK(a.field(64, 8) == 1);
    CHECK(a.field(0, 64) == 0);
    CHECK(a > WideWeight::from_u64(~std::uint64_t{0}));
    CHECK(-a < WideWeight(0));
    CHECK((a - a).is_zero());
    CHECK(WideWeight(-5) < WideWeight(3));
    CHECK(WideWeight(-5) + WideWeight(8) == WideWeight(3));
}

TEST_CASE("wide weight: fields placed high stay apart and order lexicographically") {
    WideWeight hi;
    hi.add_at(1, 200);
    WideWeight lo;
    lo.add_at(0xffffffffffffULL, 150);
    lo.add_at(0xffffULL, 0);
    CHECK(hi > lo);
    CHECK(hi.field(200, 8) == 1);
    CHECK(lo.field(150, 48) == 0xffffffffffffULL);
    CHECK(lo.field(0, 16) == 0xffff);
    CHECK(WideWeight(3).shifted_left(130).field(130, 2) == 3);
}

TEST_CASE("wide weight: products and quotients by small ints as LEMON uses them") {
    WideWeight w;
    w.add_at(5, 180);
    const WideWeight four = 4 * w;
    CHECK(four.field(180, 8) == 20);
    CHECK(four / 2 == 2 * w);
    CHECK((-four) / 4 == -w);
    CHECK(WideWeight(-7) / 2 == WideWeight(-3));  // truncation towards zero, like int
    CHECK(WideWeight(7) / 2 == WideWeight(3));
    CHECK(-2 * WideWeight(3) == WideWeight(-6));
    CHECK(std::numeric_limits<WideWeight>::max() > four);
    CHECK(std::numeric_limits<WideWeight>::is_integer);
}
