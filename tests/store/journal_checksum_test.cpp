// The journal's checksum (journal.hpp, "end CRC"): a torn or damaged journal is refused with its
// name and nothing of it is applied; journals of earlier versions (no checksum) still replay.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "core/atomic_file.hpp"
#include "core/temp_dir.hpp"
#include "store/crc32c.hpp"
#include "store/journal.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::ledger_lines;
using ck::test::names_in;
using ck::test::slurp;
using ck::test::TempDir;

TEST_CASE("crc32c is the Castagnoli CRC", "[journal]") {
    CHECK(crc32c(0, "123456789") == 0xE3069283u);  // the standard check value
    CHECK(crc32c(crc32c(0, "1234"), "56789") == 0xE3069283u);
    CHECK(crc32c(0, "") == 0u);
}

TEST_CASE("a journal with one byte changed is refused with its name, nothing applied",
          "[journal]") {
    TempDir tmp;
    const auto root = tmp.path();
    std::string name;
    {
        auto store = Store::open(root);
        REQUIRE(store);
        Transaction tx(at("2026-11-21T15:30:00Z"));
        const GameId g = store->new_game_id();
        tx.write_game_file(g, "record.pgn", "record one\n");
        tx.mark_seen("one@players.example");
        REQUIRE(store->commit_journal_only_for_test(tx));
        name = names_in(root / "journal").at(0);
    }
    const auto file = root / "journal" / name;
    std::string bytes = slurp(file);
    const auto at_byte = bytes.find("record one");
    REQUIRE(at_byte != std::string::npos);
    bytes[at_byte + 7] = 'X';  // same length, same syntax: only the checksum can tell
    REQUIRE(ck::core::write_file_atomic(file, bytes));
    auto store = Store::open(root);
    REQUIRE_FALSE(store);
    CHECK(store.error().describe().find(name) != std::string::npos);
    CHECK(store.error().message.find("checksum") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(root / "games" / "1" / "record.pgn"));
    CHECK(ledger_lines(root).empty());
}

TEST_CASE("a version 2 journal (no checksum) is still replayed", "[journal]") {
    TempDir tmp;
    { REQUIRE(Store::open(tmp.path())); }
    REQUIRE(ck::core::write_file_atomic(tmp.path() / "journal" / journal_file_name(1),
                                        "ck-journal 2\nnext-game 1\nseen 6\nold@xy\nend\n"));
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    CHECK(store->seen("old@xy"));
}
