// core::GameId: the one parse and the one print of a game id (core/game_id.hpp).
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <unordered_set>

#include "core/game_id.hpp"

using ck::core::GameId;
using ck::core::GameIdError;
using ck::core::parse_game_id;
using Problem = ck::core::GameIdError::Problem;

TEST_CASE("game id: print and parse are inverse") {
    for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{42},
                                  std::uint64_t{1000}, std::uint64_t{4032}, UINT64_MAX}) {
        const GameId id(n);
        const std::string text = to_string(id);
        CHECK(text == std::to_string(n));
        const auto back = parse_game_id(text);
        REQUIRE(back);
        CHECK(*back == id);
        CHECK(back->number() == n);
    }
    CHECK(to_string(GameId(42)) == "42");
    std::ostringstream out;
    out << GameId(17);
    CHECK(out.str() == "17");
}

TEST_CASE("game id: junk is refused with a typed error naming the text") {
    const struct {
        const char* text;
        Problem problem;
    } cases[] = {
        {"", Problem::Empty},
        {"x", Problem::NotDigits},
        {"4x", Problem::NotDigits},
        {"x4", Problem::NotDigits},
        {"-1", Problem::NotDigits},
        {"+1", Problem::NotDigits},
        {" 7", Problem::NotDigits},
        {"7 ", Problem::NotDigits},
        {"#7", Problem::NotDigits},
        {"game-7", Problem::NotDigits},
        {"1.5", Problem::NotDigits},
        {"0", Problem::Zero},
        {"07", Problem::LeadingZero},
        {"00", Problem::LeadingZero},
        {"18446744073709551616", Problem::TooLarge},  // 2^64
        {"99999999999999999999999", Problem::TooLarge},
    };
    for (const auto& c : cases) {
        INFO("text: \"" << c.text << "\"");
        const auto r = parse_game_id(c.text);
        REQUIRE_FALSE(r);
        CHECK(r.error().problem == c.problem);
        CHECK(r.error().text == c.text);
        CHECK(r.error().describe().find(std::string("\"") + c.text + "\"") != std::string::npos);
    }
    CHECK(parse_game_id("4x").error().describe() == "not a game id: \"4x\" (digits only)");
    CHECK(parse_game_id("18446744073709551615"));  // 2^64 - 1 still fits
}

TEST_CASE("game id: compares, orders and hashes by its number; no conversions") {
    CHECK(GameId(3) == GameId(3));
    CHECK(GameId(3) != GameId(4));
    CHECK(GameId(9) < GameId(10));  // by number, not by text
    CHECK(GameId(10) > GameId(9));
    CHECK(GameId(3).next() == GameId(4));
    const std::set<GameId> ordered{GameId(10), GameId(9), GameId(100)};
    CHECK(ordered.begin()->number() == 9);
    const std::unordered_set<GameId> set{GameId(1), GameId(1), GameId(2)};
    CHECK(set.size() == 2);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<std::uint64_t, GameId>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<int, GameId>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<std::string, GameId>);
    STATIC_REQUIRE_FALSE(std::is_constructible_v<GameId, std::string>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<GameId, std::uint64_t>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<GameId, std::string>);
    STATIC_REQUIRE_FALSE(std::is_default_constructible_v<GameId>);
}
