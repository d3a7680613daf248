// The journal's checksum (journal.hpp, "end CRC"): a torn or damaged journal is refused with its
// name and nothing of it is applied; journals of earlier versions (no checksum) still replay.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

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
    CHECK(crc32c_portable(0, "123456789") == 0xE3069283u);
}

TEST_CASE("crc32c's fast path equals the one-byte-at-a-time definition", "[journal]") {
    // The bitwise definition, one bit at a time: what both paths must give.
    const auto bitwise = [](std::uint32_t crc, std::string_view bytes) {
        std::uint32_t c = ~crc;
        for (const char ch : bytes) {
            c ^= static_cast<unsigned char>(ch);
            for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
        }
        return ~c;
    };
    std::string text;
    for (int i = 0; i < 300; ++i) text += static_cast<char>((i * 131 + 7) % 256);
    // Every length and start, so that every alignment and tail of the 8-byte steps is seen.
    for (std::size_t from = 0; from < 9; ++from)
        for (std::size_t len = 0; from + len <= text.size(); len += 1 + len / 16) {
            const std::string_view part = std::string_view(text).substr(from, len);
            const std::uint32_t want = bitwise(0x12345678u, part);
            CHECK(crc32c(0x12345678u, part) == want);
            CHECK(crc32c_portable(0x12345678u, part) == want);
        }
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
    CHECK_FALSE(std::filesystem::exists(root / "games" / "1.record.pgn"));
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
