// Store: layout, lock, commit and reopen, journal replay, ledger, game ids.
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "core/temp_dir.hpp"
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

// A transaction shaped like one processed move: three game files, one Message-ID, two mails.
Transaction move_tx(GameId game, const std::string& tag) {
    Transaction tx(at("2026-11-21T15:30:00Z"));
    tx.write_game_file(game, "record.pgn", "record " + tag + "\n");
    tx.write_game_file(game, "white.pgn", "white " + tag + "\n");
    tx.write_game_file(game, "black.pgn", "black " + tag + "\n");
    tx.mark_seen(tag + "@players.example");
    tx.queue_mail(SpooledMail{"referee@club.example", {"white@example.org"}, "To white " + tag});
    tx.queue_mail(SpooledMail{"referee@club.example", {"black@example.org"}, "To black " + tag});
    return tx;
}

}  // namespace

TEST_CASE("open creates the layout and an empty store", "[store]") {
    TempDir tmp;
    const auto root = tmp.path() / "var";
    auto store = Store::open(root);
    REQUIRE(store);
    for (const char* d : {"games", "ledger", "outbox", "outbox/failed", "journal"}) {
        INFO(d);
        CHECK(std::filesystem::is_directory(root / d));
    }
    CHECK(std::filesystem::exists(root / "lock"));
    CHECK(std::filesystem::exists(root / "ledger" / "seen"));
    CHECK(store->list_games()->empty());
    CHECK(store->ledger_size() == 0);
    CHECK_FALSE(store->seen("x@y"));
}

TEST_CASE("a second process on the same store is refused with the holder's pid", "[store]") {
    TempDir tmp;
    const auto root = tmp.path() / "var";
    int ready[2], release[2];
    REQUIRE(::pipe(ready) == 0);
    REQUIRE(::pipe(release) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::close(ready[0]);
        ::close(release[1]);
        auto s = Store::open(root);
        const char ok = s ? 'y' : 'n';
        [[maybe_unused]] auto w = ::write(ready[1], &ok, 1);
        char c;
        [[maybe_unused]] auto r = ::read(release[0], &c, 1);  // until the parent closes it
        ::_exit(0);
    }
    ::close(ready[1]);
    ::close(release[0]);
    char ok = 0;
    REQUIRE(::read(ready[0], &ok, 1) == 1);
    REQUIRE(ok == 'y');

    auto second = Store::open(root);
    REQUIRE_FALSE(second);
    CHECK(second.error().code == std::errc::resource_unavailable_try_again);
    const std::string expected = "store " + root.string() + "/ is in use by another process (pid " +
                                 std::to_string(child) + ")";
    CHECK(second.error().message == expected);

    ::close(release[1]);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    ::close(ready[0]);
    CHECK(Store::open(root));  // the holder is gone: the lock went with it
}

TEST_CASE("a second Store in the same process is refused too", "[store]") {
    TempDir tmp;
    auto first = Store::open(tmp.path());
    REQUIRE(first);
    CHECK_FALSE(Store::open(tmp.path()));
}

TEST_CASE("a commit is visible after reopening", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    std::optional<GameId> g;
    {
        auto store = Store::open(root);
        REQUIRE(store);
        g = store->new_game_id();
        CHECK(g == GameId(1));
        REQUIRE(store->commit(move_tx(*g, "m1")));
        CHECK(store->seen("m1@players.example"));
        // Applied but not checkpointed: the journal stays, the mails wait in memory.
        CHECK(names_in(root / "journal").size() == 1);
        CHECK(store->unspooled_mails().size() == 2);
        CHECK(names_in(root / "outbox") == std::vector<std::string>{"failed"});
    }
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(*store->list_games() == std::vector<GameId>{GameId(1)});
    CHECK(*store->read_game_file(*g, "record.pgn") == "record m1\n");
    CHECK(*store->read_game_file(*g, "white.pgn") == "white m1\n");
    CHECK(*store->read_game_file(*g, "black.pgn") == "black m1\n");
    CHECK(store->seen("m1@players.example"));
    CHECK_FALSE(store->seen("m2@players.example"));
    const auto spool = names_in(root / "outbox");
    CHECK(spool == std::vector<std::string>{"00000000000000000001.mail",
                                            "00000000000000000002.mail", "failed"});
    CHECK(slurp(root / "outbox" / spool[0]).find("\n\nTo white m1") != std::string::npos);
    CHECK(store->new_game_id() == GameId(2));
}

TEST_CASE("game ids are sequential and never reused across reopen", "[store]") {
    TempDir tmp;
    {
        auto store = Store::open(tmp.path());
        REQUIRE(store);
        const GameId a = store->new_game_id(), b = store->new_game_id();
        CHECK(a == GameId(1));
        CHECK(b == GameId(2));
        Transaction tx(at("2026-11-21T15:30:00Z"));
        tx.write_game_file(b, "game.json", "{}");
        REQUIRE(store->commit(tx));
        REQUIRE(store->checkpoint());  // else the open below replays the journal
    }
    std::filesystem::remove(tmp.path() / "games" / "2.game.json");  // e.g. archived by the operator
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    CHECK(store->list_games()->empty());
    CHECK(store->new_game_id() == GameId(3));
}

TEST_CASE("bad transactions are refused and write nothing", "[store]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const GameId g = store->new_game_id();
    auto refused = [&](Transaction tx) {
        auto r = store->commit(tx);
        return !r && r.error().code == std::errc::invalid_argument;
    };
    Transaction bad_name(at("2026-11-21T15:30:00Z"));
    bad_name.write_game_file(g, "../escape", "x");
    CHECK(refused(bad_name));
    Transaction dot_name(at("2026-11-21T15:30:00Z"));
    dot_name.write_game_file(g, ".hidden", "x");
    CHECK(refused(dot_name));
    Transaction unknown_game(at("2026-11-21T15:30:00Z"));
    unknown_game.write_game_file(GameId(g.number() + 5), "record.pgn", "x");
    CHECK(refused(unknown_game));
    Transaction bad_id(at("2026-11-21T15:30:00Z"));
    bad_id.mark_seen("a\nb");
    CHECK(refused(bad_id));
    Transaction no_rcpt(at("2026-11-21T15:30:00Z"));
    no_rcpt.queue_mail(SpooledMail{"", {}, "x"});
    CHECK(refused(no_rcpt));
    CHECK(names_in(tmp.path() / "journal").empty());
    CHECK(names_in(tmp.path() / "games").empty());
    CHECK(ledger_lines(tmp.path()).empty());
}

TEST_CASE("a journal left by a crash after the commit point is applied at open", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    {
        auto store = Store::open(root);
        REQUIRE(store);
        const GameId g = store->new_game_id();
        REQUIRE(store->commit(move_tx(g, "m1")));
        REQUIRE(store->commit_journal_only_for_test(move_tx(g, "m2")));
        CHECK(names_in(root / "journal").size() == 2);  // m1 applied, m2 not
        CHECK(store->seen("m2@players.example"));       // committed, though not applied
        CHECK(*store->read_game_file(g, "record.pgn") == "record m1\n");
    }
    {
        auto store = Store::open(root);
        REQUIRE(store);
        CHECK(names_in(root / "journal").empty());
        CHECK(*store->read_game_file(GameId(1), "record.pgn") == "record m2\n");
        CHECK(*store->read_game_file(GameId(1), "black.pgn") == "black m2\n");
        CHECK(store->seen("m2@players.example"));
        CHECK(ledger_lines(root) ==
              std::vector<std::string>{"m1@players.example", "m2@players.example"});
        CHECK(names_in(root / "outbox").size() == 5);  // 4 mails + failed/
    }
}

TEST_CASE("re-applying an applied journal changes nothing", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    const auto saved = tmp.path() / "saved.tx";
    std::string journal_name;
    {
        auto store = Store::open(root / "var");
        REQUIRE(store);
        const GameId g = store->new_game_id();
        REQUIRE(store->commit_journal_only_for_test(move_tx(g, "m1")));
        journal_name = names_in(root / "var" / "journal").at(0);
        std::filesystem::copy_file(root / "var" / "journal" / journal_name, saved);
    }
    auto snapshot = [&] {
        std::vector<std::string> s;
        for (const auto& n : names_in(root / "var" / "games")) {
            if (n.rfind("1.", 0) == 0) s.push_back(n + "=" + slurp(root / "var" / "games" / n));
        }
        for (const auto& n : names_in(root / "var" / "outbox")) {
            if (n != "failed") s.push_back(n + "=" + slurp(root / "var" / "outbox" / n));
        }
        for (const auto& l : ledger_lines(root / "var")) s.push_back("seen " + l);
        s.push_back(slurp(root / "var" / "counters"));
        return s;
    };
    REQUIRE(Store::open(root / "var"));  // first application (and close)
    const auto once = snapshot();
    CHECK(once.size() == 3 + 2 + 1 + 1);
    for (int i = 0; i < 2; ++i) {
        std::filesystem::copy_file(saved, root / "var" / "journal" / journal_name);
        REQUIRE(Store::open(root / "var"));
        CHECK(snapshot() == once);
        CHECK(names_in(root / "var" / "journal").empty());
    }
}

TEST_CASE("open removes temp files of interrupted writes and cuts a torn ledger line", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    {
        auto store = Store::open(root);
        REQUIRE(store);
        REQUIRE(store->commit(move_tx(store->new_game_id(), "m1")));
    }
    REQUIRE(ck::core::write_file_atomic(root / "games" / ".1.record.pgn.tmp.AbC123", "hal"));
    REQUIRE(ck::core::write_file_atomic(root / "outbox" / ".x.mail.tmp.Q", "half"));
    REQUIRE(ck::core::write_file_atomic(root / "journal" / ".y.tx.tmp.Z", "ck-jour"));
    {
        std::FILE* f = std::fopen((root / "ledger" / "seen").c_str(), "a");
        REQUIRE(f);
        std::fputs("torn@no-newl", f);
        std::fclose(f);
    }
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(names_in(root / "games") ==
          std::vector<std::string>{"1.black.pgn", "1.record.pgn", "1.white.pgn"});
    CHECK(names_in(root / "journal").empty());
    CHECK(names_in(root / "outbox").size() == 3);
    CHECK(ledger_lines(root) == std::vector<std::string>{"m1@players.example"});
    CHECK_FALSE(store->seen("torn@no-newl"));
    CHECK(slurp(root / "ledger" / "seen") == "m1@players.example\n");
    // The next append starts on a fresh line.
    Transaction tx(at("2026-11-21T15:30:00Z"));
    tx.mark_seen("m2@players.example");
    REQUIRE(store->commit(tx));
    CHECK(ledger_lines(root) ==
          std::vector<std::string>{"m1@players.example", "m2@players.example"});
}

TEST_CASE("a damaged journal stops open instead of being skipped", "[store]") {
    TempDir tmp;
    { REQUIRE(Store::open(tmp.path())); }
    REQUIRE(ck::core::write_file_atomic(tmp.path() / "journal" / journal_file_name(1),
                                        "ck-journal 1\nnext-game 1\n"));
    auto store = Store::open(tmp.path());
    REQUIRE_FALSE(store);
    CHECK(store.error().message.find("bad journal") != std::string::npos);
}

TEST_CASE("the ledger answers for thousands of ids across reopen", "[store]") {
    TempDir tmp;
    {
        auto store = Store::open(tmp.path());
        REQUIRE(store);
        // Many ids per transaction keeps this quick; each transaction costs a few fsyncs.
        for (int t = 0; t < 5; ++t) {
            Transaction tx(at("2026-11-21T15:30:00Z"));
            for (int i = 0; i < 1000; ++i) tx.mark_seen(std::to_string(t * 1000 + i) + "@x");
            REQUIRE(store->commit(tx));
        }
        Transaction again(at("2026-11-21T15:30:00Z"));
        again.mark_seen("17@x");  // already recorded: not appended twice
        REQUIRE(store->commit(again));
    }
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    CHECK(store->ledger_size() == 5000);
    CHECK(ledger_lines(tmp.path()).size() == 5000);
    CHECK(store->seen("0@x"));
    CHECK(store->seen("4999@x"));
    CHECK_FALSE(store->seen("5000@x"));
}

TEST_CASE("a commit whose apply fails stays committed and is applied later", "[store]") {
    TempDir tmp;
    const auto root = tmp.path();
    auto store = Store::open(root);
    REQUIRE(store);
    const GameId g = store->new_game_id();
    REQUIRE(store->commit(move_tx(g, "m1")));
    // Sabotage: a directory where the next apply must write a file.
    std::filesystem::remove(root / "games" / "1.white.pgn");
    std::filesystem::create_directory(root / "games" / "1.white.pgn");
    std::filesystem::create_directory(root / "games" / "1.white.pgn" / "x");

    auto failed = store->commit(move_tx(g, "m2"));
    REQUIRE_FALSE(failed);
    CHECK(failed.error().message.find("committed but not yet applied") != std::string::npos);
    CHECK(store->seen("m2@players.example"));       // committed: the mail must not act again
    CHECK(names_in(root / "journal").size() == 2);  // m1 (applied) and m2
    CHECK_FALSE(store->commit(move_tx(g, "m3")));   // the earlier one still cannot apply
    CHECK_FALSE(store->seen("m3@players.example"));

    std::filesystem::remove_all(root / "games" / "1.white.pgn");
    REQUIRE(store->commit(move_tx(g, "m3")));
    REQUIRE(store->checkpoint());
    CHECK(names_in(root / "journal").empty());
    CHECK(*store->read_game_file(g, "white.pgn") == "white m3\n");
    CHECK(ledger_lines(root) == std::vector<std::string>{"m1@players.example", "m2@players.example",
                                                         "m3@players.example"});
    CHECK(names_in(root / "outbox").size() == 7);  // 3 x 2 mails + failed/
}

TEST_CASE("an empty transaction writes nothing", "[store]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    REQUIRE(store->commit(Transaction(at("2026-11-21T15:30:00Z"))));
    CHECK(names_in(tmp.path() / "journal").empty());
    CHECK(ledger_lines(tmp.path()).empty());
}

TEST_CASE("a new game's file written twice in one journal holds the last write", "[store]") {
    // The apply writes a new game's files without cutting them to length (its directory is
    // new, so they are too): only the first write of a file; a later, shorter one is cut.
    TempDir tmp;
    const auto root = tmp.path() / "var";
    auto store = Store::open(root);
    REQUIRE(store);
    const GameId g = store->new_game_id();
    {
        GroupCommit group(*store);
        Transaction first(at("2026-11-21T15:30:00Z"));
        first.write_game_file(g, "record.pgn", "a first record, longer than the last\n");
        first.write_game_file(g, "game.ini", "version = 1\n");
        REQUIRE(store->commit(first));
        Transaction second(at("2026-11-21T15:30:00Z"));
        second.write_game_file(g, "record.pgn", "last\n");
        second.write_game_file(g, "game.ini", "version = 1\nrated = yes\n");
        second.write_game_file(g, "game.ini", "version = 1\n");
        REQUIRE(store->commit(second));
        REQUIRE(group.commit());
    }
    CHECK(slurp(root / "games" / "1.record.pgn") == "last\n");
    CHECK(slurp(root / "games" / "1.game.ini") == "version = 1\n");
    CHECK(*store->read_game_file(g, "record.pgn") == "last\n");
}
