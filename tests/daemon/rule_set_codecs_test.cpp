// The rule set is a referee::RuleSet between the edges (issue 18, "Types at the edges only"):
// every rule set goes through each record codec that stores one and comes back the same, under
// its name from the rule-set table; an unknown name read at an edge is refused.
#include <catch2/catch.hpp>
#include <string>

#include "club/tournament_file.hpp"
#include "daemon/commands.hpp"
#include "league/challenge_book.hpp"
#include "league/game_files.hpp"
#include "referee/rule_set.hpp"

using ck::referee::RuleSet;

namespace {

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

RuleSet nth(int i) { return static_cast<RuleSet>(i); }

std::string name_of(RuleSet r) { return std::string(ck::referee::rule_set_name(r)); }

}  // namespace

TEST_CASE("game.ini keeps every rule set under its table name", "[daemon][rule_set]") {
    for (int i = 0; i < ck::referee::RuleSetCount; ++i) {
        INFO(name_of(nth(i)));
        ck::league::GameMeta m;
        m.variant = "chess";
        m.hidden = true;
        m.rules = nth(i);
        m.white = "ada@example.org";
        m.black = "bob@example.net";
        const std::string text = ck::league::format_game_ini(m);
        CHECK(has(text, "\nrules = " + name_of(nth(i)) + "\n"));
        auto back = ck::league::parse_game_ini(text);
        REQUIRE(back);
        CHECK(back->rules == nth(i));
        CHECK(ck::league::format_game_ini(*back) == text);
        auto setup = ck::league::setup_of(*back);
        REQUIRE(setup);
        CHECK(setup->rules == nth(i));
    }
    const std::string bad =
        "variant = chess\nhidden = true\nrules = nosuchrules\nwhite = a@x\n"
        "black = b@x\n";
    auto refused = ck::league::parse_game_ini(bad);
    REQUIRE_FALSE(refused);
    CHECK(has(refused.error().detail, "unknown rule set 'nosuchrules'"));
    // A game.ini from before the line: the default.
    auto old = ck::league::parse_game_ini("variant = chess\nwhite = a@x\nblack = b@x\n");
    REQUIRE(old);
    CHECK(old->rules == RuleSet::CrazyKrieg);
}

TEST_CASE("challenge records keep every rule set", "[daemon][rule_set]") {
    using ck::league::ChallengeCodec;
    for (int i = 0; i < ck::referee::RuleSetCount; ++i) {
        INFO(name_of(nth(i)));
        ck::league::Challenge c;
        c.id = 3;
        c.challenger = "ada@example.org";
        c.challenged = "bob@example.net";
        c.variant = "crazyhouse";
        c.hidden = true;
        c.rules = nth(i);
        c.time = "3d";
        const std::string line = ChallengeCodec::encode(c);
        // The default is the bare word `hidden` (challenges.cpp hidden_word).
        CHECK(has(line, nth(i) == RuleSet::CrazyKrieg ? " hidden 3d "
                                                      : " hidden:" + name_of(nth(i)) + " 3d "));
        auto back = ChallengeCodec::decode(line);
        REQUIRE(back);
        CHECK(back->rules == nth(i));
        CHECK(ChallengeCodec::encode(*back) == line);
    }
}

TEST_CASE("tournament.ini keeps every rule set, and none for the default", "[daemon][rule_set]") {
    const std::string head = "id = t1\nname = Two\nkind = single\nvariant = chess\nhidden = true\n";
    const std::string tail = "player = A <a@x>\nplayer = B <b@x>\ngame = 1 1 2 - *\n";
    for (int i = 0; i < ck::referee::RuleSetCount; ++i) {
        INFO(name_of(nth(i)));
        auto t = ck::club::parse_tournament(head + "rules = " + name_of(nth(i)) + "\n" + tail);
        REQUIRE(t);
        REQUIRE(t->settings.rules);
        CHECK(*t->settings.rules == nth(i));
        const std::string text = ck::club::format_tournament(*t);
        CHECK(has(text, "\nrules = " + name_of(nth(i)) + "\n"));
        auto back = ck::club::parse_tournament(text);
        REQUIRE(back);
        CHECK(back->settings.rules == t->settings.rules);
        CHECK(ck::club::format_tournament(*back) == text);
    }
    auto none = ck::club::parse_tournament(head + "rules =\n" + tail);
    REQUIRE(none);
    CHECK_FALSE(none->settings.rules);
    CHECK(has(ck::club::format_tournament(*none), "\nrules =\n"));
    CHECK_FALSE(ck::club::parse_tournament(head + "rules = nosuchrules\n" + tail));
}

TEST_CASE("a challenge by mail names every rule set by its word", "[daemon][rule_set]") {
    using ck::daemon::ChallengeArgs;
    for (int i = 0; i < ck::referee::RuleSetCount; ++i) {
        INFO(name_of(nth(i)));
        auto cs =
            ck::daemon::parse_commands("challenge bob@x.org chess " + name_of(nth(i)) + " 3d");
        REQUIRE(cs.size() == 1);
        REQUIRE(cs[0].kind == ck::daemon::Command::Kind::Challenge);
        CHECK(cs[0].as<ChallengeArgs>().rules == nth(i));
        CHECK(cs[0].as<ChallengeArgs>().hidden);
    }
}

TEST_CASE("an unknown rule set name is refused with the list of names", "[daemon][rule_set]") {
    auto rs = ck::league::parse_rule_set("nosuchrules");
    REQUIRE_FALSE(rs);
    CHECK(rs.error().detail ==
          "unknown rule set 'nosuchrules' (crazykrieg, wild16, berkeley, berkeley-any, "
          "cincinnati, english, rand)");
    auto open = ck::league::resolve_rule_set("Wild16", false);
    REQUIRE_FALSE(open);
    CHECK(open.error().detail == "the wild16 rules are Kriegspiel rules: the game must be hidden");
    auto ok = ck::league::resolve_rule_set("Wild16", true);
    REQUIRE(ok);
    CHECK(*ok == RuleSet::Wild16);
}
