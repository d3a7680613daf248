// Legacy file records (store/journal.hpp): a store from before typed club state wrote its
// tournament files through its journals as `file 0 <tournament>/<file>`. The store no longer
// writes such a record (every FileWrite has a game) nor keeps a tournaments/ directory, but a
// journal an old store left unapplied (a crash mid-commit before the upgrade) is still replayed,
// whatever its version, so that the club's migration finds the files it wrote.
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
using ck::test::slurp;
using ck::test::TempDir;
namespace fs = std::filesystem;

namespace {

// The records of an old journal: a game file, a tournament file (game 0), a Message-ID.
const std::string OldRecords =
    "file 1 record.pgn 3\nr1\n\n"
    "file 0 spring-cup/tournament.ini 3\nt1\n\n"
    "seen 9\nold@mid.x\n";

// A journal as the build of commit c937b14 wrote it (version 1: no checksum).
std::string journal_v1() { return "ck-journal 1\nnext-game 2\n" + OldRecords + "end\n"; }

// The same records in a version 4 journal, as the last build that could write them did.
std::string journal_v4() {
    return "ck-journal 4\nnext-game 2\n" + OldRecords +
           journal_end_line(crc32c(0, OldRecords), GameId(2));
}

// A store directory of an old build that crashed right after committing `journal`.
void crashed_old_store(const fs::path& root, const std::string& journal) {
    fs::create_directories(root / "journal");
    REQUIRE(ck::core::write_file_atomic(root / "journal" / journal_file_name(1), journal));
}

}  // namespace

TEST_CASE("an old journal's tournament file is replayed at open", "[store]") {
    for (const auto& [version, journal] :
         {std::pair<const char*, std::string>{"1", journal_v1()}, {"4", journal_v4()}}) {
        INFO("journal version " << version);
        TempDir tmp;
        const auto root = tmp.path() / "var";
        crashed_old_store(root, journal);
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(slurp(root / "tournaments/spring-cup/tournament.ini") == "t1\n");
        CHECK(*store->read_game_file(GameId(1), "record.pgn") == "r1\n");
        CHECK(*store->list_games() == std::vector<GameId>{GameId(1)});
        CHECK(store->seen("old@mid.x"));
        CHECK(store->new_game_id() == GameId(2));
        // Replayed once: the checkpoint retired the journal.
        CHECK(ck::test::names_in(root / "journal").empty());
    }
}

TEST_CASE("legacy file records are read, never written", "[store]") {
    auto parsed = parse_journal(journal_v4());
    REQUIRE(parsed);
    REQUIRE(parsed->files.size() == 1);
    CHECK(parsed->files[0].game == GameId(1));
    REQUIRE(parsed->legacy_files.size() == 1);
    CHECK(parsed->legacy_files[0].path == fs::path("tournaments/spring-cup/tournament.ini"));
    CHECK(parsed->legacy_files[0].bytes == "t1\n");
    // Encoding the record again leaves it out: no build writes a `file 0` record.
    const std::string again = encode_journal(*parsed);
    CHECK(again.find("file 0 ") == std::string::npos);
    CHECK(again.find("file 1 record.pgn 3\n") != std::string::npos);

    // A legacy record's name is "<tournament>/<file>", both plain names.
    for (const char* name :
         {"tournament.ini", "../x/tournament.ini", "spring/a/b", "/t.ini", "spring/.t.ini"}) {
        INFO(name);
        const std::string record = std::string("file 0 ") + name + " 1\nx\n";
        CHECK_FALSE(parse_journal("ck-journal 2\nnext-game 1\n" + record + "end\n"));
    }
}

TEST_CASE("a new store keeps no tournaments directory", "[store]") {
    TempDir tmp;
    const auto root = tmp.path() / "var";
    {
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        Transaction tx(at("2026-11-21T15:30:00Z"));
        tx.write_game_file(g, "record.pgn", "r1\n");
        REQUIRE(store->commit(tx));
        REQUIRE(store->checkpoint());
    }
    CHECK(fs::is_regular_file(root / "games" / "1.record.pgn"));
    CHECK_FALSE(fs::exists(root / "tournaments"));
}
