// Glicko-2 against Glickman's worked example, and the rating pools (club/ratings.hpp).
#include <catch2/catch.hpp>

#include "club/glicko2.hpp"
#include "club/ratings.hpp"

using namespace ck::club;

TEST_CASE("Glicko-2 reproduces the example of Glickman's paper", "[ratings]") {
    // "Example of the Glicko-2 system" (2013): a 1500/200/0.06 player beats 1400/30 and loses
    // to 1550/100 and 1700/300 in one period, tau 0.5. The paper prints sigma = 0.05999 for
    // 0.0599960 (cut to the digits shown).
    const glicko2::Rating player{1500, 200, 0.06};
    const auto after = glicko2::update(
        player, {{{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}});
    // The paper rounds its intermediate values: mu' = -0.2069 gives its 1464.06; exact
    // arithmetic gives 1464.0507. Both are checked: the rating within 0.01 of the paper, the
    // Glicko-2-scale values to the paper's four places.
    CHECK(after.rating == Approx(1464.06).epsilon(0).margin(0.01));
    CHECK((after.rating - 1500) / glicko2::Scale == Approx(-0.2069).epsilon(0).margin(0.00005));
    CHECK(after.deviation == Approx(151.52).epsilon(0).margin(0.005));
    CHECK(after.deviation / glicko2::Scale == Approx(0.8722).epsilon(0).margin(0.00005));
    CHECK(after.volatility == Approx(0.05999).epsilon(0).margin(0.00001));
}

TEST_CASE("A period without games only widens the deviation", "[ratings]") {
    const auto after = glicko2::update({1500, 200, 0.06}, {});
    CHECK(after.rating == 1500);
    CHECK(after.deviation > 200);
}

TEST_CASE("Pools: one per variant and mode", "[ratings]") {
    CHECK(pool_name("chess", false) == "chess");
    CHECK(pool_name("chess", true) == "kriegspiel");
    CHECK(pool_name("crazyhouse", true) == "crazykrieg");
    CHECK(pool_name("loop", true) == "loop-hidden");
    CHECK(pool_names().size() == 12);
    CHECK(valid_pool("putback-hidden"));
    CHECK_FALSE(valid_pool("bughouse"));
}

TEST_CASE("A game is one period for both players, from their values before it", "[ratings]") {
    RatingPool pool{"crazyhouse", {}};
    auto c = rate_game(pool, {ck::core::GameId(7), "2026-01-02", "Ann@x.org", "ben@y.org", 1.0});
    REQUIRE(c);
    REQUIRE(c->size() == 2);
    const auto expected_white = glicko2::update({}, {{{}, 1.0}});
    const auto expected_black = glicko2::update({}, {{{}, 0.0}});
    CHECK((*c)[0].player == "ann@x.org");
    CHECK((*c)[0].after.rating == expected_white.rating);
    CHECK((*c)[1].after.rating == expected_black.rating);
    CHECK(rating_label((*c)[0].before) == "1500?");
    CHECK(change_label((*c)[0]) == "1500? -> 1662? (+162)");
    // Rated once only.
    CHECK_FALSE(
        rate_game(pool, {ck::core::GameId(7), "2026-01-02", "ann@x.org", "ben@y.org", 1.0}));
    // Second game starts from the stored values.
    const auto ann = find_player(pool, "ANN@x.org")->value;
    const auto ben = find_player(pool, "ben@y.org")->value;
    REQUIRE(rate_game(pool, {ck::core::GameId(9), "2026-01-03", "ben@y.org", "ann@x.org", 0.5}));
    CHECK(find_player(pool, "ben@y.org")->value.rating ==
          glicko2::update(ben, {{ann, 0.5}}).rating);
    CHECK(find_player(pool, "ann@x.org")->games == 2);
    CHECK(ranked(pool)[0]->player == "ann@x.org");
}

TEST_CASE("Pools round-trip exactly and reject what they cannot hold", "[ratings]") {
    RatingPool pool{"kriegspiel", {}};
    REQUIRE(rate_game(pool, {ck::core::GameId(3), "2026-01-02", "a@x", "b@x", 0.0}));
    REQUIRE(rate_game(pool, {ck::core::GameId(4), "2026-01-05", "c@x", "a@x", 0.5}));
    const std::string text = format_pool(pool);
    auto back = parse_pool("kriegspiel", text);
    REQUIRE(back);
    CHECK(format_pool(*back) == text);
    CHECK(find_player(*back, "a@x")->value.rating == find_player(pool, "a@x")->value.rating);
    CHECK(find_player(*back, "a@x")->history.size() == 2);
    CHECK_FALSE(parse_pool("kriegspiel", "ck-ratings 1\n"));  // the version line is the codec's
    CHECK_FALSE(parse_pool("kriegspiel", "player a@x 1500 nan 0.06 0\n"));
    CHECK_FALSE(parse_pool("kriegspiel", "game a@x 1 d b 1 1 1 1 1 1 1\n"));
}
