// A group larger than GroupJournal::SpillBytes (store.hpp, "Group commit"): its journal goes to
// a temp file while staging, its staged files are read back from there, it commits as one
// journal, an abort or a savepoint takes back exactly its part, and a crash after the commit
// point replays it once.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/clock.hpp"
#include "core/temp_dir.hpp"
#include "store/group_journal.hpp"
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

namespace fs = std::filesystem;

constexpr std::size_t Big = 64 * 1024;
// Games of Big-byte files and mails: about 1.5 times SpillBytes and UnspooledBytes.
constexpr int Games = static_cast<int>(Store::UnspooledBytes * 3 / 2 / (2 * Big)) + 1;
static_assert(Games * 2 * Big > GroupJournal::SpillBytes);

std::string body(int game, char fill, const std::string& tag) {
    return tag + " " + std::to_string(game) + "\n" + std::string(Big, fill);
}

// One game's start: its record and two mails of Big bytes, and a Message-ID.
Transaction start_tx(GameId g, const std::string& tag) {
    Transaction tx(at("2026-11-21T15:30:00Z"));
    const int n = static_cast<int>(g.number());
    tx.write_game_file(g, "record.pgn", body(n, 'r', tag));
    tx.mark_seen(tag + std::to_string(n) + "@players.example");
    tx.queue_mail(SpooledMail{"referee@club.example", {"white@example.org"}, body(n, 'w', tag)});
    tx.queue_mail(SpooledMail{"referee@club.example", {"black@example.org"}, body(n, 'b', tag)});
    return tx;
}

std::vector<GameId> stage_games(Store& store, int n, const std::string& tag) {
    std::vector<GameId> ids;
    for (int i = 0; i < n; ++i) {
        ids.push_back(store.new_game_id());
        REQUIRE(store.commit(start_tx(ids.back(), tag)));
    }
    return ids;
}

// Batches; mails starting with `busy` fail transiently, the others are sent.
class LastGameBusySink final : public ck::mail::MailSink {
public:
    std::string busy;
    std::vector<std::string> sent, in_batch;
    bool begin_batch() override { return true; }
    ck::core::Result<void, ck::mail::MailError> send(const std::string&,
                                                     const std::vector<std::string>&,
                                                     std::string_view raw) override {
        if (raw.rfind(busy, 0) == 0)
            return ck::core::unexpected(ck::mail::MailError{ck::mail::MailErrorCode::Rejected,
                                                            "try again later", 451, true});
        in_batch.emplace_back(raw);
        return {};
    }
    ck::core::Result<void, ck::mail::MailError> end_batch() override {
        sent.insert(sent.end(), in_batch.begin(), in_batch.end());
        in_batch.clear();
        return {};
    }
};

bool has_temp_journal(const fs::path& root) {
    const auto names = names_in(root / "journal");
    return std::find(names.begin(), names.end(), ".group.tmp.tx") != names.end();
}

}  // namespace

TEST_CASE("a large group is staged in a temp journal, read back and committed as one",
          "[store][group]") {
    TempDir tmp;
    const fs::path root = tmp.path();
    {
        auto store = Store::open(root);
        REQUIRE(store);
        store->begin_group();
        const auto ids = stage_games(*store, Games, "start");
        CHECK(has_temp_journal(root));  // spilled
        // A later write of a staged file wins; reads see the staged bytes, from the temp file
        // (the first games) and from memory (the last).
        Transaction again(at("2026-11-21T15:31:00Z"));
        again.write_game_file(ids[1], "record.pgn", "rewritten\n");
        REQUIRE(store->commit(again));
        CHECK(*store->read_game_file(ids[0], "record.pgn") == body(1, 'r', "start"));
        CHECK(*store->read_game_file(ids[1], "record.pgn") == "rewritten\n");
        CHECK(*store->read_game_file(ids.back(), "record.pgn") == body(Games, 'r', "start"));
        CHECK(*store->list_games() == ids);
        CHECK(store->seen("start1@players.example"));
        CHECK_FALSE(fs::exists(root / "games/1.record.pgn"));

        REQUIRE(store->end_group());
        CHECK(names_in(root / "journal") == std::vector<std::string>{journal_file_name(1)});
        CHECK(slurp(root / "games/1.record.pgn") == body(1, 'r', "start"));
        CHECK(slurp(root / "games/2.record.pgn") == "rewritten\n");
        CHECK(ledger_lines(root).size() == static_cast<std::size_t>(Games));
        // Every mail waits unspooled, the bytes of those beyond UnspooledBytes only in the
        // journal; every mail is pending once, in order.
        CHECK(store->unspooled_mails().size() == static_cast<std::size_t>(2 * Games));
        CHECK(store->unspooled_mails().front().journal_txid == 0);
        CHECK(store->unspooled_mails().back().journal_txid == 1);
        CHECK(names_in(root / "outbox") == std::vector<std::string>{"failed"});
        auto pending = Outbox(*store).pending();
        REQUIRE(pending);
        REQUIRE(pending->size() == static_cast<std::size_t>(2 * Games));
        for (std::size_t i = 0; i < pending->size(); ++i) {
            CHECK((*pending)[i].seq == i + 1);
            CHECK((*pending)[i].raw_message ==
                  body(static_cast<int>(i / 2) + 1, i % 2 == 0 ? 'w' : 'b', "start"));
        }
    }
    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(store->new_game_id() == GameId(Games + 1));
    CHECK(Outbox(*store).pending()->size() == static_cast<std::size_t>(2 * Games));
}

TEST_CASE("mails left in a group's journal are sent from it; a retry keeps its new state",
          "[store][group]") {
    TempDir tmp;
    const fs::path root = tmp.path();
    auto store = Store::open(root);
    REQUIRE(store);
    store->begin_group();
    stage_games(*store, Games, "start");
    REQUIRE(store->end_group());
    REQUIRE(store->unspooled_mails().back().journal_txid == 1);
    // The last game's two mails fail once; every other mail is sent.
    LastGameBusySink sink;
    sink.busy = "start " + std::to_string(Games) + "\n";
    const ck::core::FixedClock clock(at("2026-11-21T15:30:00Z"));
    REQUIRE(Outbox(*store).flush(sink, clock));
    CHECK(sink.sent.size() == static_cast<std::size_t>(2 * Games - 2));
    CHECK(sink.sent.back() == body(Games - 1, 'b', "start"));
    // The flush's checkpoint spooled the two left with their retry state and retired the journal.
    CHECK(names_in(root / "journal").empty());
    CHECK(names_in(root / "outbox").size() == 3);
    auto pending = Outbox(*store).pending();
    REQUIRE(pending);
    REQUIRE(pending->size() == 2);
    CHECK((*pending)[0].raw_message == body(Games, 'w', "start"));
    CHECK((*pending)[1].raw_message == body(Games, 'b', "start"));
    CHECK((*pending)[0].attempts == 1);
    CHECK((*pending)[1].attempts == 1);
}

TEST_CASE("an aborted large group leaves no temp journal and nothing visible", "[store][group]") {
    TempDir tmp;
    const fs::path root = tmp.path();
    auto store = Store::open(root);
    REQUIRE(store);
    {
        GroupCommit group(*store);
        stage_games(*store, Games, "start");
        CHECK(has_temp_journal(root));
    }  // failed half-way: dropped
    CHECK_FALSE(store->grouping());
    CHECK(names_in(root / "journal").empty());
    CHECK(store->list_games()->empty());
    CHECK_FALSE(store->read_game_file(GameId(1), "record.pgn"));
    CHECK_FALSE(store->seen("start1@players.example"));
    CHECK(Outbox(*store).pending()->empty());
    CHECK(store->new_game_id() == GameId(1));
}

TEST_CASE("a savepoint in a large group takes back only its own part", "[store][group]") {
    TempDir tmp;
    const fs::path root = tmp.path();
    auto store = Store::open(root);
    REQUIRE(store);
    store->begin_group();
    const auto kept = stage_games(*store, Games / 2, "kept");
    std::vector<GameId> dropped;
    {
        GroupCommit inner(*store);
        dropped = stage_games(*store, Games, "dropped");  // spills past the savepoint
        CHECK(has_temp_journal(root));
    }
    CHECK(store->grouping());
    CHECK(*store->list_games() == kept);
    CHECK_FALSE(store->read_game_file(dropped.front(), "record.pgn"));
    CHECK_FALSE(store->seen("dropped" + to_string(dropped.front()) + "@players.example"));
    const auto more = stage_games(*store, 2, "more");  // staged over the cut
    CHECK(more.front() == dropped.front());            // the dropped ids are handed out again
    CHECK(*store->read_game_file(kept.back(), "record.pgn") ==
          body(static_cast<int>(kept.back().number()), 'r', "kept"));
    REQUIRE(store->end_group());
    CHECK_FALSE(has_temp_journal(root));
    CHECK(store->list_games()->size() == kept.size() + 2);
    CHECK(slurp(store->game_file_path(more.back(), "record.pgn")) ==
          body(static_cast<int>(more.back().number()), 'r', "more"));
    auto pending = Outbox(*store).pending();
    REQUIRE(pending);
    CHECK(pending->size() == 2 * (kept.size() + 2));
    for (const auto& e : *pending) CHECK(e.raw_message.rfind("dropped", 0) == std::string::npos);
}

TEST_CASE("a large group's journal is replayed once after a crash past its commit point",
          "[store][group]") {
    TempDir tmp;
    const fs::path root = tmp.path();
    {
        auto store = Store::open(root);
        REQUIRE(store);
        store->begin_group();
        stage_games(*store, Games, "start");
        REQUIRE(store->end_group());
        CHECK(names_in(root / "journal").size() == 1);  // applied, not yet retired
    }
    // The crash lost every unsynced write of the apply: game files and spooled mails.
    fs::remove_all(root / "games");
    fs::create_directory(root / "games");
    for (const auto& name : names_in(root / "outbox"))
        if (name != "failed") fs::remove(root / "outbox" / name);
    // And left the temp file of a group that never reached its commit point.
    REQUIRE(ck::core::write_file_atomic(root / "journal/.group.tmp.tx", "ck-journal 2\n"));

    auto store = Store::open(root);
    REQUIRE(store);
    CHECK(names_in(root / "journal").empty());  // replayed, retired; the temp file removed
    CHECK(*store->read_game_file(GameId(Games), "record.pgn") == body(Games, 'r', "start"));
    CHECK(ledger_lines(root).size() == static_cast<std::size_t>(Games));
    auto pending = Outbox(*store).pending();
    REQUIRE(pending);
    std::set<std::uint64_t> seqs;
    for (const auto& e : *pending) seqs.insert(e.seq);
    CHECK(pending->size() == static_cast<std::size_t>(2 * Games));
    CHECK(seqs.size() == pending->size());
}

TEST_CASE(
    "groups applied from memory keep the mails beyond UnspooledBytes where their journals "
    "hold them",
    "[store][group]") {
    // Groups small enough to stay in memory (a game stages 3 × Big bytes: its record and two
    // mails; applied from their staged records), together more than UnspooledBytes of mails
    // before any flush: the later mails are left in their journals,
    // found there by the places staging gave them.
    constexpr int PerGroup = static_cast<int>(GroupJournal::SpillBytes * 3 / 4 / (3 * Big));
    constexpr int Groups = static_cast<int>(Store::UnspooledBytes / (PerGroup * 2 * Big)) + 2;
    TempDir tmp;
    const fs::path root = tmp.path();
    auto store = Store::open(root);
    REQUIRE(store);
    for (int g = 0; g < Groups; ++g) {
        store->begin_group();
        stage_games(*store, PerGroup, "start");
        CHECK_FALSE(has_temp_journal(root));  // in memory
        REQUIRE(store->end_group());
    }
    const auto& unspooled = store->unspooled_mails();
    REQUIRE(unspooled.size() == static_cast<std::size_t>(2 * PerGroup * Groups));
    CHECK(unspooled.front().journal_txid == 0);
    CHECK(unspooled.back().journal_txid == static_cast<std::uint64_t>(Groups));
    CHECK(ledger_lines(root).size() == static_cast<std::size_t>(PerGroup * Groups));
    auto pending = Outbox(*store).pending();
    REQUIRE(pending);
    REQUIRE(pending->size() == unspooled.size());
    for (std::size_t i = 0; i < pending->size(); ++i)
        CHECK((*pending)[i].raw_message ==
              body(static_cast<int>(i / 2) + 1, i % 2 == 0 ? 'w' : 'b', "start"));
    CHECK(slurp(root / "games/1.record.pgn") == body(1, 'r', "start"));
}
