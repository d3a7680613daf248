// Fairness receipts (pgn/referee_record.hpp, README "Fairness receipts"): a hidden game's
// record commits to the true position after every ply; with the salt revealed at the end a
// genuine record verifies, and a record with one altered hidden move is rejected, whether the
// cheater recomputed the receipts or not, against the receipts the player was given.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "pgn/referee_record.hpp"
#include "referee/game.hpp"
#include "rules/variant.hpp"

namespace {

using ck::pgn::RecordBuilder;
using ck::referee::Game;
using ck::referee::GameSetup;
using ck::rules::Color;

const std::string Salt = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

GameSetup hidden_crazyhouse() {
    GameSetup s;
    s.variant = ck::rules::find_variant("crazyhouse");
    REQUIRE(s.variant != nullptr);
    s.hidden = true;
    return s;
}

// A hidden crazyhouse game played request by request, receipts added as the daemon does
// (league/game_files.cpp): receipt 0 at the start, receipt N after the N-th move.
std::string play(const std::vector<std::string>& requests, const std::string& salt = Salt,
                 bool receipts = true) {
    auto created = Game::create(hidden_crazyhouse());
    REQUIRE(created);
    Game game = std::move(*created);
    RecordBuilder b(hidden_crazyhouse());
    b.set_tag("White", "Ada");
    b.set_tag("Black", "Bob");
    if (receipts) {
        b.set_salt(salt);
        b.add_commitment(0, game.commitment(salt, 0));
    }
    for (const auto& r : requests) {
        auto ruling = game.request(r);
        b.add(ruling);
        if (receipts && ruling.move) b.add_commitment(b.plies(), game.commitment(salt, b.plies()));
    }
    return b.referee_record();
}

// Fool's mate with a Black first move White cannot see.
std::vector<std::string> fools_mate(const std::string& black_first) {
    return {"f3", black_first, "Bb5", "g4", "Qh4"};
}

std::vector<ck::pgn::Receipt> white_receipts(const std::string& record) {
    auto mine = ck::pgn::player_record(record, Color::White);
    REQUIRE(mine);
    auto r = ck::pgn::read_receipts(*mine);
    REQUIRE(r);
    return *r;
}

}  // namespace

TEST_CASE("the commitment hashes the salt, the ply and the true position", "[pgn][receipts]") {
    auto g = Game::create(hidden_crazyhouse());
    REQUIRE(g);
    const std::string c0 = g->commitment(Salt, 0);
    CHECK(c0.size() == 64);
    CHECK(c0 == g->commitment(Salt, 0));
    CHECK(c0 != g->commitment(Salt, 1));
    CHECK(c0 != g->commitment(std::string(64, '0'), 0));
    auto moved = g->request("e4");
    REQUIRE(moved.move);
    CHECK(g->commitment(Salt, 0) != c0);
}

TEST_CASE("a genuine record verifies and matches the player's receipts", "[pgn][receipts]") {
    const std::string record = play(fools_mate("e5"));
    CHECK(record.find("[Salt \"" + Salt + "\"]") != std::string::npos);
    CHECK(record.find("[%commit 0 ") != std::string::npos);
    CHECK(record.find("[%commit 4 ") != std::string::npos);
    CHECK(ck::pgn::verify_referee_record(record));

    auto checked = ck::pgn::verify_commitments(record);
    REQUIRE(checked);
    CHECK(checked->check.plies == 4);
    CHECK(checked->check.result == "0-1");
    CHECK(checked->commitments.size() == 5);
    CHECK(checked->recorded == 5);

    // White's own record holds every receipt, before the view of its turn.
    auto receipts = white_receipts(record);
    REQUIRE(receipts.size() == 5);
    CHECK(receipts[2].ply == 2);
    CHECK(!ck::pgn::first_mismatch(*checked, receipts));
}

TEST_CASE("a record with one altered hidden move is rejected", "[pgn][receipts]") {
    const std::string genuine = play(fools_mate("e5"));
    const auto receipts = white_receipts(genuine);
    // e5 and e6 tell White the same: only the receipts tell the records apart.
    auto honest_white = ck::pgn::player_record(genuine, Color::White);
    REQUIRE(honest_white);

    SECTION("the cheater recomputes the receipts: the player's receipts do not match") {
        const std::string cheat = play(fools_mate("e6"));
        auto checked = ck::pgn::verify_commitments(cheat);
        REQUIRE(checked);  // consistent in itself
        auto bad = ck::pgn::first_mismatch(*checked, receipts);
        REQUIRE(bad);
        CHECK(bad->ply == 2);  // receipts 0 and 1 still match
        CHECK(!ck::pgn::first_mismatch(*checked, {receipts[0], receipts[1]}));
    }
    SECTION("the cheater keeps the old receipts: the record itself is rejected") {
        std::string cheat = play(fools_mate("e6"), Salt, false);
        // Graft the genuine receipts and salt onto the altered game.
        auto opened = ck::pgn::open_referee_record(cheat);
        REQUIRE(opened);
        auto checked_genuine = ck::pgn::verify_commitments(genuine);
        REQUIRE(checked_genuine);
        opened->builder.set_salt(Salt);
        for (std::size_t n = 0; n < checked_genuine->commitments.size(); ++n)
            opened->builder.add_commitment(static_cast<int>(n), checked_genuine->commitments[n]);
        cheat = opened->builder.referee_record();
        auto checked = ck::pgn::verify_commitments(cheat);
        REQUIRE_FALSE(checked);
        CHECK(checked.error().ply == 2);
        CHECK(checked.error().message.find("receipt of ply 2") != std::string::npos);
        // The game loader rejects it as well once the salt is known.
        CHECK_FALSE(ck::pgn::verify_referee_record(cheat));
    }
}

TEST_CASE("receipts without a revealed salt", "[pgn][receipts]") {
    // An unfinished game: receipts are written, the salt is not.
    const std::string running = play({"f3", "e5"});
    CHECK(running.find("[%commit 2 ") != std::string::npos);
    CHECK(running.find("Salt") == std::string::npos);
    CHECK(running.find(Salt) == std::string::npos);
    CHECK(ck::pgn::verify_referee_record(running));
    auto checked = ck::pgn::verify_commitments(running);
    REQUIRE_FALSE(checked);
    CHECK(checked.error().message.find("no [Salt] tag") != std::string::npos);

    // Reopened with the game's salt (as the daemon loads it), the receipts are checked and the
    // record comes back unchanged.
    auto opened = ck::pgn::open_referee_record(running, Salt);
    REQUIRE(opened);
    CHECK(opened->builder.referee_record() == running);
    CHECK_FALSE(ck::pgn::open_referee_record(running, std::string(64, 'a')));

    // A record without receipts (older games, open games) still verifies.
    CHECK(ck::pgn::verify_referee_record(play(fools_mate("e5"), Salt, false)));
}

TEST_CASE("receipts copied from mails", "[pgn][receipts]") {
    const std::string h1(64, 'a'), h2(64, 'b');
    auto r = ck::pgn::read_receipts("From my mails:\nReceipt (ply 1): " + h1 +
                                    "\n> Receipt (ply 3):\n>   " + h2 + "\n0 " + h1 +
                                    "\nReceipt (ply 1): " + h1 + "\n");
    REQUIRE(r);
    REQUIRE(r->size() == 3);
    CHECK(r->at(0).ply == 0);
    CHECK(r->at(1).ply == 1);
    CHECK(r->at(2).ply == 3);
    CHECK(r->at(2).hex == std::string(64, 'B'));  // given back in upper case
    CHECK_FALSE(ck::pgn::read_receipts("Receipt (ply 2): 1234\n"));
    CHECK_FALSE(ck::pgn::read_receipts("2 " + h1 + "\n2 " + h2 + "\n"));
}

// Regenerates tests/data/pgn/receipts (the inputs of the `crazykrieg verify` CLI tests):
//   CK_RECEIPTS_OUT=tests/data/pgn/receipts build/tests/pgn/pgn_tests "[receipts-data]"
TEST_CASE("write the receipts test data", "[.][receipts-data]") {
    const char* dir = std::getenv("CK_RECEIPTS_OUT");
    REQUIRE(dir != nullptr);
    const auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream(std::string(dir) + "/" + name, std::ios::binary) << text;
    };
    const std::string genuine = play(fools_mate("e5"));
    write("genuine.pgn", genuine);
    auto white = ck::pgn::player_record(genuine, Color::White);
    REQUIRE(white);
    write("white.pgn", *white);
    std::string lines = "# copied from my mails\n";
    for (const auto& r : white_receipts(genuine))
        lines += "Receipt (ply " + std::to_string(r.ply) + "):\n  " + r.hex + "\n";
    write("white-mails.txt", lines);
    write("cheat-recomputed.pgn", play(fools_mate("e6")));
    auto opened = ck::pgn::open_referee_record(play(fools_mate("e6"), Salt, false));
    REQUIRE(opened);
    auto checked = ck::pgn::verify_commitments(genuine);
    REQUIRE(checked);
    opened->builder.set_salt(Salt);
    for (std::size_t n = 0; n < checked->commitments.size(); ++n)
        opened->builder.add_commitment(static_cast<int>(n), checked->commitments[n]);
    write("cheat-stale.pgn", opened->builder.referee_record());
    write("unfinished.pgn", play({"f3", "e5"}));
}
