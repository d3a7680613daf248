// The players registry's answer to a player it does not know (league/players.hpp): commands name
// players by address, and an organiser who gives a registered name is told which address it is.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "league/players.hpp"
#include "league/temp_store.hpp"

TEST_CASE("an unknown player is named, and a registered name points to its address",
          "[league][players]") {
    ck::test::TempStore t("league-players");
    auto players = ck::league::Players::load(*t.store);
    REQUIRE(players);
    REQUIRE(players->add("Alice", "alice@example.org", *t.store, std::chrono::system_clock::now()));
    CHECK(players->not_registered("nobody@example.org") ==
          "nobody@example.org is not a registered player");
    CHECK(players->not_registered("alice") ==
          "alice is not a registered player (Alice is the name of alice@example.org: give the "
          "address)");
    CHECK(players->not_registered("bob") == "bob is not a registered player");
}
