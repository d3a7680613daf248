// The flat game layout (store/game_layout.hpp): a store with a directory per game (layout 1) is
// moved to games/<id>.<name> by open, and a move stopped at any point, by a crash of the process
// or by a power loss that kept some of its directory changes and not others, is finished by the
// next open with every game file as it was.
#include <sys/stat.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/temp_dir.hpp"
#include "store/game_layout.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::names_in;
using ck::test::slurp;
using ck::test::TempDir;
namespace fs = std::filesystem;

namespace {

// The game files of the layout-1 store that make_dirs_store writes, by game and name.
const std::map<std::pair<int, std::string>, std::string> Files = {
    {{1, "record.pgn"}, "record of game 1\n"},
    {{1, "white.pgn"}, "white of game 1\n"},
    {{1, "game.ini"}, "version = 1\n"},
    {{2, "record.pgn"}, "record of game 2\n"},
    {{2, "white.conditionals"}, "crazykrieg-conditionals-v1\n"},
    {{12, "record.pgn"}, "record of game 12\n"},
};
// The steps of its move (migrate_game_directories `stop_after_for_test`): a link and an unlink
// a file, an rmdir a game.
constexpr std::size_t MoveSteps = 6 + 6 + 3;

void put(const fs::path& file, const std::string& bytes) {
    fs::create_directories(file.parent_path());
    REQUIRE(ck::core::write_file_atomic(file, bytes));
}

// A store as a build before the flat layout left it: state/format "ck-state 1", a directory per
// game, a temp file of a write before journals in one of them.
void make_dirs_store(const fs::path& root) {
    for (const auto& [key, bytes] : Files)
        put(root / "games" / std::to_string(key.first) / key.second, bytes);
    put(root / "games" / "1" / ".record.pgn.tmp.AbC123", "half a write");
    put(root / "state" / "format", "ck-state 1\n");
    put(root / "counters", "next-game 13\n");
}

std::vector<std::string> flat_names() {
    std::vector<std::string> out;
    for (const auto& [key, bytes] : Files)
        out.push_back(std::to_string(key.first) + "." + key.second);
    std::sort(out.begin(), out.end());
    return out;
}

// What every open of a moved store must find.
void check_moved(const fs::path& root) {
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(slurp(root / "state" / "format") == "ck-state 2\n");
    CHECK(names_in(root / "games") == flat_names());
    CHECK(*store->list_games() == std::vector<GameId>{GameId(1), GameId(2), GameId(12)});
    for (const auto& [key, bytes] : Files) {
        INFO(key.first << "/" << key.second);
        CHECK(*store->read_game_file(GameId(static_cast<std::uint64_t>(key.first)), key.second) ==
              bytes);
    }
    CHECK(store->new_game_id() == GameId(13));
}

}  // namespace

TEST_CASE("flat names: a game's files are <id>.<name>", "[store]") {
    CHECK(flat_game_file_name(GameId(12), "record.pgn") == "12.record.pgn");
    const auto parsed = parse_flat_game_file_name("12.white.conditionals");
    REQUIRE(parsed);
    CHECK(parsed->first == GameId(12));
    CHECK(parsed->second == "white.conditionals");
    for (const char* other : {"12", "12.", ".12.record.pgn.tmp.x", "x.record.pgn", "0.record.pgn",
                              "12..hidden", ".1.record.pgn.tmp.AbC123"}) {
        INFO(other);
        CHECK_FALSE(parse_flat_game_file_name(other));
    }
}

TEST_CASE("a new store is written flat: no directory per game", "[store]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    CHECK(slurp(tmp.path() / "state" / "format") == "ck-state 2\n");
    const GameId g = store->new_game_id();
    Transaction tx(at("2026-11-21T15:30:00Z"));
    tx.write_game_file(g, "record.pgn", "r\n");
    tx.write_game_file(g, "game.ini", "version = 1\n");
    REQUIRE(store->commit(tx));
    CHECK(names_in(tmp.path() / "games") == std::vector<std::string>{"1.game.ini", "1.record.pgn"});
    CHECK(store->game_file_path(g, "record.pgn") == tmp.path() / "games" / "1.record.pgn");
}

TEST_CASE("open moves a store with a directory per game to the flat layout", "[store]") {
    TempDir tmp;
    make_dirs_store(tmp.path());
    check_moved(tmp.path());
    check_moved(tmp.path());  // and a second open finds nothing to move
}

TEST_CASE("a store from before state/ (no state/format) is moved too", "[store]") {
    TempDir tmp;
    make_dirs_store(tmp.path());
    fs::remove(tmp.path() / "state" / "format");
    check_moved(tmp.path());
}

TEST_CASE("a move stopped after any step is finished by the next open", "[store]") {
    for (std::size_t stop = 0; stop <= MoveSteps; ++stop) {
        INFO("stopped after " << stop << " steps");
        TempDir tmp;
        make_dirs_store(tmp.path());
        REQUIRE(remove_stale_temps(tmp.path() / "games" / "1"));  // the open's sweep, first
        REQUIRE(migrate_game_directories(tmp.path() / "games", stop));
        // The process died there: the layout is still recorded as 1.
        CHECK(slurp(tmp.path() / "state" / "format") == "ck-state 1\n");
        if (stop % 4 == 1) {  // and a second run died a little further
            REQUIRE(migrate_game_directories(tmp.path() / "games", stop + 2));
        }
        check_moved(tmp.path());
    }
    // The full run is MoveSteps steps: one more stop changes nothing.
    TempDir tmp;
    make_dirs_store(tmp.path());
    REQUIRE(migrate_game_directories(tmp.path() / "games", MoveSteps));
    CHECK(names_in(tmp.path() / "games") == flat_names());
}

TEST_CASE("what a power loss during the move may leave is finished by the next open", "[store]") {
    TempDir tmp;
    const fs::path root = tmp.path();
    make_dirs_store(root);
    const fs::path games = root / "games";
    SECTION("both names of a file survived (its unlink was lost)") {
        REQUIRE(::link((games / "1" / "record.pgn").c_str(), (games / "1.record.pgn").c_str()) ==
                0);
    }
    SECTION("a flat name of another inode: the directory's file is the game's") {
        put(games / "1.record.pgn", "a stale flat file\n");
        put(games / "2.white.conditionals", "another\n");
    }
    SECTION("some files only flat, their directory empty or gone") {
        fs::rename(games / "12" / "record.pgn", games / "12.record.pgn");
        fs::rename(games / "2" / "record.pgn", games / "2.record.pgn");
        fs::rename(games / "2" / "white.conditionals", games / "2.white.conditionals");
        fs::remove(games / "12");
    }
    check_moved(root);
}

TEST_CASE("a game directory holding what is not a game file stops the open", "[store]") {
    TempDir tmp;
    make_dirs_store(tmp.path());
    fs::create_directories(tmp.path() / "games" / "2" / "notes");
    auto store = Store::open(tmp.path());
    REQUIRE_FALSE(store);
    CHECK(store.error().message.find("flat layout") != std::string::npos);
    CHECK(store.error().path == (tmp.path() / "games" / "2" / "notes").string());
    // Nothing recorded: the next open (after the operator moved it away) moves the store.
    CHECK(slurp(tmp.path() / "state" / "format") == "ck-state 1\n");
    fs::remove(tmp.path() / "games" / "2" / "notes");
    check_moved(tmp.path());
}

TEST_CASE("a journal of a store with a directory per game is replayed into the flat layout",
          "[store]") {
    TempDir tmp;
    const fs::path root = tmp.path();
    {
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        Transaction first(at("2026-11-21T15:30:00Z"));
        first.write_game_file(g, "record.pgn", "r1\n");
        REQUIRE(store->commit(first));
        REQUIRE(store->checkpoint());
        Transaction second(at("2026-11-21T15:31:00Z"));
        second.write_game_file(g, "record.pgn", "r2\n");
        second.write_game_file(g, "black.pgn", "b2\n");
        REQUIRE(store->commit_journal_only_for_test(second));
    }
    // As the build before the flat layout left it: the journal committed, not applied.
    put(root / "games" / "1" / "record.pgn", slurp(root / "games" / "1.record.pgn"));
    fs::remove(root / "games" / "1.record.pgn");
    put(root / "state" / "format", "ck-state 1\n");
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(names_in(root / "games") == std::vector<std::string>{"1.black.pgn", "1.record.pgn"});
    CHECK(*store->read_game_file(GameId(1), "record.pgn") == "r2\n");
    CHECK(*store->read_game_file(GameId(1), "black.pgn") == "b2\n");
}

TEST_CASE("the move raises a counters file older than the games", "[store]") {
    // An older build's checkpoint did not make the counters file durable before the checkpoint
    // file; it found such a lag by a stat of the next game's directory, this build by the move.
    TempDir tmp;
    make_dirs_store(tmp.path());
    put(tmp.path() / "counters", "next-game 2\n");
    check_moved(tmp.path());  // hands out 13
    CHECK(slurp(tmp.path() / "counters") == "next-game 13\n");
}
