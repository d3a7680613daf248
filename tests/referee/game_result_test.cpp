// A game's result as a value (src/referee/game_result.hpp): the words are printed and parsed
// only at the edges, and the two agree.
#include <catch2/catch.hpp>

#include "referee/game_result.hpp"

using ck::referee::GameResult;
using ck::rules::Color;
namespace referee = ck::referee;

TEST_CASE("a result prints as its PGN word and parses back", "[referee][game_result]") {
    for (GameResult r : {GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw}) {
        INFO(referee::result_text(r));
        CHECK(referee::parse_result(referee::result_text(r)) == r);
    }
    CHECK(referee::result_text(GameResult::WhiteWins) == "1-0");
    CHECK(referee::result_text(GameResult::BlackWins) == "0-1");
    CHECK(referee::result_text(GameResult::Draw) == "1/2-1/2");
    CHECK(referee::result_marker(GameResult::Draw) == "1/2-1/2");
    CHECK(referee::result_marker(std::nullopt) == "*");
}

TEST_CASE("parse_result refuses everything but the three words", "[referee][game_result]") {
    for (const char* junk :
         {"", "*", "2-0", "1-1", "0-0", "1/2", "½-½", "1-0 ", " 1-0", "1–0", "1/2-1/2x", "draw"}) {
        INFO(junk);
        CHECK_FALSE(referee::parse_result(junk));
    }
}

TEST_CASE("loser_of and loss_of are inverse on decisive results", "[referee][game_result]") {
    CHECK(referee::loser_of(GameResult::WhiteWins) == Color::Black);
    CHECK(referee::loser_of(GameResult::BlackWins) == Color::White);
    CHECK_FALSE(referee::loser_of(GameResult::Draw));
    for (Color c : {Color::White, Color::Black}) CHECK(referee::loser_of(referee::loss_of(c)) == c);
}
