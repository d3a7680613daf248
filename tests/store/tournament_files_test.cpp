// Tournament files in the store (README "Challenges and tournaments by mail"):
// tournaments/<id>/<name>, written through the same transactions as game files (a FileWrite of game
// 0 named "<id>/<name>"), journaled, replayed, staged in groups, and listed.
#include <catch2/catch.hpp>

#include <string>

#include "core/temp_dir.hpp"
#include "store/journal.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::slurp;
using ck::test::TempDir;

TEST_CASE("tournament files commit with game files and survive a crash", "[store]") {
    TempDir tmp;
    const auto root = tmp.path() / "var";
    {
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(store->list_tournaments()->empty());
        const GameId g = store->new_game_id();
        Transaction tx(at("2026-11-21T15:30:00Z"));
        tx.write_game_file(g, "record.pgn", "r1\n");
        tx.write_tournament_file("spring-cup", "tournament.ini", "t1\n");
        REQUIRE(store->commit(tx));
        CHECK(slurp(root / "tournaments/spring-cup/tournament.ini") == "t1\n");
        CHECK(*store->read_tournament_file("spring-cup", "tournament.ini") == "t1\n");
        CHECK(*store->list_tournaments() == std::vector<std::string>{"spring-cup"});
        CHECK(*store->list_games() == std::vector<GameId>{g});  // game 0 is no game

        // Committed but not applied (a crash right after the commit point): replayed at open.
        Transaction tx2(at("2026-11-21T15:31:00Z"));
        tx2.write_tournament_file("spring-cup", "tournament.ini", "t2\n");
        REQUIRE(store->commit_journal_only_for_test(tx2));
    }
    {
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(*store->read_tournament_file("spring-cup", "tournament.ini") == "t2\n");
        // Staged in a group: visible to reads and listings before end_group.
        store->begin_group();
        Transaction tx(at("2026-11-21T15:32:00Z"));
        tx.write_tournament_file("autumn", "tournament.ini", "a1\n");
        REQUIRE(store->commit(tx));
        CHECK(*store->read_tournament_file("autumn", "tournament.ini") == "a1\n");
        CHECK(store->list_tournaments()->size() == 2);
        REQUIRE(store->end_group());
        CHECK(slurp(root / "tournaments/autumn/tournament.ini") == "a1\n");
    }
}

TEST_CASE("tournament file names are checked", "[store]") {
    Transaction bad(at("2026-11-21T15:30:00Z"));
    bad.write_tournament_file("../x", "tournament.ini", "x");
    CHECK_FALSE(validate(bad));
    Transaction bad2(at("2026-11-21T15:30:00Z"));
    bad2.write_tournament_file("", "tournament.ini", "x");  // no tournament
    CHECK_FALSE(validate(bad2));
    JournalRecord bad3;  // a file of game 0 (a tournament file) without a tournament
    bad3.files.push_back(FileWrite{std::nullopt, "tournament.ini", "x"});
    CHECK_FALSE(parse_journal(encode_journal(bad3)));
    CHECK(valid_tournament_file_path("spring/tournament.ini"));
    CHECK_FALSE(valid_tournament_file_path("spring/a/b"));
    CHECK_FALSE(valid_tournament_file_path("/tournament.ini"));

    JournalRecord r;
    r.files.push_back(FileWrite{std::nullopt, "spring/tournament.ini", "t\n"});
    auto parsed = parse_journal(encode_journal(r));
    REQUIRE(parsed);
    CHECK(parsed->files.at(0).name == "spring/tournament.ini");
    CHECK_FALSE(parsed->files.at(0).game);
}
