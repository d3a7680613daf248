// Tail records (journal.hpp "tail"): a game file that grew is journaled and written as the bytes
// past the whole blocks it shares with what the store holds, and such a record is replayed
// after a crash to the same content however often it is applied.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/atomic_file.hpp"
#include "core/temp_dir.hpp"
#include "store/crc32c.hpp"
#include "store/journal.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::names_in;
using ck::test::slurp;
using ck::test::TempDir;

namespace {

// A made-up record of `plies` plies (store_helpers.hpp) under this test's event.
std::string record_of(int plies) { return ck::test::record_of(plies, "tail test"); }

Transaction record_tx(GameId g, int plies) {
    Transaction tx(at("2026-11-21T15:30:00Z"));
    tx.write_game_file(g, "record.pgn", record_of(plies));
    tx.mark_seen("ply" + std::to_string(plies) + "@players.example");
    return tx;
}

}  // namespace

TEST_CASE("a game file that grew is journaled as its tail, and replays to the same content",
          "[store][tail]") {
    TempDir tmp;
    const auto root = tmp.path();
    const auto file = root / "games" / "1.record.pgn";
    const auto saved = root.parent_path() / (root.filename().string() + "-saved.tx");
    std::string journal, checkpoint;
    {
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        REQUIRE(store->commit(record_tx(g, 1000)));
        REQUIRE(store->checkpoint());
        REQUIRE(record_of(1000).size() > 8192);
        REQUIRE(store->commit_journal_only_for_test(record_tx(g, 1001)));
        journal = names_in(root / "journal").at(0);
        const std::string bytes = slurp(root / "journal" / journal);
        // Only the bytes past the shared whole blocks, not the whole record.
        CHECK(bytes.find("\ntail 1 record.pgn ") != std::string::npos);
        CHECK(bytes.size() < 4096 + 200);
        std::filesystem::copy_file(root / "journal" / journal, saved,
                                   std::filesystem::copy_options::overwrite_existing);
        checkpoint = slurp(root / "checkpoint");
    }
    // As if a crash came after the journal's apply, before the checkpoint that retires it.
    const auto unretire = [&] {
        std::filesystem::copy_file(saved, root / "journal" / journal);
        REQUIRE(ck::core::write_file_atomic(root / "checkpoint", checkpoint));
    };
    {
        // The crash left junk past the kept part: the replay writes over it and cuts it.
        std::ofstream(file, std::ios::app) << std::string(20000, '#');
        REQUIRE(Store::open(root));
        CHECK(slurp(file) == record_of(1001));
    }
    for (int i = 0; i < 2; ++i) {  // applied again over its own result: the same content
        unretire();
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(*store->read_game_file(GameId(1), "record.pgn") == record_of(1001));
        CHECK(slurp(file) == record_of(1001));
    }
    {
        // A file shorter than the kept part cannot take the tail: the open stops, naming it.
        std::filesystem::resize_file(file, 100);
        unretire();
        auto store = Store::open(root);
        REQUIRE_FALSE(store);
        CHECK(store.error().describe().find("record.pgn") != std::string::npos);
    }
    std::filesystem::remove(saved);
}

TEST_CASE("a group's tails of one file read back and apply in order", "[store][tail]") {
    TempDir tmp;
    const auto root = tmp.path();
    auto store = Store::open(root);
    REQUIRE(store);
    const GameId g = store->new_game_id();
    REQUIRE(store->commit(record_tx(g, 1000)));
    {
        GroupCommit group(*store);
        for (int plies = 1001; plies <= 1010; ++plies) {
            REQUIRE(store->commit(record_tx(g, plies)));
            CHECK(*store->read_game_file(g, "record.pgn") == record_of(plies));
        }
        {
            GroupCommit savepoint(*store);  // dropped: only its own tail goes
            REQUIRE(store->commit(record_tx(g, 1011)));
            CHECK(*store->read_game_file(g, "record.pgn") == record_of(1011));
        }
        CHECK(*store->read_game_file(g, "record.pgn") == record_of(1010));
        // A rewrite from the start (a shorter record) is written whole; a tail may follow it.
        REQUIRE(store->commit(record_tx(g, 990)));
        REQUIRE(store->commit(record_tx(g, 995)));
        CHECK(*store->read_game_file(g, "record.pgn") == record_of(995));
        REQUIRE(group.commit());
    }
    CHECK(slurp(root / "games" / "1.record.pgn") == record_of(995));
    CHECK(*store->read_game_file(g, "record.pgn") == record_of(995));
}

TEST_CASE("a version 3 journal (no tail records) is still replayed", "[store][tail]") {
    TempDir tmp;
    { REQUIRE(Store::open(tmp.path())); }
    const std::string entries = "seen 6\nold@xy\n";
    REQUIRE(ck::core::write_file_atomic(
        tmp.path() / "journal" / journal_file_name(1),
        "ck-journal 3\nnext-game 1\n" + entries + journal_end_line(crc32c(0, entries), GameId(1))));
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    CHECK(store->seen("old@xy"));
}
