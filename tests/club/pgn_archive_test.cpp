// The event's PGN archive and per-game tags.
#include <catch2/catch.hpp>
#include <map>

#include "club/pgn_archive.hpp"
#include "club_fixtures.hpp"

using namespace ck::club;
using namespace ck::club::test;

TEST_CASE("event tags name the event, the Berger round and the players") {
    const Tournament t = double4();
    const EventTags tags = event_tags(t, t.pairings.back());
    CHECK(tags.event == "Autumn Crazyhouse Double 2026");
    CHECK(tags.round == "6");
    CHECK(tags.white == "Anna Berg");
    CHECK(tags.black == "chen@club.example");  // no name: the address
}

TEST_CASE("archive: started games in pairing order, one blank line after each") {
    Tournament t = single3();
    t.pairings[1].game.reset();  // as if round 2 had not started
    std::map<std::uint64_t, std::string> pgn = {{100, "[Round \"1\"]\n\n1-0\n\n\n"},
                                                {102, "[Round \"3\"]\r\n\r\n0-1"}};
    auto lookup = [&](ck::core::GameId id) -> std::optional<std::string> {
        auto it = pgn.find(id.number());
        if (it == pgn.end()) return std::nullopt;
        return it->second;
    };
    auto a = pgn_archive(t, lookup);
    REQUIRE(a);
    CHECK(*a == "[Round \"1\"]\n\n1-0\n\n[Round \"3\"]\r\n\r\n0-1\n\n");
    pgn.erase(102);
    auto missing = pgn_archive(t, lookup);
    REQUIRE_FALSE(missing);
    CHECK(missing.error().code == ErrorCode::UnknownGame);
    CHECK(missing.error().message == "no PGN for game 102 (round 3)");
}
