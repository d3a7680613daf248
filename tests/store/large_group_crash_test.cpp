// Crash safety of large groups (store.hpp, "Group commit"): a child commits groups bigger than
// GroupJournal::SpillBytes and UnspooledBytes, each staged in the temp journal, and is
// SIGKILLed at random instants, again and again; after each kill the store is reopened and
// every group must be there whole or not at all, and its mails pending once each.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>
#include <thread>

#include "core/temp_dir.hpp"
#include "store/fs_util.hpp"
#include "store/group_journal.hpp"
#include "store/outbox.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::ledger_lines;
using ck::test::names_in;
using ck::test::TempDir;

namespace {

constexpr std::size_t Big = 64 * 1024;
// Each group writes every one of these games once, and one mail per game.
constexpr std::uint64_t GamesPerGroup = 40;
static_assert(GamesPerGroup * 2 * Big > GroupJournal::SpillBytes);
// Mails of groups not yet checkpointed pass UnspooledBytes after a few groups.
static_assert(5 * GamesPerGroup * Big > Store::UnspooledBytes);

std::string id_for(std::uint64_t group, std::uint64_t g) {
    return std::to_string(group) + "." + std::to_string(g) + "@crash.example";
}
std::string record_for(std::uint64_t group, std::uint64_t g) {
    return id_for(group, g) + "\n" + std::string(Big, 'r');
}
std::string mail_for(std::uint64_t group, std::uint64_t g) {
    return id_for(group, g) + "\n" + std::string(Big, 'm');
}

[[noreturn]] void commit_groups_forever(const std::filesystem::path& root, int out) {
    auto store = Store::open(root);
    if (!store) ::_exit(2);
    std::uint64_t k = 1;
    while (store->seen(id_for(k, 1))) ++k;
    for (;; ++k) {
        GroupCommit group(*store);
        for (std::uint64_t g = 1; g <= GamesPerGroup; ++g) {
            if (k == 1 && store->new_game_id() != GameId(g)) ::_exit(3);
            Transaction tx(at("2026-11-21T15:30:00Z"));
            tx.write_game_file(GameId(g), "record.pgn", record_for(k, g));
            tx.mark_seen(id_for(k, g));
            tx.queue_mail(SpooledMail{"referee@club.example", {"p@example.org"}, mail_for(k, g)});
            if (!store->commit(tx)) ::_exit(4);
        }
        if (!group.commit()) ::_exit(4);
        const auto v = static_cast<std::uint32_t>(k);
        if (::write(out, &v, sizeof v) != sizeof v) ::_exit(5);
        if (k % 5 == 0 && !store->checkpoint()) ::_exit(6);
    }
}

// Checks the store after a crash; returns the number of groups in it.
std::uint64_t check_groups(const std::filesystem::path& root) {
    auto store = Store::open(root);
    if (!store) FAIL("open: " << store.error().describe());
    CHECK(names_in(root / "journal").empty());
    const auto lines = ledger_lines(root);
    REQUIRE(lines.size() % GamesPerGroup == 0);
    const std::uint64_t groups = lines.size() / GamesPerGroup;
    for (std::uint64_t k = 1; k <= groups; ++k) {
        for (std::uint64_t g = 1; g <= GamesPerGroup; ++g)
            REQUIRE(lines[(k - 1) * GamesPerGroup + g - 1] == id_for(k, g));
    }
    if (groups > 0) {
        for (std::uint64_t g = 1; g <= GamesPerGroup; ++g)
            REQUIRE(*store->read_game_file(GameId(g), "record.pgn") == record_for(groups, g));
    }
    auto pending = Outbox(*store).pending();
    REQUIRE(pending);
    REQUIRE(pending->size() == groups * GamesPerGroup);
    for (std::size_t i = 0; i < pending->size(); ++i) {
        REQUIRE((*pending)[i].raw_message ==
                mail_for(i / GamesPerGroup + 1, i % GamesPerGroup + 1));
    }
    return groups;
}

}  // namespace

TEST_CASE("SIGKILL at random instants never loses or splits a large group", "[store][slow]") {
    TempDir tmp;
    const auto root = tmp.path() / "var";
    const unsigned seed = std::random_device{}();
    INFO("seed " << seed);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> delay_us(0, 300000);
    std::uint64_t reported = 0;
    std::uint64_t in_store = 0;
    constexpr int Kills = 12;
    for (int round = 0; round < Kills; ++round) {
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        const pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            ::close(fds[0]);
            commit_groups_forever(root, fds[1]);
        }
        ::close(fds[1]);
        std::this_thread::sleep_for(std::chrono::microseconds(delay_us(rng)));
        REQUIRE(::kill(child, SIGKILL) == 0);
        int status = 0;
        REQUIRE(::waitpid(child, &status, 0) == child);
        INFO("round " << round << ", child status " << status);
        REQUIRE(WIFSIGNALED(status));
        std::uint32_t v = 0;
        while (::read(fds[0], &v, sizeof v) == sizeof v)
            reported = std::max<std::uint64_t>(reported, v);
        ::close(fds[0]);

        const std::uint64_t groups = check_groups(root);
        CHECK(groups >= reported);
        CHECK(groups >= in_store);
        CHECK(groups <= std::max(reported, in_store) + 1);
        in_store = groups;
    }
    CHECK(in_store > 0);
    std::cout << "large group crash test: " << Kills << " kills, " << in_store
              << " groups committed\n";
}
