// A store written in the format before typed club state (tests/data/store/legacy-v0, see its
// README) opens with every piece of club state moved into the typed namespaces, the legacy
// files gone, and the club library reading it (league/club_migration.hpp); one that crashed
// mid-commit first replays its journal (a tournament file written as a legacy file record,
// store/journal.hpp).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "league/challenge_book.hpp"
#include "league/club_migration.hpp"
#include "league/leave_book.hpp"
#include "league/players.hpp"
#include "league/rate_limits.hpp"
#include "league/tournament_store.hpp"
#include "store/journal.hpp"
#include "store/store.hpp"

namespace fs = std::filesystem;

namespace {

// A copy of the legacy store (without the .keep files git needs for empty directories).
fs::path copy_legacy_store(const std::string& name) {
    const fs::path dir =
        fs::temp_directory_path() / ("ck-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(fs::path(CK_TEST_DATA) / "store" / "legacy-v0", dir, fs::copy_options::recursive);
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.path().filename() == ".keep") fs::remove(e.path());
    return dir;
}

void check_migrated(const ck::store::Store& store) {
    auto players = ck::league::Players::load(store);
    REQUIRE(players);
    REQUIRE(players->all().size() == 5);
    CHECK(players->all()[0].address == "alice@example.test");  // registration order kept
    CHECK(players->all()[4].name == "Erin");

    auto leaves = ck::league::LeaveBook::load(store);
    REQUIRE(leaves);
    REQUIRE(leaves->all().size() == 1);
    CHECK(leaves->all()[0].address == "carol@example.test");
    CHECK(leaves->all()[0].days == 3);
    CHECK(ck::core::format_iso8601(leaves->all()[0].start) == "2026-12-01T10:00:00Z");

    auto ids = ck::league::tournament_ids(store);
    REQUIRE(ids);
    CHECK(*ids == std::vector<std::string>{"autumn-cup", "winter-open"});
    auto autumn = ck::league::load_tournament(store, "autumn-cup");
    REQUIRE(autumn);
    CHECK(autumn->name == "Autumn Cup");
    CHECK(autumn->pairings.size() == 3);
    auto winter = ck::league::load_tournament(store, "winter-open");
    REQUIRE(winter);
    CHECK(winter->entries_open);
    CHECK(winter->players.size() == 2);

    auto book = ck::league::load_challenges(store);
    REQUIRE(book);
    CHECK(book->next_id == 3);
    REQUIRE(book->open.size() == 1);
    CHECK(book->open[0].id == 1);
    CHECK(book->open[0].challenger == "alice@example.test");
    CHECK(book->open[0].hidden);

    CHECK(ck::league::RateLimitTable::get(
              store, ck::league::unknown_sender_limit_key("stranger@elsewhere.test", "2026-12-01"))
              ->has_value());
    CHECK(ck::league::RateLimitTable::get(store, ck::league::unknown_sender_total_key("2026-12-01"))
              ->value() == 1);
    CHECK(store.list_games()->size() == 3);
}

}  // namespace

TEST_CASE("a store of the legacy format is migrated on its first open", "[league][migration]") {
    const fs::path dir = copy_legacy_store("migration");
    {
        auto store = ck::league::open_club_store(dir, std::chrono::milliseconds{0});
        REQUIRE(store);
        check_migrated(*store);
    }
    for (const char* gone : {"players", "leaves", "tournaments/_challenges",
                             "tournaments/autumn-cup", "tournaments/winter-open"}) {
        INFO(gone);
        CHECK_FALSE(fs::exists(dir / gone));
    }
    // The second open finds nothing to migrate and the same state.
    auto store = ck::store::Store::open(dir);
    REQUIRE(store);
    auto again = ck::league::migrate_club_state(*store, std::chrono::system_clock::now());
    REQUIRE(again);
    CHECK_FALSE(*again);
    check_migrated(*store);
    fs::remove_all(dir);
}

TEST_CASE("a migration interrupted before the legacy files were removed is done again the same",
          "[league][migration]") {
    const fs::path dir = copy_legacy_store("migration-again");
    const fs::path saved = dir.string() + "-saved";
    fs::remove_all(saved);
    fs::copy(dir, saved, fs::copy_options::recursive);
    { REQUIRE(ck::league::open_club_store(dir, std::chrono::milliseconds{0})); }
    // As if the process died after the commit: the legacy files are back.
    for (const char* f : {"players", "leaves"}) fs::copy_file(saved / f, dir / f);
    fs::copy(saved / "tournaments", dir / "tournaments",
             fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    auto store = ck::league::open_club_store(dir, std::chrono::milliseconds{0});
    REQUIRE(store);
    check_migrated(*store);
    fs::remove_all(dir);
    fs::remove_all(saved);
}

TEST_CASE("open_club_store: a legacy file that does not parse is Corrupt", "[league][errors]") {
    const fs::path dir =
        fs::temp_directory_path() / ("ck-service-errors-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    {
        auto store = ck::store::Store::open(dir);
        REQUIRE(store);
    }
    std::ofstream(dir / "players") << "a line without a tab\n";
    auto opened = ck::league::open_club_store(dir, std::chrono::milliseconds{0});
    REQUIRE_FALSE(opened);
    CHECK(opened.error().kind == ck::core::ErrorKind::Corrupt);
    CHECK(opened.error().detail == "bad line in " + (dir / "players").string());
    fs::remove_all(dir);
}

TEST_CASE("a legacy store that crashed mid-commit replays its tournament file, then migrates it",
          "[league][migration]") {
    const fs::path dir = copy_legacy_store("migration-crashed");
    // Its build (commit c937b14, journal version 1) had committed Carol's entry to the Winter
    // Open: the tournament file written through the journal as a file of game 0, not applied.
    const std::string ini =
        "# crazykrieg tournament\nid = winter-open\nname = Winter Open\nkind = single\n"
        "variant = crazyhouse\nhidden = false\nrules =\ntime = 3d\nentries = open\n"
        "player = Alice <alice@example.test>\nplayer = Bob <bob@example.test>\n"
        "player = Carol <carol@example.test>\n";
    const std::string journal = "ck-journal 1\nnext-game 4\nfile 0 winter-open/tournament.ini " +
                                std::to_string(ini.size()) + "\n" + ini +
                                "\nseen 14\njoin@carol.mid\nend\n";
    REQUIRE(
        ck::core::write_file_atomic(dir / "journal" / ck::store::journal_file_name(5), journal));
    {
        auto store = ck::league::open_club_store(dir, std::chrono::milliseconds{0});
        REQUIRE(store);
        auto winter = ck::league::load_tournament(*store, "winter-open");
        REQUIRE(winter);
        CHECK(winter->players.size() == 3);
        CHECK(store->seen("join@carol.mid"));
        auto ids = ck::league::tournament_ids(*store);
        REQUIRE(ids);
        CHECK(*ids == std::vector<std::string>{"autumn-cup", "winter-open"});
    }
    CHECK_FALSE(fs::exists(dir / "tournaments/winter-open"));
    fs::remove_all(dir);
}
