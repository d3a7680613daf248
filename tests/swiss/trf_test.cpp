#include <catch2/catch.hpp>

#include "swiss/simulate.hpp"
#include "swiss/trf.hpp"

using namespace ck::swiss;

namespace {

bool same_rounds(const Event& a, const Event& b) {
    if (a.players.size() != b.players.size()) return false;
    for (std::size_t i = 0; i < a.players.size(); ++i) {
        const auto& x = a.players[i];
        const auto& y = b.players[i];
        if (x.number != y.number || x.name != y.name || x.rating != y.rating) return false;
        if (x.rounds.size() != y.rounds.size()) return false;
        for (std::size_t r = 0; r < x.rounds.size(); ++r) {
            const auto& e = x.rounds[r];
            const auto& f = y.rounds[r];
            if (e.opponent != f.opponent || e.colour != f.colour || e.outcome != f.outcome)
                return false;
        }
    }
    return true;
}

}  // namespace

TEST_CASE("trf: a simulated event reads back as written (pairings, colours, results, byes)") {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        SimulationOptions o;
        o.players = 5 + static_cast<int>(seed * 7 % 40);
        o.rounds = 5;
        o.seed = seed;
        o.rounds_to_play = static_cast<int>(seed % 5);
        o.bye_percent = 10;
        o.forfeit_percent = 10;
        o.withdraw_percent = 5;
        auto event = simulate(o);
        REQUIRE(event);
        const std::string text = write_trf(*event);
        auto back = read_trf(text, "written.trf");
        REQUIRE(back);
        CHECK(same_rounds(*event, *back));
        CHECK(back->total_rounds == event->total_rounds);
        CHECK(back->initial_colour == event->initial_colour);
        CHECK(back->rounds_paired() == event->rounds_paired());
        CHECK(write_trf(*back) == text);
    }
}

TEST_CASE("trf: every result code, the point system and the colour of round 1") {
    const std::string text =
        "012 Codes\n"
        "001    1      Alpha                             2000                             2.5    1"
        "     2 w 1  0000 - H     3 b +\n"
        "001    2      Beta                              1900                             1.5    2"
        "     1 b 0     3 w =  0000 - F\n"
        "001    3      Gamma                             1800                             1.5    3"
        "  0000 - U     2 b =     1 w -  0000 - Z\n"
        "XXR 5\nXXC black1\nBBW  2.0\nBBD  1.0\nBBU  1.0\n";
    auto event = read_trf(text, "codes.trf");
    REQUIRE(event);
    CHECK(event->initial_colour == Colour::Black);
    CHECK(event->total_rounds == 5);
    CHECK(event->points.win == 20);
    CHECK(event->points.draw == 10);
    CHECK(event->points.pairing_bye == 10);
    const auto& a = event->players[0];
    const auto& c = event->players[2];
    CHECK(a.round(1).outcome == Outcome::Win);
    CHECK(a.round(1).colour == Colour::White);
    CHECK(a.round(2).outcome == Outcome::HalfBye);
    CHECK(a.round(3).outcome == Outcome::ForfeitWin);
    CHECK(c.round(1).outcome == Outcome::PairingBye);
    CHECK(c.round(3).outcome == Outcome::ForfeitLoss);
    CHECK(c.round(4).outcome == Outcome::ZeroBye);
    CHECK(event->players[1].round(3).outcome == Outcome::FullBye);
    CHECK(event->score(a) == 20 + 10 + 20);
    CHECK(event->score(c) == 10 + 10);
    CHECK(event->rounds_paired() == 3);
    auto back = read_trf(write_trf(*event), "again.trf");
    REQUIRE(back);
    CHECK(back->points.win == 20);
    CHECK(back->points.pairing_bye == 10);
    CHECK(same_rounds(*event, *back));
}

TEST_CASE("trf: errors name the file, the line and the player") {
    auto bad = read_trf(
        "001    1      Alpha                             2000                      "
        "       1.0    1     2 x 1\n",
        "bad.trf");
    REQUIRE(!bad);
    CHECK(bad.error().detail.find("bad.trf: line 1: player 1, round 1") != std::string::npos);
    auto unmatched = read_trf(
        "001    1      Alpha                             2000                             1.0    1"
        "     2 w 1\n"
        "001    2      Beta                              1900                             0.0    2"
        "  0000 - Z\n",
        "one-sided.trf");
    REQUIRE(!unmatched);
    CHECK(unmatched.error().detail.find("one-sided.trf: round 1: player 1 meets 2") !=
          std::string::npos);
    auto gap = read_trf("001    2      Beta                              1900\n", "gap.trf");
    REQUIRE(!gap);
    CHECK(gap.error().detail.find("gap.trf: start numbers") != std::string::npos);
}
