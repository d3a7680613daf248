// The store's answers to failed syncs (store.hpp, "Fail-stop"; README "Store: durability
// contract"), with real system calls made to fail by the fault shim (tests/store/fault_shim.cpp,
// preloaded by CTest). Regression tests of issue 25: D1 (a checkpoint must see a writeback
// error another caller saw first, and retire nothing), D3 (an error after the journal's
// rename is a commit) and D6 (the outbox Maildir's batch is all or nothing).
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/temp_dir.hpp"
#include "mail/maildir.hpp"
#include "store/journal.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::ledger_lines;
using ck::test::names_in;
using ck::test::slurp;
using ck::test::TempDir;

namespace {

// Sets the shim's settings (see fault_shim.cpp) and restarts its counting; none: no fault.
void faults(const char* ops, const char* path, int at_call, const char* err = "EIO") {
    using Reload = void (*)();
    const auto reload = reinterpret_cast<Reload>(dlsym(RTLD_DEFAULT, "ck_fault_reload"));
    REQUIRE(reload != nullptr);  // run with LD_PRELOAD=ck_fault_shim.so (CTest does)
    ::setenv("CK_FAULT_OPS", ops, 1);
    ::setenv("CK_FAULT_PATH", path, 1);
    ::setenv("CK_FAULT_AT", std::to_string(at_call).c_str(), 1);
    ::setenv("CK_FAULT_ERRNO", err, 1);
    reload();
}

void no_faults() { faults("", "", 0); }

Transaction move_tx(GameId game, const std::string& tag) {
    Transaction tx(at("2026-11-21T15:30:00Z"));
    tx.write_game_file(game, "record.pgn", "record " + tag + "\n");
    tx.mark_seen(tag + "@players.example");
    tx.queue_mail(SpooledMail{"referee@club.example", {"white@example.org"}, "To white " + tag});
    return tx;
}

// What another process (or the daemon's own Maildir sink) does: a syncfs through a descriptor
// of its own, which gets the file system's writeback error first.
int syncfs_elsewhere(const std::filesystem::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    REQUIRE(fd >= 0);
    const int rc = ::syncfs(fd);
    ::close(fd);
    return rc;
}

}  // namespace

TEST_CASE("D1: a writeback error another caller saw first stops the checkpoint", "[store]") {
    TempDir tmp;
    const auto root = tmp.path() / "var";
    std::filesystem::create_directories(tmp.path() / "other");
    {
        no_faults();
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        REQUIRE(store->commit(move_tx(g, "m1")));  // applied, not yet durable
        faults("syncfs", "", 1);  // the first syncfs fails, as a failed writeback would
        CHECK(syncfs_elsewhere(tmp.path() / "other") != 0);  // ... seen by someone else
        auto checkpointed = store->checkpoint();
        REQUIRE_FALSE(checkpointed);  // the store's kept descriptor still sees it
        CHECK(checkpointed.error().message.find("store stopped") != std::string::npos);
        CHECK(checkpointed.error().describe().find(root.string()) != std::string::npos);
        CHECK(names_in(root / "journal").size() == 1);  // not retired
        CHECK_FALSE(std::filesystem::exists(root / "checkpoint"));
        REQUIRE(store->stopped() != nullptr);
        no_faults();
        CHECK_FALSE(store->commit(move_tx(g, "m2")));  // no more work in this process
        CHECK_FALSE(store->checkpoint());              // not even once the disk is well again
        CHECK(names_in(root / "journal").size() == 1);
    }
    no_faults();
    auto store = Store::open(root);  // the next open replays the journal, then checkpoints
    REQUIRE(store);
    CHECK(store->stopped() == nullptr);
    CHECK(names_in(root / "journal").empty());
    CHECK(*store->read_game_file(GameId(1), "record.pgn") == "record m1\n");
    CHECK(ledger_lines(root) == std::vector<std::string>{"m1@players.example"});
}

TEST_CASE("D3: a failed fsync of the journal's directory after its rename is a commit", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    {
        no_faults();
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        faults("fsync", "/journal$", 1);  // the journal directory's fsync after the rename
        auto committed = store->commit(move_tx(g, "m1"));
        REQUIRE_FALSE(committed);
        CHECK(committed.error().describe().find("journal") != std::string::npos);
        no_faults();
        // The journal is in place: the transaction is committed as far as anyone can tell,
        // so its mail must not act again (a second journal would be replayed too).
        CHECK(names_in(root / "journal").size() == 1);
        CHECK(store->seen("m1@players.example"));
        REQUIRE(store->stopped() != nullptr);
        CHECK_FALSE(store->commit(move_tx(g, "m1")));
        CHECK(names_in(root / "journal").size() == 1);
    }
    no_faults();
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(names_in(root / "journal").empty());
    CHECK(*store->read_game_file(GameId(1), "record.pgn") == "record m1\n");
    CHECK(ledger_lines(root) == std::vector<std::string>{"m1@players.example"});
    CHECK(names_in(root / "outbox").size() == 2);  // one mail + failed/
}

TEST_CASE("a failed fsync of a journal before its rename commits nothing and stops", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    {
        no_faults();
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        faults("fsync", "/journal/.", 1);  // the journal's temp file
        REQUIRE_FALSE(store->commit(move_tx(g, "m1")));
        no_faults();
        CHECK(names_in(root / "journal").empty());
        CHECK_FALSE(store->seen("m1@players.example"));
        CHECK(store->stopped() != nullptr);
    }
    no_faults();
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(ledger_lines(root).empty());
}

TEST_CASE("D6: a Maildir batch whose rename fails half-way delivers nothing", "[maildir]") {
    TempDir tmp;
    const auto root = tmp.path() / "outbox";
    no_faults();
    ck::mail::MaildirSink sink(root);
    REQUIRE(sink.begin_batch());
    for (const char* body : {"one\r\n", "two\r\n", "three\r\n"}) REQUIRE(sink.send("", {}, body));
    faults("rename", "/outbox/new/", 2);  // the second mail's move into new/
    auto ended = sink.end_batch();
    no_faults();
    REQUIRE_FALSE(ended);  // the caller keeps all three and sends them again
    CHECK(names_in(root / "new").empty());
    CHECK(names_in(root / "tmp").empty());
}

TEST_CASE("D6: a Maildir sink sweeps tmp/ files older than 36 hours", "[maildir]") {
    TempDir tmp;
    const auto root = tmp.path() / "outbox";
    REQUIRE(ck::mail::ensure_maildir(root));
    for (const char* name : {"old", "fresh"}) {
        REQUIRE(ck::core::write_file_atomic(root / "tmp" / name, "left by a killed batch"));
    }
    std::filesystem::last_write_time(
        root / "tmp" / "old",
        std::filesystem::file_time_type::clock::now() - std::chrono::hours(37));
    no_faults();
    ck::mail::MaildirSink sink(root);
    REQUIRE(sink.begin_batch());
    CHECK(names_in(root / "tmp") == std::vector<std::string>{"fresh"});
    REQUIRE(sink.end_batch());
}

TEST_CASE("D5: re-applying a journal whose later part failed queues its mails once", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    no_faults();
    auto store = Store::open(root);
    REQUIRE(store);
    const GameId g1 = store->new_game_id(), g2 = store->new_game_id(), g3 = store->new_game_id();
    store->begin_group();
    // One journal of two parts (JournalPartBytes): g1's file, the mail and g2's big file in
    // the first, g3's file in the second, whose apply fails.
    Transaction first(at("2026-11-21T15:30:00Z"));
    first.write_game_file(g1, "record.pgn", "one\n");
    first.queue_mail(SpooledMail{"referee@club.example", {"white@example.org"}, "the mail"});
    REQUIRE(store->commit(first));
    Transaction big(at("2026-11-21T15:30:00Z"));
    big.write_game_file(g2, "record.pgn", std::string(JournalPartBytes + 1024, 'x'));
    REQUIRE(store->commit(big));
    Transaction last(at("2026-11-21T15:30:00Z"));
    last.write_game_file(g3, "record.pgn", "three\n");
    REQUIRE(store->commit(last));
    faults("open", "/games/3.", 1, "ENOSPC");
    REQUIRE_FALSE(store->end_group());  // committed, its second part not applied
    no_faults();
    REQUIRE(store->apply_pending());  // applies the journal again, from its start
    CHECK(store->unspooled_mails().size() == 1);
    REQUIRE(store->checkpoint());
    CHECK(names_in(root / "outbox").size() == 2);  // one mail + failed/
}
