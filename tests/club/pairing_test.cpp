// Berger tables (FIDE Handbook C.05, Annex 1): the printed tables for 4, 6 and 8 players, and
// the round-robin properties for every size from 2 to 16, single and double.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <sstream>

#include "club/pairing.hpp"

using namespace ck::club;

namespace {

// "1-4 2-3" (1-based, White first) for one round.
std::string round_text(int players, int round) {
    std::ostringstream s;
    for (const Pair& p : berger_round(players, round))
        s << (s.tellp() > 0 ? " " : "") << p.white + 1 << "-" << p.black + 1;
    return s.str();
}

}  // namespace

TEST_CASE("Berger tables match FIDE C.05 Annex 1") {
    const std::vector<std::string> four = {"1-4 2-3", "4-3 1-2", "2-4 3-1"};
    const std::vector<std::string> six = {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5",
                                          "6-5 1-4 2-3", "3-6 4-2 5-1"};
    const std::vector<std::string> eight = {"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6",
                                            "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4",
                                            "4-8 5-3 6-2 7-1"};
    for (int r = 1; r <= 3; ++r) CHECK(round_text(4, r) == four[r - 1]);
    for (int r = 1; r <= 5; ++r) CHECK(round_text(6, r) == six[r - 1]);
    for (int r = 1; r <= 7; ++r) CHECK(round_text(8, r) == eight[r - 1]);
    // Odd counts play the next even table; whoever meets the phantom has the bye.
    CHECK(rounds_per_cycle(3) == 3);
    CHECK(round_text(3, 1) == "2-3");      // 1 meets phantom 4
    CHECK(round_text(3, 2) == "1-2");      // 3 meets 4
    CHECK(round_text(3, 3) == "3-1");      // 2 meets 4
    CHECK(round_text(5, 2) == "5-3 1-2");  // 6-4 dropped: 4 has the bye
}

TEST_CASE("round robins: everyone meets once per cycle, once a round, colours balanced") {
    for (int n = 2; n <= 16; ++n) {
        for (Kind kind : {Kind::Single, Kind::Double}) {
            INFO(n << " players, " << (kind == Kind::Double ? "double" : "single"));
            const int per_cycle = rounds_per_cycle(n);
            const int cycles = kind == Kind::Double ? 2 : 1;
            const std::vector<Pairing> games = round_robin(n, kind);
            CHECK(games.size() == static_cast<std::size_t>(cycles * n * (n - 1) / 2));
            std::map<std::pair<int, int>, int> met;       // (cycle, a*100+b) -> times, a < b
            std::map<std::pair<int, int>, int> white_of;  // (cycle, pair) -> white player
            std::set<std::pair<int, int>> busy;           // (round, player)
            std::vector<std::vector<int>> whites(cycles, std::vector<int>(n, 0));
            std::vector<std::vector<int>> blacks(cycles, std::vector<int>(n, 0));
            int last_round = 0;
            for (const Pairing& g : games) {
                REQUIRE(g.round >= 1);
                REQUIRE(g.round <= cycles * per_cycle);
                CHECK(g.round >= last_round);
                last_round = g.round;
                CHECK(g.white != g.black);
                CHECK(g.outcome == Outcome::Pending);
                CHECK_FALSE(g.game.has_value());
                CHECK(busy.insert({g.round, g.white}).second);  // nobody plays twice a round
                CHECK(busy.insert({g.round, g.black}).second);
                const int c = (g.round - 1) / per_cycle;
                const int key = std::min(g.white, g.black) * 100 + std::max(g.white, g.black);
                ++met[{c, key}];
                if (c == 0) white_of[{0, key}] = g.white;
                if (c == 1) CHECK(white_of[{0, key}] == g.black);  // colours reversed
                ++whites[c][g.white];
                ++blacks[c][g.black];
            }
            for (int c = 0; c < cycles; ++c) {
                for (int a = 0; a < n; ++a) {
                    CHECK(std::abs(whites[c][a] - blacks[c][a]) <= 1);
                    for (int b = a + 1; b < n; ++b) CHECK(met[{c, a * 100 + b}] == 1);
                }
            }
            // Byes: with an odd count each player sits out exactly once per cycle.
            if (n % 2 == 1) {
                std::vector<int> byes(n, 0);
                for (int r = 1; r <= cycles * per_cycle; ++r)
                    for (int p = 0; p < n; ++p)
                        if (busy.count({r, p}) == 0) ++byes[p];
                for (int p = 0; p < n; ++p) CHECK(byes[p] == cycles);
            }
            if (kind == Kind::Double)
                for (int a = 0; a < n; ++a)
                    CHECK(whites[0][a] + whites[1][a] == blacks[0][a] + blacks[1][a]);
        }
    }
}
