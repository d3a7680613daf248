// The lazy-durability protocol of store.hpp: effects applied without fsync are repaired by
// replaying the journals above the checkpoint, journals the checkpoint covers are never
// replayed, and group commits are staged in memory until end_group.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/temp_dir.hpp"
#include "store/outbox.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::ledger_lines;
using ck::test::names_in;
using ck::test::slurp;
using ck::test::TempDir;

namespace {

Transaction move_tx(GameId game, const std::string& tag) {
    Transaction tx(at("2026-11-21T15:30:00Z"));
    tx.write_game_file(game, "record.pgn", "record " + tag + "\n");
    tx.write_game_file(game, "white.pgn", "white " + tag + "\n");
    tx.mark_seen(tag + "@players.example");
    tx.queue_mail(SpooledMail{"referee@club.example", {"white@example.org"}, "To white " + tag});
    tx.queue_mail(SpooledMail{"referee@club.example", {"black@example.org"}, "To black " + tag});
    return tx;
}

std::vector<std::string> pending_bodies(Store& store) {
    std::vector<std::string> out;
    auto pending = Outbox(store).pending();
    REQUIRE(pending);
    for (const auto& e : *pending) out.push_back(e.raw_message);
    return out;
}

const std::vector<std::string> ThreeMoves = {"To white m1", "To black m1", "To white m2",
                                             "To black m2", "To white m3", "To black m3"};

}  // namespace

TEST_CASE("a crash after apply, before the checkpoint, is repaired by replay", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    {
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        for (const char* m : {"m1", "m2", "m3"}) REQUIRE(store->commit(move_tx(g, m)));
        CHECK(store->unretired_journals() == 3);
        CHECK(names_in(root / "journal").size() == 3);
        CHECK_FALSE(std::filesystem::exists(root / "checkpoint"));
    }  // the process dies: nothing was synced since the commit points
    // What a power loss may leave of unsynced writes: a torn file, a lost file, a lost ledger
    // line and a torn one, an old counter; no spool file at all.
    REQUIRE(ck::core::write_file_atomic(root / "games/1.record.pgn", "reco"));
    std::filesystem::remove(root / "games/1.white.pgn");
    REQUIRE(ck::core::write_file_atomic(root / "ledger/seen", "m1@players.example\nm2@pla"));
    REQUIRE(ck::core::write_file_atomic(root / "counters", "next-game 1\n"));
    {
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(names_in(root / "journal").empty());
        CHECK(slurp(root / "checkpoint") == "applied-through 3\n");
        CHECK(*store->read_game_file(GameId(1), "record.pgn") == "record m3\n");
        CHECK(*store->read_game_file(GameId(1), "white.pgn") == "white m3\n");
        CHECK(ledger_lines(root) == std::vector<std::string>{"m1@players.example",
                                                             "m2@players.example",
                                                             "m3@players.example"});
        CHECK(slurp(root / "counters") == "next-game 2\n");
        CHECK(pending_bodies(*store) == ThreeMoves);
        CHECK(names_in(root / "outbox").size() == 7);  // spooled by the open's checkpoint
        CHECK(store->new_game_id() == GameId(2));
    }
}

TEST_CASE("a journal the checkpoint covers is never replayed", "[store]") {
    TempDir tmp;
    const auto root = tmp.path() / "var";
    const auto saved = tmp.path() / "saved.tx";
    std::string first;
    {
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        REQUIRE(store->commit(move_tx(g, "m1")));
        first = names_in(root / "journal").at(0);
        std::filesystem::copy_file(root / "journal" / first, saved);
        REQUIRE(store->checkpoint());
        CHECK(names_in(root / "journal").empty());
        REQUIRE(store->commit(move_tx(g, "m2")));
        REQUIRE(store->checkpoint());
    }
    // A crash lost the unlink of the first journal (it was never fsynced).
    std::filesystem::copy_file(saved, root / "journal" / first);
    {
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(names_in(root / "journal").empty());
        CHECK(*store->read_game_file(GameId(1), "record.pgn") ==
              "record m2\n");  // not set back to m1
        // Transaction ids go on above the checkpoint, so the next journal is replayed.
        REQUIRE(store->commit(move_tx(GameId(1), "m3")));
        CHECK(names_in(root / "journal").at(0) > first);
    }
    std::filesystem::remove(root / "games/1.record.pgn");  // lost unsynced write
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(*store->read_game_file(GameId(1), "record.pgn") == "record m3\n");
    CHECK(pending_bodies(*store) == ThreeMoves);
}

TEST_CASE("a checkpoint every CheckpointEvery commits bounds the journals", "[store]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const GameId g = store->new_game_id();
    for (std::size_t k = 1; k < Store::CheckpointEvery; ++k) {
        REQUIRE(store->commit(move_tx(g, "m" + std::to_string(k))));
    }
    CHECK(store->unretired_journals() == Store::CheckpointEvery - 1);
    REQUIRE(store->commit(move_tx(g, "last")));
    CHECK(store->unretired_journals() == 0);
    CHECK(names_in(tmp.path() / "journal").empty());
    CHECK(store->unspooled_mails().empty());
    CHECK(names_in(tmp.path() / "outbox").size() == 2 * Store::CheckpointEvery + 1);
}

TEST_CASE("a group commit is staged in memory and written as one journal", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    auto store = Store::open(root);
    REQUIRE(store);
    const GameId g1 = store->new_game_id();
    REQUIRE(store->commit(move_tx(g1, "m1")));
    REQUIRE(store->checkpoint());

    store->begin_group();
    CHECK(store->grouping());
    REQUIRE(store->commit(move_tx(g1, "m2")));
    const GameId g2 = store->new_game_id();
    REQUIRE(store->commit(move_tx(g2, "n1")));
    REQUIRE(store->commit(move_tx(g1, "m3")));
    Transaction bad(at("2026-11-21T15:30:00Z"));
    bad.write_game_file(g1, "../x", "x");
    CHECK_FALSE(store->commit(bad));  // refused, the group goes on
    // Reads see the staged state, the disk does not.
    CHECK(*store->read_game_file(g1, "record.pgn") == "record m3\n");
    CHECK(*store->read_game_file(g2, "white.pgn") == "white n1\n");
    CHECK(*store->list_games() == std::vector<GameId>{g1, g2});
    CHECK(store->seen("m2@players.example"));
    CHECK(store->seen("n1@players.example"));
    CHECK(slurp(root / "games/1.record.pgn") == "record m1\n");
    CHECK_FALSE(std::filesystem::exists(root / "games/2.white.pgn"));
    CHECK(names_in(root / "journal").empty());
    CHECK(ledger_lines(root) == std::vector<std::string>{"m1@players.example"});

    REQUIRE(store->end_group());
    CHECK_FALSE(store->grouping());
    CHECK(names_in(root / "journal").size() == 1);
    CHECK(slurp(root / "games/1.record.pgn") == "record m3\n");
    CHECK(slurp(root / "games/2.white.pgn") == "white n1\n");
    CHECK(ledger_lines(root) == std::vector<std::string>{"m1@players.example", "m2@players.example",
                                                         "n1@players.example",
                                                         "m3@players.example"});
    CHECK(pending_bodies(*store) ==
          std::vector<std::string>{"To white m1", "To black m1", "To white m2", "To black m2",
                                   "To white n1", "To black n1", "To white m3", "To black m3"});
    REQUIRE(store->end_group());  // not grouping: nothing to do
    CHECK(names_in(root / "journal").size() == 1);
}

TEST_CASE("a group never ended is lost whole", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    {
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        REQUIRE(store->commit(move_tx(g, "m1")));
        store->begin_group();
        REQUIRE(store->commit(move_tx(g, "m2")));
        REQUIRE(store->commit(move_tx(g, "m3")));
    }  // crash before end_group
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(store->seen("m1@players.example"));
    CHECK_FALSE(store->seen("m2@players.example"));
    CHECK_FALSE(store->seen("m3@players.example"));
    CHECK(*store->read_game_file(GameId(1), "record.pgn") == "record m1\n");
    CHECK(pending_bodies(*store) == std::vector<std::string>{"To white m1", "To black m1"});
}

TEST_CASE("an empty group writes nothing", "[store]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    store->begin_group();
    REQUIRE(store->commit(Transaction(at("2026-11-21T15:30:00Z"))));
    REQUIRE(store->end_group());
    CHECK(names_in(tmp.path() / "journal").empty());
    CHECK(ledger_lines(tmp.path()).empty());
}
