// Ends outside the requests (referee::Game::end_by): draw agreed, loss on time, a resignation out
// of turn, adjudication.
#include <catch2/catch.hpp>

#include "referee_test_support.hpp"

using namespace ck::referee;
using namespace ck::referee::test;
using ck::rules::Color;

TEST_CASE("end_by ends the game and tells both players", "[referee][end_by]") {
    Game g = hidden("crazyhouse");
    play_all(g, {"e4", "e5"});
    auto r = g.end_by(ck::referee::GameResult::Draw, "agreement");
    REQUIRE(r);
    CHECK(r->ending);
    CHECK(r->n == 0);
    CHECK(r->answer == Answer::Legal);
    CHECK(r->result == ck::referee::GameResult::Draw);
    for (Color c : {Color::White, Color::Black}) {
        REQUIRE(r->told[ck::rules::index_of(c)].size() == 1);
        const Announcement& a = r->told[ck::rules::index_of(c)][0];
        CHECK(a.type == AnnouncementType::GameOver);
        CHECK(a.result == ck::referee::GameResult::Draw);
        CHECK(a.reason == "agreement");
        const PlayerView v = g.view(c);
        CHECK(v.result == ck::referee::GameResult::Draw);
        CHECK(v.heard.back() == a);
    }
    CHECK(g.over());
    // Nothing more: requests are errors and a second end is refused.
    CHECK(g.request("Nf3").answer == Answer::Error);
    CHECK_FALSE(g.end_by(ck::referee::GameResult::WhiteWins, "forfeit"));
}

TEST_CASE("end_by refuses results that do not fit the reason", "[referee][end_by]") {
    Game g = hidden("chess");
    CHECK_FALSE(g.end_by(ck::referee::GameResult::WhiteWins, "agreement"));
    CHECK_FALSE(g.end_by(ck::referee::GameResult::Draw, "forfeit"));
    CHECK_FALSE(ck::referee::parse_result("2-0"));
    CHECK_FALSE(g.end_by(ck::referee::GameResult::WhiteWins, "boredom"));
    CHECK_FALSE(g.over());
    auto r = g.end_by(ck::referee::GameResult::BlackWins, "forfeit");
    REQUIRE(r);
    CHECK(g.result() == ck::referee::GameResult::BlackWins);
    Game h = make_game("crazyhouse", false);
    REQUIRE(h.end_by(ck::referee::GameResult::WhiteWins, "adjudication"));
}

TEST_CASE("end_by: a resignation while the opponent is to move is decisive", "[referee][end_by]") {
    Game g = hidden("chess");
    play_all(g, {"e4"});  // Black to move; White resigns
    CHECK_FALSE(g.end_by(ck::referee::GameResult::Draw, "resignation"));
    auto r = g.end_by(ck::referee::GameResult::BlackWins, "resignation");
    REQUIRE(r);
    CHECK(g.result() == ck::referee::GameResult::BlackWins);
    for (Color c : {Color::White, Color::Black}) {
        const Announcement& a = r->told[ck::rules::index_of(c)].back();
        CHECK(a.type == AnnouncementType::GameOver);
        CHECK(a.reason == "resignation");
    }
}
