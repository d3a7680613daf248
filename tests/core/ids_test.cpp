#include <catch2/catch.hpp>
#include <sstream>
#include <type_traits>
#include <unordered_set>

#include "core/ids.hpp"

namespace {
struct GameTag {};
struct PlayerTag {};
using GameId = ck::core::StrongId<GameTag>;
using PlayerId = ck::core::StrongId<PlayerTag>;
}  // namespace

TEST_CASE("strong ids compare, hash and print by their text, and do not mix") {
    GameId a("g-17");
    GameId b("g-17");
    GameId c("g-18");
    CHECK(a == b);
    CHECK(a != c);
    CHECK(a < c);
    CHECK(GameId().empty());
    std::unordered_set<GameId> set{a, b, c};
    CHECK(set.size() == 2);
    std::ostringstream out;
    out << c;
    CHECK(out.str() == "g-18");
    STATIC_REQUIRE_FALSE(std::is_convertible_v<GameId, PlayerId>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<std::string, GameId>);
}
