// --time SPEC (docs/cli.md) and the PGN TimeControl tag (docs/pgn.md, PGN standard 9.6.1).
#include <catch2/catch.hpp>

#include "league/time_control.hpp"

using ck::league::format_time_control;
using ck::league::parse_time_control;
using ck::league::pgn_time_control;
using ck::league::TimeControl;
using Kind = TimeControl::Kind;

TEST_CASE("time control: the four forms of docs/cli.md", "[time_control]") {
    auto tc = parse_time_control("3d");
    REQUIRE(tc);
    CHECK(tc->kind == Kind::DaysPerMove);
    CHECK(tc->days == 3);

    tc = parse_time_control("10/50d");
    REQUIRE(tc);
    CHECK(tc->kind == Kind::MovesInDays);
    CHECK(tc->moves == 10);
    CHECK(tc->days == 50);

    tc = parse_time_control("30d+1d");
    REQUIRE(tc);
    CHECK(tc->kind == Kind::Fischer);
    CHECK(tc->days == 30);
    CHECK(tc->increment_days == 1);
    CHECK_FALSE(tc->cap_days);

    tc = parse_time_control("30D+1D/45D");
    REQUIRE(tc);
    CHECK(tc->kind == Kind::Fischer);
    REQUIRE(tc->cap_days);
    CHECK(*tc->cap_days == 45);
}

TEST_CASE("time control: format round-trips", "[time_control]") {
    for (const char* spec : {"3d", "1d", "10/50d", "30d+1d", "30d+1d/45d", "20d+0d", "1/3650d"}) {
        auto tc = parse_time_control(spec);
        REQUIRE(tc);
        CHECK(format_time_control(*tc) == spec);
        auto again = parse_time_control(format_time_control(*tc));
        REQUIRE(again);
        CHECK(*again == *tc);
    }
    CHECK(format_time_control(*parse_time_control("7D")) == "7d");
}

TEST_CASE("time control: PGN TimeControl tag in seconds", "[time_control]") {
    CHECK(pgn_time_control(*parse_time_control("10/50d")) ==
          "10/4320000");  // docs/pgn.md's example
    CHECK(pgn_time_control(*parse_time_control("3d")) == "1/259200");
    CHECK(pgn_time_control(*parse_time_control("30d+1d")) == "2592000+86400");
    CHECK(pgn_time_control(*parse_time_control("30d+1d/45d")) == "2592000+86400");
}

TEST_CASE("time control: bad specs are refused with a message", "[time_control]") {
    for (const char* spec :
         {"",         "d",    "3",    "3h",       "3 d",   " 3d",       "3d ",        "0d",
          "10/0d",    "0/5d", "10/5", "30d+",     "30d+1", "30d+1d/",   "30d+1d/20d", "30d+1d/45",
          "3d+1d+1d", "-3d",  "3.5d", "9999999d", "4000d", "10/50d+1d", "abc"}) {
        INFO(spec);
        auto tc = parse_time_control(spec);
        REQUIRE_FALSE(tc);
        CHECK(tc.error().message.find("time control") != std::string::npos);
    }
}
