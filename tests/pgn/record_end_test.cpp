// Records of games ended outside the requests (referee_record.hpp "ENDS OUTSIDE THE REQUESTS"):
// `[%end RESULT REASON]`, Termination, verification, player records, open_referee_record.
#include <catch2/catch.hpp>
#include <string>

#include "pgn/referee_record.hpp"
#include "referee/game.hpp"
#include "rules/variant.hpp"

using ck::pgn::RecordBuilder;
using ck::referee::Game;
using ck::referee::GameSetup;
using ck::rules::Color;

namespace {

struct Built {
    std::string text;
    Game game;
};

Built agreed_draw() {
    GameSetup s;
    s.variant = ck::rules::find_variant("crazyhouse");
    s.hidden = true;
    auto g = Game::create(s);
    REQUIRE(g);
    RecordBuilder b(s);
    b.set_tag("White", "Ada White");
    b.set_tag("Mode", "EM");
    for (const char* req : {"e4", "Qh4", "e5", "Nf3"}) b.add(g->request(req));
    auto end = g->end_by(ck::referee::GameResult::Draw, "agreement");
    REQUIRE(end);
    b.add(*end);
    return {b.referee_record(), std::move(*g)};
}

// The text with its line breaks (always followed by one space of indent here) as spaces.
std::string flat(std::string s) {
    for (std::size_t at; (at = s.find("\n ")) != std::string::npos;) s.replace(at, 2, " ");
    return s;
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
    const auto at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("a draw by agreement is recorded and verifies", "[record][end]") {
    const Built b = agreed_draw();
    CHECK(flat(b.text).find("[%end 1/2-1/2 agreement] [%ann both game-over result=1/2-1/2 "
                            "reason=agreement]} 1/2-1/2") != std::string::npos);
    CHECK(b.text.find("[Termination \"normal\"]") != std::string::npos);
    CHECK(b.text.find("[Result \"1/2-1/2\"]") != std::string::npos);
    auto check = ck::pgn::verify_referee_record(b.text);
    REQUIRE(check);
    CHECK(check->plies == 3);
    CHECK(check->requests == 4);
    CHECK(check->result == "1/2-1/2");

    auto white = ck::pgn::player_record(b.text, Color::White);
    REQUIRE(white);
    CHECK(white->find("[%end") == std::string::npos);
    CHECK(white->find("[%ann white game-over result=1/2-1/2 reason=agreement]") !=
          std::string::npos);
    CHECK(white->find("[Termination \"normal\"]") != std::string::npos);
}

TEST_CASE("a tampered end fails verification", "[record][end]") {
    const Built b = agreed_draw();
    // A decisive result does not fit an agreement.
    std::string t = replaced(b.text, "[%end 1/2-1/2 agreement]", "[%end 1-0 agreement]");
    CHECK_FALSE(ck::pgn::verify_referee_record(t));
    // The end without its announcement.
    t = replaced(b.text, "[%ann both game-over result=1/2-1/2 reason=agreement]", "");
    CHECK_FALSE(ck::pgn::verify_referee_record(t));
    // A result tag that the end does not give.
    t = replaced(b.text, "[Result \"1/2-1/2\"]", "[Result \"*\"]");
    CHECK_FALSE(ck::pgn::verify_referee_record(t));
    // Without the end, the game is not over: the result token is wrong.
    t = replaced(b.text, "[%end 1/2-1/2 agreement]", "");
    t = replaced(t, "[%ann both game-over result=1/2-1/2 reason=agreement]", "");
    CHECK_FALSE(ck::pgn::verify_referee_record(t));
    // A forfeit is "time forfeit".
    GameSetup s;
    s.variant = ck::rules::find_variant("chess");
    auto g = Game::create(s);
    REQUIRE(g);
    RecordBuilder fb(s);
    fb.add(g->request("e4"));
    fb.add(*g->end_by(ck::referee::GameResult::WhiteWins, "forfeit"));
    CHECK(fb.referee_record().find("[Termination \"time forfeit\"]") != std::string::npos);
    CHECK(ck::pgn::verify_referee_record(fb.referee_record()));
}

TEST_CASE("open_referee_record gives the game and a builder that goes on", "[record][end]") {
    GameSetup s;
    s.variant = ck::rules::find_variant("crazyhouse");
    s.hidden = true;
    auto g = Game::create(s);
    REQUIRE(g);
    RecordBuilder b(s);
    b.set_tag("Mode", "EM");
    for (const char* req : {"e4", "d5", "any?", "exd5"}) b.add(g->request(req));
    const std::string text = b.referee_record();

    auto opened = ck::pgn::open_referee_record(text);
    REQUIRE(opened);
    CHECK(opened->builder.referee_record() == text);
    CHECK(opened->builder.rulings().size() == 4);
    REQUIRE(opened->builder.tag("Mode"));
    CHECK(*opened->builder.tag("Mode") == "EM");
    CHECK(opened->game.side_to_move() == Color::Black);
    CHECK(opened->game.view(Color::White).board_text() == g->view(Color::White).board_text());
    CHECK(opened->game.view(Color::Black).heard == g->view(Color::Black).heard);

    // Going on from the opened record gives the same record as going on from the start.
    b.add(g->request("Qxd5"));
    opened->builder.add(opened->game.request("Qxd5"));
    CHECK(opened->builder.referee_record() == b.referee_record());
    CHECK_FALSE(ck::pgn::open_referee_record(replaced(text, "1. e4", "1. d4")));
}
