// Routine replay (store.hpp, "Routine replay"): a journal its writer applied before closing the
// store normally is replayed by the next open without news at info level; a journal whose
// process stopped before applying it, or before closing, is a recovery and says so. Both are
// replayed and their effects are there once.
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <iostream>
#include <sstream>
#include <string>

#include "core/log.hpp"
#include "core/temp_dir.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::ledger_lines;
using ck::test::names_in;
using ck::test::slurp;
using ck::test::TempDir;

namespace {

// The operator log into a string, at `level`, for the life of the object.
class CapturedLog {
public:
    explicit CapturedLog(ck::core::LogLevel level) {
        ck::core::operator_log().set_stream(out_);
        ck::core::operator_log().set_level(level);
    }
    ~CapturedLog() {
        ck::core::operator_log().set_stream(std::cerr);
        ck::core::operator_log().set_level(ck::core::LogLevel::Info);
    }
    CapturedLog(const CapturedLog&) = delete;
    CapturedLog& operator=(const CapturedLog&) = delete;
    std::string text() const { return out_.str(); }

private:
    std::ostringstream out_;
};

// A commit that writes game `g`'s record and marks `id` seen.
Transaction player_added(const std::string& id, GameId g = GameId(1)) {
    Transaction tx(at("2026-11-21T15:30:00Z"));
    tx.write_game_file(g, "record.pgn", "record of " + id + "\n");
    tx.mark_seen(id);
    return tx;
}

bool has(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("a journal applied before a normal close replays without an info line",
          "[store][replay]") {
    TempDir tmp;
    const auto root = tmp.path();
    {
        auto store = Store::open(root);
        REQUIRE(store);
        REQUIRE(store->commit(player_added("a@example.org", store->new_game_id())));
    }  // a normal close, as a CLI command's: no checkpoint, the journal stays
    REQUIRE(names_in(root / "journal").size() == 1);
    CHECK(slurp(root / "closed") == "applied-through 1\n");
    {
        const CapturedLog log(ck::core::LogLevel::Info);
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(store->seen("a@example.org"));
        CHECK_FALSE(has(log.text(), "journal"));
        REQUIRE(store->commit(player_added("b@example.org")));
    }
    {
        const CapturedLog log(ck::core::LogLevel::Debug);
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(has(log.text(), "DEBUG store: replaying journal"));
        CHECK(has(log.text(), "applied before a normal close"));
        CHECK_FALSE(has(log.text(), "INFO store: applying journal"));
    }
    CHECK(ledger_lines(root) == std::vector<std::string>{"a@example.org", "b@example.org"});
    CHECK(names_in(root / "journal").empty());
}

TEST_CASE("a journal committed but not applied is a recovery, logged at info", "[store][replay]") {
    TempDir tmp;
    const auto root = tmp.path();
    {
        auto store = Store::open(root);
        REQUIRE(store);
        REQUIRE(store->commit(player_added("a@example.org", store->new_game_id())));
        // As if the process died right after the journal's rename: the close that follows
        // notes only what was applied (journal 1).
        REQUIRE(store->commit_journal_only_for_test(player_added("b@example.org")));
    }
    REQUIRE(names_in(root / "journal").size() == 2);
    const CapturedLog log(ck::core::LogLevel::Info);
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(store->seen("b@example.org"));
    CHECK(has(log.text(), "INFO store: applying journal"));
    CHECK(has(log.text(), "00002.tx (recovery: committed, not applied before its process"));
    CHECK_FALSE(has(log.text(), "00001.tx"));
    CHECK(ledger_lines(root) == std::vector<std::string>{"a@example.org", "b@example.org"});
    CHECK(slurp(root / "games" / "1.record.pgn") == "record of b@example.org\n");
}

TEST_CASE("a process that dies after applying, without closing, leaves a recovery",
          "[store][replay]") {
    TempDir tmp;
    const auto root = tmp.path();
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        auto store = Store::open(root);
        const bool ok = store && store->commit(player_added("a@example.org", store->new_game_id()));
        ::_exit(ok ? 0 : 1);  // no destructor: no normal close
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    CHECK_FALSE(std::filesystem::exists(root / "closed"));
    const CapturedLog log(ck::core::LogLevel::Info);
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(store->seen("a@example.org"));
    CHECK(has(log.text(), "INFO store: applying journal"));
    CHECK(ledger_lines(root) == std::vector<std::string>{"a@example.org"});
}
