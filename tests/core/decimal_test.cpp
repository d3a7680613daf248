// core::parse_decimal: the one digit loop (core/decimal.hpp), as the store's files and
// core::parse_game_id read numbers.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

#include "core/decimal.hpp"

using ck::core::parse_decimal;

TEST_CASE("decimal: digits read as their value, leading zeros allowed") {
    const struct {
        const char* text;
        std::uint64_t value;
    } cases[] = {
        {"0", 0},
        {"7", 7},
        {"42", 42},
        {"0042", 42},
        {"00000000000000000001", 1},           // 20 digits
        {"18446744073709551615", UINT64_MAX},  // 2^64 - 1
    };
    for (const auto& c : cases) {
        INFO("text: \"" << c.text << "\"");
        std::uint64_t out = 99;
        REQUIRE(parse_decimal(c.text, out));
        CHECK(out == c.value);
    }
}

TEST_CASE("decimal: anything else is refused and leaves the output alone") {
    for (const char* text : {"", "x", "4x", "-1", "+1", " 7", "7 ", "1.5",
                             "18446744073709551616",      // 2^64
                             "000000000000000000001"}) {  // 21 digits, however small
        INFO("text: \"" << text << "\"");
        std::uint64_t out = 99;
        CHECK_FALSE(parse_decimal(text, out));
        CHECK(out == 99);
    }
}
