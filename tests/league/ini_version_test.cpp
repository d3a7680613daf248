// The version lines of game.ini and clock.ini (league/game_files.hpp, league/game_clock.hpp):
// written first, absent in older files (read as version 1), an unknown version refused.
#include <catch2/catch.hpp>
#include <string>

#include "league/game_clock.hpp"
#include "league/game_files.hpp"

using namespace ck::league;

TEST_CASE("game.ini carries a version line; a file without one reads as version 1",
          "[league][version]") {
    GameMeta m;
    m.variant = "crazyhouse";
    m.white = "a@x";
    m.black = "b@y";
    m.created = "2026-11-21T12:00:00Z";
    const std::string text = format_game_ini(m);
    CHECK(text.rfind("version = 1\n", 0) == 0);
    auto back = parse_game_ini(text);
    REQUIRE(back);
    CHECK(back->white == "a@x");
    auto old = parse_game_ini(text.substr(text.find('\n') + 1));
    REQUIRE(old);
    CHECK(old->black == "b@y");
    auto newer = parse_game_ini("version = 2\n" + text.substr(text.find('\n') + 1));
    REQUIRE_FALSE(newer);
    CHECK(newer.error().detail.find("version '2'") != std::string::npos);
}

TEST_CASE("clock.ini carries a version line; a file without one reads as version 1",
          "[league][version]") {
    ClockState s;
    const std::string text = format_clock_ini(s);
    CHECK(text.rfind("version = 1\n", 0) == 0);
    CHECK(parse_clock_ini(text));
    CHECK(parse_clock_ini(text.substr(text.find('\n') + 1)));
    auto newer = parse_clock_ini("version = 2\n" + text.substr(text.find('\n') + 1));
    REQUIRE_FALSE(newer);
    CHECK(newer.error().detail.find("version '2'") != std::string::npos);
}
