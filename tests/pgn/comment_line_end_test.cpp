// Regression (found while writing referee records): a first movetext line that ends inside a
// command annotation, `1. e4 {[%clk 0:03:00]`, is movetext, not a tag line that lost its '['.
#include <catch2/catch.hpp>
#include <string>

#include "pgn/validator.hpp"

TEST_CASE("a movetext line ending in ']' before the first move is not a broken tag", "[reader]") {
    const std::string text =
        "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {[%clk 0:03:00]\n[%eval 0.2]} e5 2. Nf3 *\n";
    auto verdict = ck::pgn::validate_game(text, 1);
    REQUIRE(verdict.has_value());
    INFO(verdict->error);
    CHECK(verdict->valid);
    CHECK(verdict->ply == 3);
}

TEST_CASE("a tag line that lost its '[' is still a broken tag", "[reader]") {
    const std::string text = "[Event \"x\"]\nBlack \"beta_test\"]\n\n1. e4 e5 *\n";
    auto verdict = ck::pgn::validate_game(text, 1);
    REQUIRE(verdict.has_value());
    CHECK_FALSE(verdict->valid);
    CHECK(verdict->kind == ck::pgn::ErrorKind::BrokenTag);
    CHECK(verdict->ply == 0);
}
