// Standings: points, Sonneborn-Berger by hand, and the ranking's tie-breaks and shared places.
#include <catch2/catch.hpp>

#include "club/standings.hpp"
#include "club_fixtures.hpp"

using namespace ck::club;
using namespace ck::club::test;

namespace {

const Standing& of(const std::vector<Standing>& s, int seed) {
    for (const Standing& x : s)
        if (x.player == seed - 1) return x;
    FAIL("no standing for seed " << seed);
    return s.front();
}

}  // namespace

TEST_CASE("double round robin: points and Sonneborn-Berger by hand") {
    const auto s = standings(double4());
    // Scores: Anna 4, Boris 3½, Chen 3½, Dana 1 (see club_fixtures.hpp).
    // SB per game:
    //   Anna:  beat Boris (3½) + beat Chen (3½) + drew Chen (3½/2) + beat Dana (1) + drew Dana
    //          (1/2) = 3.5 + 3.5 + 1.75 + 1 + 0.5 = 10.25
    //   Boris: beat Anna (4) + drew Chen twice (1.75 × 2) + beat Dana (1) + drew Dana (0.5) = 9
    //   Chen:  drew Anna (2) + drew Boris twice (3.5) + beat Dana twice (2) = 7.5
    //   Dana:  drew Anna (2) + drew Boris (1.75) = 3.75
    CHECK(of(s, 1).half_points == 8);
    CHECK(of(s, 2).half_points == 7);
    CHECK(of(s, 3).half_points == 7);
    CHECK(of(s, 4).half_points == 2);
    CHECK(of(s, 1).sb_quarters == 41);
    CHECK(of(s, 2).sb_quarters == 36);
    CHECK(of(s, 3).sb_quarters == 30);
    CHECK(of(s, 4).sb_quarters == 15);
    CHECK(of(s, 1).wins == 3);
    CHECK(of(s, 1).draws == 2);
    CHECK(of(s, 1).losses == 1);
    CHECK(of(s, 4).games() == 6);
    // Boris and Chen tie on points; SB puts Boris second.
    REQUIRE(s.size() == 4);
    CHECK(s[0].player == 0);
    CHECK(s[1].player == 1);
    CHECK(s[2].player == 2);
    CHECK(s[3].player == 3);
    for (int i = 0; i < 4; ++i) CHECK(place_text(s[i]) == std::to_string(i + 1));
    CHECK(sb_text(of(s, 1).sb_quarters) == "10.25");
    CHECK(sb_text(of(s, 4).sb_quarters) == "3.75");
}

TEST_CASE("a full tie shares the place, the earlier seed listed first") {
    {
        const auto s = standings(single3());
        // Ivo: drew Jan (1½/2) + beat Kim (0) = 0.75; Jan: beat Kim (0) + drew Ivo = 0.75.
        CHECK(s[0].player == 0);  // earlier seed first
        CHECK(s[1].player == 1);
        CHECK(s[0].sb_quarters == 3);
        CHECK(s[1].sb_quarters == 3);
        CHECK(place_text(s[0]) == "1-2");
        CHECK(place_text(s[1]) == "1-2");
        CHECK(place_text(s[2]) == "3");
        CHECK(s[2].half_points == 0);
    }
}

TEST_CASE("wins break a tie on points and SB, seeding only orders a shared place") {
    // 4 players single (Berger: 1-4 2-3 | 4-3 1-2 | 2-4 3-1). Everyone ends on 1½ points and
    // SB 2.25 (e.g. A: beat D (1½) + drew B (1½/2) = 2.25), but B has no win.
    Tournament t =
        make("t", "T", Kind::Single, {{"A", "a@x"}, {"B", "b@x"}, {"C", "c@x"}, {"D", "d@x"}});
    play(t, 1, 1, 4, W);
    play(t, 1, 2, 3, D);
    play(t, 2, 4, 3, W);
    play(t, 2, 1, 2, D);
    play(t, 3, 2, 4, D);
    play(t, 3, 3, 1, W);
    const auto s = standings(t);
    for (const Standing& x : s) {
        CHECK(x.half_points == 3);
        CHECK(x.sb_quarters == 9);
    }
    CHECK(s[0].player == 0);  // A, C, D: one win each, seed order
    CHECK(s[1].player == 2);
    CHECK(s[2].player == 3);
    CHECK(s[3].player == 1);  // B: no win
    CHECK(place_text(s[0]) == "1-3");
    CHECK(place_text(s[2]) == "1-3");
    CHECK(place_text(s[3]) == "4");
}

TEST_CASE("pending games and byes score nothing") {
    const auto t = unfinished6();
    const auto s = standings(t);
    int games = 0;
    for (const Standing& x : s) games += x.games();
    CHECK(games == 2 * 7);
    const auto s3 = standings(single3());
    for (const Standing& x : s3) CHECK(x.games() == 2);  // 3 rounds, one bye each
}

TEST_CASE("points and SB texts") {
    CHECK(points_text(0) == "0");
    CHECK(points_text(1) == "\xc2\xbd");
    CHECK(points_text(7) == "3\xc2\xbd");
    CHECK(points_text(8) == "4");
    CHECK(sb_text(0) == "0.00");
    CHECK(sb_text(1) == "0.25");
    CHECK(sb_text(30) == "7.50");
    CHECK(sb_text(43) == "10.75");
}
