// Typed club state in the store (club/<namespace>/<file>, README "Ratings"): written through
// the same transactions as game files, journaled, replayed after a crash, staged in groups, and
// never listed as a game.
#include <catch2/catch.hpp>

#include <string>
#include <system_error>

#include "core/temp_dir.hpp"
#include "store/journal.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::slurp;
using ck::test::TempDir;

TEST_CASE("club files commit with game files and survive a crash", "[store]") {
    TempDir tmp;
    const auto root = tmp.path() / "var";
    {
        auto store = Store::open(root);
        REQUIRE(store);
        auto missing = store->read_club_file("ratings", "chess");
        REQUIRE_FALSE(missing);
        CHECK(missing.error().code == std::errc::no_such_file_or_directory);
        const GameId g = store->new_game_id();
        Transaction tx(at("2026-11-21T15:30:00Z"));
        tx.write_game_file(g, "record.pgn", "r1\n");
        tx.write_club_file("ratings", "chess", "v1\n");
        REQUIRE(store->commit(tx));
        CHECK(slurp(root / "club/ratings/chess") == "v1\n");
        CHECK(*store->read_club_file("ratings", "chess") == "v1\n");
        CHECK(*store->list_games() == std::vector<GameId>{g});
        CHECK(store->list_tournaments()->empty());

        Transaction tx2(at("2026-11-21T15:31:00Z"));
        tx2.write_club_file("ratings", "chess", "v2\n");
        REQUIRE(store->commit_journal_only_for_test(tx2));
    }
    {
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(*store->read_club_file("ratings", "chess") == "v2\n");
        store->begin_group();
        Transaction tx(at("2026-11-21T15:32:00Z"));
        tx.write_club_file("ratings", "kriegspiel", "k1\n");
        REQUIRE(store->commit(tx));
        CHECK(*store->read_club_file("ratings", "kriegspiel") == "k1\n");  // staged
        CHECK(store->list_games()->size() == 1);
        REQUIRE(store->end_group());
        CHECK(slurp(root / "club/ratings/kriegspiel") == "k1\n");
    }
}

TEST_CASE("club file names are checked", "[store]") {
    Transaction bad(at("2026-11-21T15:30:00Z"));
    bad.write_club_file("..", "x", "x");
    CHECK_FALSE(validate(bad));
    Transaction bad2(at("2026-11-21T15:30:00Z"));
    bad2.write_club_file("ratings", "a/b", "x");
    CHECK_FALSE(validate(bad2));
    TempDir tmp;
    auto store = Store::open(tmp.path() / "var");
    REQUIRE(store);
    CHECK_FALSE(store->read_club_file("ratings", "../lock"));
}
