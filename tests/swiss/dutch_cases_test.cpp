// The Dutch pairings of tests/data/swiss/ (PROVENANCE.md says what each case shows and where its
// expected pairing comes from).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "swiss/check.hpp"
#include "swiss/dutch.hpp"
#include "swiss/player_state.hpp"
#include "swiss/trf.hpp"

using namespace ck::swiss;

namespace {

const std::filesystem::path Data = std::filesystem::path(CK_TEST_DATA) / "swiss";

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

Event load(const std::string& name) {
    auto e = read_trf(slurp(Data / name), name);
    REQUIRE(e);
    return *e;
}

// A pairing as bbpPairings' -p file: the count, then "white black", "n 0" for the bye.
std::set<std::pair<int, int>> parse_pairs(const std::string& text, int& bye) {
    std::istringstream in(text);
    int count = 0;
    in >> count;
    std::set<std::pair<int, int>> out;
    bye = 0;
    for (int i = 0; i < count; ++i) {
        int w = 0, b = 0;
        in >> w >> b;
        if (b == 0)
            bye = w;
        else
            out.insert({w, b});
    }
    return out;
}

std::set<std::pair<int, int>> boards(const RoundPairing& p) {
    std::set<std::pair<int, int>> out;
    for (const auto& b : p.boards) out.insert({b.white, b.black});
    return out;
}

}  // namespace

TEST_CASE("dutch: the hand-made cases pair as expected") {
    const char* cases[] = {"round1-even",
                           "round1-odd-bye",
                           "colour-transposition",
                           "bye-not-twice",
                           "requested-bye-withdrawal",
                           "forfeit",
                           "forfeit-no-bye",
                           "exchange-order",
                           "late-entry-colours",
                           "last-round",
                           "transpositions",
                           "bye-unplayed-games",
                           "bye-single-downfloater",
                           "exchange-remainder",
                           "exchange-remainder-floater",
                           "mdp-limbo"};
    for (const char* name : cases) {
        INFO(name);
        const Event event = load(std::string(name) + ".trf");
        auto pairing = pair_dutch(event);
        REQUIRE(pairing);
        int bye = 0;
        const auto expected = parse_pairs(slurp(Data / (std::string(name) + ".pairs")), bye);
        CHECK(boards(*pairing) == expected);
        CHECK(pairing->bye == bye);
        CHECK(check_round(event, *pairing).empty());
    }
}

// One case per rule whose text states its outcome (no worked examples of the FIDE Handbook
// could be found to encode; tests/data/swiss/PROVENANCE.md names the article and its URL). Each
// case leaves the rule alone to decide: for the colour rules only the two players concerned are
// paired (the others have requested byes), and each is built so that the next rule down, or the
// plain S1-S2 order, would give the other outcome.
TEST_CASE("dutch: the outcome each rule's text states") {
    const struct {
        const char* name;
        const char* rule;
        int white, black;  // the board the rule decides (0 0: see not_bye)
        int not_bye;       // a player the rule bars from the pairing-allocated bye
    } cases[] = {
        {"colour-both-preferences", "5.2.1 both preferences", 2, 1, 0},
        {"colour-stronger-preference", "5.2.2 strong over mild", 1, 2, 0},
        {"colour-absolute-over-strong", "5.2.2 absolute over strong", 1, 2, 0},
        {"colour-absolute-wider-difference", "5.2.2 both absolute: wider difference", 1, 2, 0},
        {"colour-alternate-last-difference", "5.2.3 alternate to the last difference", 2, 1, 0},
        {"colour-higher-ranked", "5.2.4 the higher-ranked player's preference", 2, 1, 0},
        {"colour-tpn-odd", "5.2.5 odd pairing number: the initial colour", 5, 6, 0},
        {"colour-tpn-even", "5.2.5 even pairing number: the other colour", 5, 4, 0},
        {"float-after-full-point-bye", "1.4.3 a bye above a loss is a downfloat", 1, 3, 0},
        {"bye-after-full-point-bye", "C.04.1 no bye after a full-point bye", 0, 0, 5},
    };
    for (const auto& c : cases) {
        INFO(c.name << ": " << c.rule);
        const Event event = load(std::string(c.name) + ".trf");
        auto pairing = pair_dutch(event);
        REQUIRE(pairing);
        if (c.white != 0) CHECK(boards(*pairing).count({c.white, c.black}) == 1);
        if (c.not_bye != 0) CHECK(pairing->bye != c.not_bye);
        int bye = 0;
        const auto expected = parse_pairs(slurp(Data / (std::string(c.name) + ".pairs")), bye);
        CHECK(boards(*pairing) == expected);
        CHECK(pairing->bye == bye);
        CHECK(check_round(event, *pairing).empty());
    }
}

TEST_CASE("dutch: colour transposition (C.04.3 5.2.1, C10): both preferences granted") {
    const Event event = load("colour-transposition.trf");
    auto p = pair_dutch(event);
    REQUIRE(p);
    // 1-3 would deny one of them its colour; 4-1 and 2-3 grant all four.
    CHECK(boards(*p).count({4, 1}) == 1);
    CHECK(boards(*p).count({2, 3}) == 1);
}

TEST_CASE("dutch: transpositions of S2 in the handbook's order (C.04.3 4.2)") {
    // S1 = 1 2 3 4, S2 = 5 6 7 8, every S1-S2 pair grants both colours; 1 and 2 have met 5 and
    // 6, 3 and 4 have met 7 and 8. S2's orders 5678, 5687, ... 7568, 7586, 7658, 7685 all fail;
    // 7856 is the first that pairs everyone.
    const Event event = load("transpositions.trf");
    auto p = pair_dutch(event);
    REQUIRE(p);
    const std::set<std::pair<int, int>> want = {{1, 7}, {2, 8}, {3, 5}, {4, 6}};
    CHECK(boards(*p) == want);
}

TEST_CASE("dutch: exchanges count the remainder's own sequence numbers (C.04.3 4.3)") {
    // Round 7: the MDP 8 takes 12, a resident between 10 and 13. The remainder is 2 4 7 | 10 13
    // 14; one exchange grants all but one colour preference. 7<->13 and 4<->10 differ by two
    // remainder places each (by three and two bracket places), and of the two the one moving the
    // higher-numbered S1 player (7) comes first: 7-2, 4-10, 13-14.
    const Event event = load("exchange-remainder.trf");
    auto p = pair_dutch(event);
    REQUIRE(p);
    CHECK(boards(*p).count({7, 2}) == 1);
    CHECK(boards(*p).count({4, 10}) == 1);
    CHECK(boards(*p).count({13, 14}) == 1);
}

TEST_CASE("dutch: which MDPs are paired is settled before their opponents (C.04.3 4.x)") {
    // Round 7: 5 (3.5) and 3, 6 (3.0) move down to the 2.5 bracket of 10 and 11, where two of
    // them can be paired (3 has met 11, 6 has met 10; 14 below has met both residents). S1 is
    // 5 3 with 6 in limbo, and S2's transposition 11 10 pairs both (5-11, 3-10) before 3 is
    // exchanged with 6; 5 taking its first resident 10 at once would leave 3 unpaired.
    const Event event = load("mdp-limbo.trf");
    auto p = pair_dutch(event);
    REQUIRE(p);
    CHECK(boards(*p).count({5, 11}) == 1);
    CHECK(boards(*p).count({3, 10}) == 1);
    CHECK(boards(*p).count({6, 14}) == 1);
}

TEST_CASE("dutch: an unplayed game is no meeting, gives no colour and bars the bye") {
    const Event event = load("forfeit.trf");
    const auto states = player_states(event, 2);
    CHECK_FALSE(states[0].has_met(5));
    CHECK(states[0].colour_difference == 0);
    CHECK(states[0].preference == Colour::None);
    CHECK_FALSE(states[0].bye_allowed);  // won without playing (C.04.1)
    CHECK_FALSE(states[3].bye_allowed);  // had the pairing-allocated bye
    CHECK(states[1].bye_allowed);
    // After round 1 the forfeit winner got a downfloat; the bye receiver too.
    CHECK(states[0].float1 == Float::Down);
    CHECK(states[3].float1 == Float::Down);
    const Event late = load("forfeit-no-bye.trf");
    auto p = pair_dutch(late);
    REQUIRE(p);
    CHECK(p->bye == 3);
}

TEST_CASE("dutch: whole events re-pair round by round as recorded") {
    for (const char* name : {"event-11-players-5-rounds.trf", "event-30-players-7-rounds.trf",
                             "event-57-players-9-rounds.trf"}) {
        INFO(name);
        const Event event = load(name);
        for (int r = 1; r <= event.rounds_paired(); ++r) {
            INFO("round " << r);
            Event before = event;
            RoundPairing recorded;
            for (auto& p : before.players) {
                const RoundEntry e = p.round(r);
                if (e.outcome == Outcome::PairingBye) recorded.bye = p.number;
                if (e.opponent != 0 && e.colour == Colour::White)
                    recorded.boards.push_back({p.number, e.opponent});
                p.rounds.resize(std::min(p.rounds.size(), static_cast<std::size_t>(r - 1)));
                const bool paired = e.opponent != 0 || e.outcome == Outcome::PairingBye;
                if (!paired && e.outcome != Outcome::Absent) p.rounds.push_back(e);
            }
            auto p = pair_dutch(before);
            REQUIRE(p);
            CHECK(boards(*p) == boards(recorded));
            CHECK(p->bye == recorded.bye);
            CHECK(check_round(before, recorded).empty());
        }
    }
}

TEST_CASE("dutch: no pairing when the absolute criteria leave none") {
    // Two players who have met: nothing else is possible.
    const std::string text =
        "001    1      Alpha                             2000                             1.0    1"
        "     2 w 1\n"
        "001    2      Beta                              1900                             0.0    2"
        "     1 b 0\n"
        "XXR 3\n";
    auto event = read_trf(text, "met.trf");
    REQUIRE(event);
    auto p = pair_dutch(*event);
    REQUIRE(!p);
    CHECK(p.error().detail.find("round 2: no pairing satisfies the absolute criteria") !=
          std::string::npos);
}
