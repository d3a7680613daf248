// The outcome value type (league/game_outcome.hpp): its words at the edges, and the outcome
// read from an ended game.
#include <catch2/catch.hpp>

#include "league/game_files.hpp"
#include "league/game_outcome.hpp"
#include "league/game_session.hpp"

using namespace ck::league;
using ck::rules::Color;

TEST_CASE("results and terminations read back what they write", "[league][outcome]") {
    for (GameResult r : {GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw})
        CHECK(parse_result(result_text(r)) == r);
    CHECK(result_text(GameResult::Draw) == "1/2-1/2");
    CHECK_FALSE(parse_result("1-1"));
    CHECK_FALSE(parse_result("*"));
    for (int t = 0; t <= static_cast<int>(Termination::Adjudication); ++t) {
        const auto term = static_cast<Termination>(t);
        CHECK(parse_termination(termination_word(term)) == term);
    }
    CHECK(termination_word(Termination::FiftyMoves) == "fifty-moves");
    CHECK_FALSE(parse_termination("boredom"));
    CHECK(loser_of(GameResult::WhiteWins) == Color::Black);
    CHECK_FALSE(loser_of(GameResult::Draw));
    CHECK(loss_of(Color::White) == GameResult::BlackWins);
}

TEST_CASE("the outcome of a game: nullopt in progress, then what ended it", "[league][outcome]") {
    GameMeta meta;
    meta.variant = "chess";
    meta.white = "a@x";
    meta.black = "b@y";
    meta.created = "2026-11-21T12:00:00Z";
    auto g = start_game(meta, RecordTags{"Crazykrieg game 1", "", "referee@x", "A", "B", ""});
    REQUIRE(g);
    CHECK_FALSE(outcome_of(*g));
    SECTION("a mate") {
        for (const char* m : {"f3", "e5", "g4", "Qh4"}) play_request(*g, m);
        REQUIRE(g->game.over());
        CHECK(outcome_of(*g) == GameOutcome{GameResult::BlackWins, Termination::Checkmate});
    }
    SECTION("an end outside the requests") {
        REQUIRE(end_game(*g, ck::core::GameId(1),
                         GameOutcome{GameResult::WhiteWins, Termination::Forfeit}));
        CHECK(outcome_of(*g) == GameOutcome{GameResult::WhiteWins, Termination::Forfeit});
        auto again = end_game(*g, ck::core::GameId(1),
                              GameOutcome{GameResult::Draw, Termination::Adjudication});
        REQUIRE_FALSE(again);
        CHECK(again.error().detail.find("game 1: ") == 0);
    }
    SECTION("a result that does not fit its termination") {
        auto bad = end_game(*g, ck::core::GameId(1),
                            GameOutcome{GameResult::WhiteWins, Termination::Agreement});
        REQUIRE_FALSE(bad);
        CHECK_FALSE(g->game.over());
    }
}
