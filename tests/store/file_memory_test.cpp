// The store's file memory (store.hpp, "File memory"): the tails a store finds in its memory are
// the tails a store without memory finds by reading the files (byte for byte the same
// journals and files), after rollbacks, failed commits, a crash and writes from outside. Each
// test runs the same steps on two stores, one remembering and one not
// (Store::set_file_memory_for_test(0)), and compares them at each step.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include "core/atomic_file.hpp"
#include "core/temp_dir.hpp"
#include "store/file_memory.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::names_in;
using ck::test::slurp;
using ck::test::TempDir;

namespace {

// A made-up record of `plies` plies (store_helpers.hpp), under this test's event by default.
std::string record_of(int plies, const std::string& event = "memory test") {
    return ck::test::record_of(plies, event);
}

// The transaction of a move: the record and a player record; `mail` names its Message-ID.
Transaction record_tx(GameId g, const std::string& record, int mail) {
    Transaction tx(at("2026-11-21T15:30:00Z"));
    tx.write_game_file(g, "record.pgn", record);
    tx.write_game_file(g, "white.pgn", "[White]\n" + record);
    tx.mark_seen("mail" + std::to_string(mail) + "@players.example");
    return tx;
}

// Two stores going through the same steps: `mem` with the file memory, `plain` without.
struct Twin {
    TempDir mem_dir, plain_dir;
    std::optional<Store> mem, plain;
    int mails = 0;

    Twin() { open(); }
    void open() {
        mem.reset();
        plain.reset();
        auto m = Store::open(mem_dir.path());
        auto p = Store::open(plain_dir.path());
        REQUIRE(m);
        REQUIRE(p);
        mem.emplace(std::move(*m));
        plain.emplace(std::move(*p));
        plain->set_file_memory_for_test(0);
    }
    template <typename Step>
    void both(Step step) {
        step(*mem, mem_dir.path());
        step(*plain, plain_dir.path());
    }
    // The same journals, byte for byte, and the same game files, which are `record`.
    void check(GameId g, const std::string& record) {
        const auto journals = names_in(mem_dir.path() / "journal");
        CHECK(journals == names_in(plain_dir.path() / "journal"));
        for (const auto& j : journals) {
            INFO("journal " << j);
            CHECK(slurp(mem_dir.path() / "journal" / j) == slurp(plain_dir.path() / "journal" / j));
        }
        for (const char* name : {"record.pgn", "white.pgn"}) {
            INFO(name);
            const std::string want =
                name == std::string("record.pgn") ? record : "[White]\n" + record;
            CHECK(*mem->read_game_file(g, name) == want);
            CHECK(*plain->read_game_file(g, name) == want);
            CHECK(*mem->game_file_equals(g, name, want));
            CHECK_FALSE(*mem->game_file_equals(g, name, want + " "));
            if (!mem->grouping()) {
                CHECK(slurp(mem->game_file_path(g, name)) == want);
                CHECK(slurp(plain->game_file_path(g, name)) == want);
            }
        }
    }
    // Both stores' commit of `record` (in a group: staged), which must succeed.
    void commit(GameId g, const std::string& record) {
        const int mail = ++mails;
        both([&](Store& s, const std::filesystem::path&) {
            REQUIRE(s.commit(record_tx(g, record, mail)));
        });
    }
};

GameId new_game(Twin& t) {
    const GameId g = t.mem->new_game_id();
    REQUIRE(t.plain->new_game_id() == g);
    return g;
}

// Overwrites `file` from outside the store (a new write of the file, a later clock tick).
void write_outside(const std::filesystem::path& file, const std::string& bytes) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

}  // namespace

TEST_CASE("a tail taken against the store's memory is the tail read from the file",
          "[store][tail][memory]") {
    Twin t;
    const GameId g = new_game(t);
    t.commit(g, record_of(1000));
    t.check(g, record_of(1000));
    for (int plies = 1001; plies <= 1003; ++plies) {
        t.commit(g, record_of(plies));
        t.check(g, record_of(plies));
    }
    // Journaled as tails, not whole files.
    const auto journals = names_in(t.mem_dir.path() / "journal");
    CHECK(slurp(t.mem_dir.path() / "journal" / journals.back()).find("\ntail 1 record.pgn ") !=
          std::string::npos);

    SECTION("a commit that fails (nothing written) leaves the memory right") {
        t.both([&](Store& s, const std::filesystem::path&) {
            Transaction tx = record_tx(g, record_of(1004, "never"), 0);
            tx.write_game_file(g, ".bad", "x");
            REQUIRE_FALSE(s.commit(tx));
        });
        t.commit(g, record_of(1005));
        t.check(g, record_of(1005));
    }
    SECTION("a group's tails, a savepoint taken back, a group dropped") {
        {
            GroupCommit group(*t.mem);
            GroupCommit plain_group(*t.plain);
            // Another start than the file's: the group's tails are not the file's.
            for (int plies = 1004; plies <= 1008; ++plies) {
                t.commit(g, record_of(plies, "in group"));
                t.check(g, record_of(plies, "in group"));
            }
            {
                GroupCommit savepoint(*t.mem);
                GroupCommit plain_savepoint(*t.plain);
                t.commit(g, record_of(1009, "taken back"));
                t.check(g, record_of(1009, "taken back"));
            }
            t.check(g, record_of(1008, "in group"));
            // A tail of the file as staged before the savepoint, not of what was taken back
            // nor of the file on disk.
            t.commit(g, record_of(1010, "in group"));
            t.check(g, record_of(1010, "in group"));
            t.commit(g, record_of(1011, "in group"));
            t.check(g, record_of(1011, "in group"));
            REQUIRE(group.commit());
            REQUIRE(plain_group.commit());
        }
        t.check(g, record_of(1011, "in group"));
        t.commit(g, record_of(1011));
        t.check(g, record_of(1011));
        {
            GroupCommit dropped(*t.mem);
            GroupCommit plain_dropped(*t.plain);
            t.commit(g, record_of(1012, "dropped"));
            t.check(g, record_of(1012, "dropped"));
        }
        t.check(g, record_of(1011));
        t.commit(g, record_of(1013, "dropped"));
        t.check(g, record_of(1013, "dropped"));
    }
    SECTION("a crash after the commit point, and the replay of a new store") {
        t.both([&](Store& s, const std::filesystem::path&) {
            REQUIRE(s.commit_journal_only_for_test(record_tx(g, record_of(1004), 1004)));
        });
        t.open();
        t.check(g, record_of(1004));
        t.commit(g, record_of(1005));
        t.check(g, record_of(1005));
    }
    SECTION("a write from outside the store is noticed") {
        // Another start on disk: the new record shares its first block with what the store
        // wrote, not with the file, so a tail taken against the memory would be wrong.
        t.both([&](Store& s, const std::filesystem::path&) {
            write_outside(s.game_file_path(g, "record.pgn"), record_of(1003, "outside"));
            write_outside(s.game_file_path(g, "white.pgn"),
                          "[White]\n" + record_of(1003, "outside"));
        });
        t.check(g, record_of(1003, "outside"));
        t.commit(g, record_of(1004));
        t.check(g, record_of(1004));
        // The same size as what the store wrote, a clock tick later.
        t.both([&](Store& s, const std::filesystem::path&) {
            write_outside(s.game_file_path(g, "record.pgn"), record_of(1004, "MEMORY TEST"));
            write_outside(s.game_file_path(g, "white.pgn"),
                          "[White]\n" + record_of(1004, "MEMORY TEST"));
        });
        REQUIRE(record_of(1004, "MEMORY TEST").size() == record_of(1004).size());
        t.commit(g, record_of(1005, "MEMORY TEST"));
        t.check(g, record_of(1005, "MEMORY TEST"));
    }
}

TEST_CASE("the file memory holds at most its budget, least recently used first",
          "[store][memory]") {
    FileMemory m(100);
    const FileStamp s{1, 2, 3, 4, 5};
    const FileMemory::Key a{GameId(1), "a"}, b{GameId(1), "b"}, c{GameId(1), "c"};
    m.hold(a, std::string(40, 'a'), s);
    m.hold(b, std::string(40, 'b'), s);
    REQUIRE(m.held(a, s) != nullptr);  // a is now the most recently used
    m.hold(c, std::string(40, 'c'), s);
    CHECK(m.held_bytes() == 80);
    CHECK(m.held(b, s) == nullptr);
    CHECK(*m.held(a, s) == std::string(40, 'a'));
    // Another stamp: the file changed, and is forgotten.
    CHECK(m.held(a, FileStamp{1, 2, 3, 4, 6}) == nullptr);
    CHECK(m.held(a, s) == nullptr);
    // A patch over another content than the one held is not followed.
    m.held_patched(c, FileStamp{9, 9, 9, 9, 9}, 10, "x", s);
    CHECK(m.held(c, s) == nullptr);
    m.hold(c, std::string(40, 'c'), s);
    m.held_patched(c, s, 10, "xy", FileStamp{1, 2, 12, 4, 7});
    CHECK(*m.held(c, FileStamp{1, 2, 12, 4, 7}) == std::string(10, 'c') + "xy");
    // Staged: a rewind forgets what was staged at or after its offset.
    m.stage(a, nullptr, 0, "first", 10);
    m.stage(b, nullptr, 0, "second", 20);
    m.stage(a, m.staged(a), 2, "RST", 30);
    CHECK(*m.staged(a) == "fiRST");
    m.rewind_staged(20);
    CHECK(m.staged(a) == nullptr);
    CHECK(m.staged(b) == nullptr);
    m.stage(a, nullptr, 3, "x", 40);  // a tail of an unknown content: not known either
    CHECK(m.staged(a) == nullptr);
    m.stage(a, nullptr, 0, std::string(101, 'x'), 40);  // beyond the budget
    CHECK(m.staged(a) == nullptr);
}
