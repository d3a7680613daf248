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
    auto r = g.end_by("1/2-1/2", "agreement");
    REQUIRE(r);
    CHECK(r->ending);
    CHECK(r->n == 0);
    CHECK(r->answer == Answer::Legal);
    CHECK(r->result == "1/2-1/2");
    for (Color c : {Color::White, Color::Black}) {
        REQUIRE(r->told[ck::rules::index_of(c)].size() == 1);
        const Announcement& a = r->told[ck::rules::index_of(c)][0];
        CHECK(a.type == AnnouncementType::GameOver);
        CHECK(a.result == "1/2-1/2");
        CHECK(a.reason == "agreement");
        const PlayerView v = g.view(c);
        CHECK(v.result == "1/2-1/2");
        CHECK(v.heard.back() == a);
    }
    CHECK(g.over());
    // Nothing more: requests are errors and a second end is refused.
    CHECK(g.request("Nf3").answer == Answer::Error);
    CHECK_FALSE(g.end_by("1-0", "forfeit"));
}

TEST_CASE("end_by refuses results that do not fit the reason", "[referee][end_by]") {
    Game g = hidden("chess");
    CHECK_FALSE(g.end_by("1-0", "agreement"));
    CHECK_FALSE(g.end_by("1/2-1/2", "forfeit"));
    CHECK_FALSE(g.end_by("2-0", "adjudication"));
    CHECK_FALSE(g.end_by("1-0", "boredom"));
    CHECK_FALSE(g.over());
    auto r = g.end_by("0-1", "forfeit");
    REQUIRE(r);
    CHECK(g.result() == "0-1");
    Game h = make_game("crazyhouse", false);
    REQUIRE(h.end_by("1-0", "adjudication"));
}

TEST_CASE("end_by: a resignation while the opponent is to move is decisive", "[referee][end_by]") {
    Game g = hidden("chess");
    play_all(g, {"e4"});  // Black to move; White resigns
    CHECK_FALSE(g.end_by("1/2-1/2", "resignation"));
    auto r = g.end_by("0-1", "resignation");
    REQUIRE(r);
    CHECK(g.result() == std::optional<std::string>("0-1"));
    for (Color c : {Color::White, Color::Black}) {
        const Announcement& a = r->told[ck::rules::index_of(c)].back();
        CHECK(a.type == AnnouncementType::GameOver);
        CHECK(a.reason == "resignation");
    }
}
