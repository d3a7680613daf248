// Crash safety (docs/mail-protocol.md: "a crash at any instant replays harmlessly"): a child
// process commits transactions in a loop and is SIGKILLed at random instants, again and again;
// after each kill the store is reopened and checked. Also a throughput figure (hidden test,
// "[.][bench]").
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/temp_dir.hpp"
#include "store/fs_util.hpp"
#include "store/outbox.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::ledger_lines;
using ck::test::names_in;
using ck::test::slurp;
using ck::test::TempDir;

namespace {

constexpr int GamesInTest = 4;

GameId game_for(std::uint64_t k) { return GameId((k - 1) % GamesInTest + 1); }
std::string id_for(std::uint64_t k) { return std::to_string(k) + "@crash.example"; }

// Transaction k: three files of game_for(k) all holding k, one ledger id, two mails.
Transaction tx_for(std::uint64_t k) {
    Transaction tx(at("2026-11-21T15:30:00Z"));
    const std::string v = std::to_string(k) + "\n";
    tx.write_game_file(game_for(k), "record.pgn", "record " + v);
    tx.write_game_file(game_for(k), "white.pgn", "white " + v);
    tx.write_game_file(game_for(k), "black.pgn", "black " + v);
    tx.mark_seen(id_for(k));
    tx.queue_mail(SpooledMail{"referee@club.example", {"w@example.org"}, "white " + v});
    tx.queue_mail(SpooledMail{"referee@club.example", {"b@example.org"}, "black " + v});
    return tx;
}

// Transactions k with k % 8 >= 5 are committed as one group of three (store.hpp, "Group
// commit"); the others one by one.
constexpr std::uint64_t GroupSize = 3;

// The child: continues the sequence where the store says it stopped, reporting each k
// through `out` after its commit (or its group's end_group) returned; checkpoints after every
// fifth transaction besides the store's own ones. Never returns.
[[noreturn]] void commit_forever(const std::filesystem::path& root, int out) {
    auto store = Store::open(root);
    if (!store) ::_exit(2);
    const std::uint32_t opened = 0;
    if (::write(out, &opened, sizeof opened) != sizeof opened) ::_exit(5);
    std::uint64_t k = 1;
    while (store->seen(id_for(k))) ++k;
    const auto report = [&](std::uint64_t done) {
        const std::uint32_t v = static_cast<std::uint32_t>(done);
        if (::write(out, &v, sizeof v) != sizeof v) ::_exit(5);
    };
    for (;;) {
        if (k % 8 >= 5) {
            store->begin_group();
            for (std::uint64_t i = 0; i < GroupSize; ++i, ++k) {
                if (k <= GamesInTest && store->new_game_id() != GameId(k)) ::_exit(3);
                if (!store->commit(tx_for(k))) ::_exit(4);
            }
            if (!store->end_group()) ::_exit(4);
            report(k - 1);
        } else {
            if (k <= GamesInTest && store->new_game_id() != GameId(k)) ::_exit(3);
            if (!store->commit(tx_for(k))) ::_exit(4);
            report(k++);
        }
        if (k % 5 == 0 && !store->checkpoint()) ::_exit(6);
    }
}

bool any_temp_file(const std::filesystem::path& root) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
        if (is_temp_name(e.path().filename().string())) return true;
    }
    return false;
}

// Checks every invariant of the store after a crash; returns the number of transactions in it.
std::uint64_t check_store(const std::filesystem::path& root) {
    auto store = Store::open(root);
    if (!store) FAIL("open: " << store.error().describe());
    CHECK(names_in(root / "journal").empty());
    CHECK_FALSE(any_temp_file(root));
    // Transactions are all or nothing and in order: the ledger is exactly 1..K.
    const auto lines = ledger_lines(root);
    const std::uint64_t count = lines.size();
    for (std::uint64_t k = 1; k <= count; ++k) REQUIRE(lines[k - 1] == id_for(k));
    CHECK_FALSE(store->seen(id_for(count + 1)));
    // Each game's three files hold the latest transaction on it, together.
    std::vector<GameId> expected_games;
    for (std::uint64_t g = 1; g <= GamesInTest && g <= count; ++g)
        expected_games.push_back(GameId(g));
    CHECK(*store->list_games() == expected_games);
    for (GameId g : expected_games) {
        std::uint64_t last = g.number();
        while (last + GamesInTest <= count) last += GamesInTest;
        const std::string v = std::to_string(last) + "\n";
        CHECK(*store->read_game_file(g, "record.pgn") == "record " + v);
        CHECK(*store->read_game_file(g, "white.pgn") == "white " + v);
        CHECK(*store->read_game_file(g, "black.pgn") == "black " + v);
    }
    // The outbox holds both mails of every transaction, once each, in order.
    auto pending = Outbox(*store).pending();
    REQUIRE(pending);
    REQUIRE(pending->size() == 2 * count);
    for (std::uint64_t k = 1; k <= count; ++k) {
        const auto& w = (*pending)[2 * k - 2];
        const auto& b = (*pending)[2 * k - 1];
        REQUIRE(w.raw_message == "white " + std::to_string(k) + "\n");
        REQUIRE(b.raw_message == "black " + std::to_string(k) + "\n");
        REQUIRE(w.seq == 2 * k - 1);
        REQUIRE(b.seq == 2 * k);
    }
    CHECK(names_in(root / "outbox").size() == 2 * count + 1);  // no stray file besides failed/
    return count;
}

}  // namespace

TEST_CASE("SIGKILL at random instants never loses or splits a transaction", "[store][slow]") {
    // The kills land anywhere: inside commits, group commits, applies, checkpoints (syncfs,
    // the checkpoint file, journal unlinks) and open's replay.
    TempDir tmp;
    const auto root = tmp.path() / "var";
    const unsigned seed = std::random_device{}();
    INFO("seed " << seed);
    std::mt19937 rng(seed);
    // Mostly mid-loop kills; some very early ones land inside open() and its journal replay.
    std::uniform_int_distribution<int> delay_us(0, 25000);
    std::uint64_t reported = 0;  // highest k a child reported committed
    std::uint64_t in_store = 0;
    constexpr int Kills = 50;
    for (int round = 0; round < Kills; ++round) {
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        const pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            ::close(fds[0]);
            commit_forever(root, fds[1]);
        }
        ::close(fds[1]);
        // One round in five counts from the fork, so the kill may land inside open() and its
        // journal replay; the others count from the child's "opened" report.
        std::uint32_t v = 0;
        if (round % 5 != 0) REQUIRE(::read(fds[0], &v, sizeof v) == sizeof v);
        std::this_thread::sleep_for(std::chrono::microseconds(delay_us(rng)));
        REQUIRE(::kill(child, SIGKILL) == 0);
        int status = 0;
        REQUIRE(::waitpid(child, &status, 0) == child);
        INFO("round " << round << ", child status " << status);
        REQUIRE(WIFSIGNALED(status));  // died of our SIGKILL, not of a failed check
        while (::read(fds[0], &v, sizeof v) == sizeof v)
            reported = std::max<std::uint64_t>(reported, v);
        ::close(fds[0]);

        const std::uint64_t count = check_store(root);
        // Every reported commit is there and nothing committed earlier ever disappears; at most
        // one commit or group more than was known before (this child's, killed between the
        // commit point and its report).
        CHECK(count >= reported);
        CHECK(count >= in_store);
        CHECK(count <= std::max(reported, in_store) + GroupSize);
        in_store = count;
    }
    CHECK(in_store > 0);
    std::cout << "crash test: " << Kills << " kills, " << in_store << " transactions committed\n";
}

TEST_CASE("throughput: commits per second with fsync", "[.][bench]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    for (int g = 0; g < GamesInTest; ++g) store->new_game_id();
    constexpr int N = 200;
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t k = 1; k <= N; ++k) REQUIRE(store->commit(tx_for(k)));
    const std::chrono::duration<double> s = std::chrono::steady_clock::now() - start;
    std::cout << "store: " << N << " commits (3 files + 1 ledger id + 2 mails) in " << s.count()
              << " s = " << N / s.count() << " commits/s, " << 1000 * s.count() / N << " ms each\n";
}
