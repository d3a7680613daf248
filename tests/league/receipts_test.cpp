// Fairness receipts in the club's game files (league/game_files.hpp, README "Fairness receipts"): a
// hidden game gets a secret salt at creation, kept in game.ini; every move adds the receipt of
// its ply to the record; the finished record reveals the salt and verifies.
#include <catch2/catch.hpp>
#include <string>

#include "league/game_files.hpp"
#include "league/game_salt.hpp"
#include "pgn/referee_record.hpp"

namespace {

ck::league::StoredGame new_game(bool hidden) {
    ck::league::GameMeta m;
    REQUIRE(ck::league::resolve_variant(hidden ? "crazykrieg" : "crazyhouse", m));
    m.white = "ada@example.org";
    m.black = "bob@example.net";
    m.created = "2026-11-21T12:00:00Z";
    auto g = ck::league::start_game(m, {});
    REQUIRE(g);
    return std::move(*g);
}

}  // namespace

TEST_CASE("salts are 64 hex digits and differ", "[league][receipts]") {
    const std::string a = ck::league::new_game_salt(), b = ck::league::new_game_salt();
    CHECK(a.size() == 64);
    CHECK(a.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(a != b);
}

TEST_CASE("a hidden game commits to every ply and reveals its salt at the end",
          "[league][receipts]") {
    auto g = new_game(true);
    REQUIRE(g.meta.salt.size() == 64);
    CHECK(g.record.commitments().size() == 1);  // receipt 0: the start

    // game.ini keeps the salt; the record does not show it while the game lasts.
    auto ini = ck::league::parse_game_ini(ck::league::format_game_ini(g.meta));
    REQUIRE(ini);
    CHECK(ini->salt == g.meta.salt);
    for (const char* r : {"f3", "e5", "Bb5", "g4"}) ck::league::play_request(g, r);
    CHECK(g.record.commitments().size() == 4);  // Bb5 was refused: no new ply
    const std::string running = g.record.referee_record();
    CHECK(running.find(g.meta.salt) == std::string::npos);
    CHECK(running.find("[%commit 3 ") != std::string::npos);
    // Reopened as load_game does, with the salt from game.ini: the same record comes back.
    auto opened = ck::pgn::open_referee_record(running, g.meta.salt);
    REQUIRE(opened);
    CHECK(opened->builder.referee_record() == running);

    ck::league::play_request(g, "Qh4");
    REQUIRE(g.game.over());
    const std::string done = g.record.referee_record();
    CHECK(done.find("[Salt \"" + g.meta.salt + "\"]") != std::string::npos);
    auto checked = ck::pgn::verify_commitments(done);
    REQUIRE(checked);
    CHECK(checked->recorded == 5);
    auto white = ck::league::record_text(g, "white");
    REQUIRE(white);
    auto receipts = ck::pgn::read_receipts(*white);
    REQUIRE(receipts);
    CHECK(receipts->size() == 5);
    CHECK_FALSE(ck::pgn::first_mismatch(*checked, *receipts));
}

TEST_CASE("open games have no salt and no receipts", "[league][receipts]") {
    auto g = new_game(false);
    CHECK(g.meta.salt.empty());
    ck::league::play_request(g, "e4");
    CHECK(g.record.commitments().empty());
    CHECK(ck::league::format_game_ini(g.meta).find("salt") == std::string::npos);
}
