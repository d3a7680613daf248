// check_round finds every broken absolute criterion (the property test relies on it).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "swiss/check.hpp"
#include "swiss/trf.hpp"

using namespace ck::swiss;

namespace {

Event load(const std::string& name) {
    std::ifstream in(std::filesystem::path(CK_TEST_DATA) / "swiss" / name);
    std::stringstream s;
    s << in.rdbuf();
    auto e = read_trf(s.str(), name);
    REQUIRE(e);
    return *e;
}

bool mentions(const std::vector<std::string>& problems, const std::string& what) {
    for (const auto& p : problems)
        if (p.find(what) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("check: rematches, colours, byes and missing players are reported") {
    // Round 3 of transpositions.trf: 1 and 2 have met 5 and 6 and everyone played W B or B W.
    const Event event = load("transpositions.trf");
    RoundPairing valid{{{1, 7}, {2, 8}, {3, 5}, {4, 6}}, 0};
    CHECK(check_round(event, valid).empty());

    RoundPairing rematch{{{1, 5}, {2, 8}, {3, 7}, {4, 6}}, 0};
    CHECK(mentions(check_round(event, rematch), "1 and 5 have met before (C1)"));

    // Everyone alternated colours, so no pairing of this round can give a third same colour:
    // a doctored history does (7 had white twice, and its round-1 opponent 3 black twice).
    Event doctored = event;
    doctored.players[6].rounds[0].colour = Colour::White;  // 7: W W
    doctored.players[2].rounds[0].colour = Colour::Black;  // 3, its round-1 opponent: B B
    RoundPairing third{{{7, 2}, {1, 8}, {3, 5}, {4, 6}}, 0};
    const auto problems = check_round(doctored, third);
    CHECK(mentions(problems, "player 7 would have the same colour three times in a row (C3)"));
    CHECK(mentions(problems, "player 7 would have a colour difference of 3 (C3)"));

    RoundPairing missing{{{1, 7}, {2, 8}, {3, 5}}, 4};
    const auto m = check_round(event, missing);
    CHECK(mentions(m, "player 6 not paired"));
    CHECK(mentions(m, "a bye with an even number of players"));
}

TEST_CASE("check: the bye only to a player allowed it") {
    const Event event = load("bye-not-twice.trf");  // 5 had the pairing-allocated bye
    RoundPairing again{{{1, 2}, {3, 4}}, 5};
    CHECK(mentions(check_round(event, again),
                   "player 5 may not get the pairing-allocated bye again (C2)"));
    RoundPairing none{{{1, 2}, {3, 4}}, 0};
    CHECK(mentions(check_round(event, none), "no bye with an odd number of players"));
}
