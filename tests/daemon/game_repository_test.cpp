// The game repository (league/game_repository.hpp): a game that got mail is kept and not
// replayed again while the store holds the texts it was kept with; any other writer, a failed
// or aborted commit, or the capacity makes the next load replay; the files it writes are the
// ones derived from the referee record.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "daemon_fixture.hpp"
#include "league/game_files.hpp"
#include "league/game_repository.hpp"
#include "pgn/referee_record.hpp"

using ck::rules::Color;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag) : DaemonFixture("repository-" + tag) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
    }
    ck::store::GameId new_game() {
        ck::daemon::NewGame spec;
        spec.variant = "crazykrieg";
        spec.white = Ada;
        spec.black = Bob;
        auto id = daemon_->new_game(spec, clock_);
        REQUIRE(id);
        step();
        return *id;
    }
    void send(ck::store::GameId id, Color c, const std::string& body) {
        const std::string from = c == Color::White ? Ada : Bob;
        deliver("From: <" + from + ">\r\nTo: <" + reply_address(to_string(id), c) +
                ">\r\nMessage-ID: <m" + std::to_string(++sent_) +
                "@example.org>\r\nContent-Type: text/plain\r\n\r\n" + body + "\r\n");
        clock_.advance(std::chrono::minutes(5));
        CHECK(step().handled == 1);
    }
    std::string file(ck::store::GameId id, const std::string& name) {
        auto r = daemon_->store().read_game_file(id, name);
        REQUIRE(r);
        return *r;
    }

private:
    int sent_ = 0;
};

ck::store::Transaction tx_at(int minute) {
    return ck::store::Transaction(std::chrono::system_clock::from_time_t(1795262400 + 60 * minute));
}

}  // namespace

TEST_CASE("a game that got mail is not replayed for the next mail", "[daemon][repository]") {
    Club club("kept");
    const auto id = club.new_game();
    club.send(id, Color::White, "e4");  // the first mail after the creation
    const auto replays = club.daemon().games().replays();
    const auto kept = club.daemon().games().kept_loads();
    int ply = 1;
    for (const char* m : {"e5", "Nf3", "Nc6", "Bc4", "Bc5"})
        club.send(id, ply++ % 2 ? Color::Black : Color::White, m);
    CHECK(club.daemon().games().replays() == replays);
    CHECK(club.daemon().games().kept_loads() >= kept + 5);
    const std::string record = club.file(id, "record.pgn");
    auto check = ck::pgn::verify_referee_record(record);
    REQUIRE(check);
    CHECK(check->plies == 6);
    CHECK(club.file(id, "white.pgn") == *ck::pgn::player_record(record, Color::White));
    CHECK(club.file(id, "black.pgn") == *ck::pgn::player_record(record, Color::Black));
}

TEST_CASE("a kept game is replayed when the store no longer holds its texts",
          "[daemon][repository]") {
    Club club("stale");
    const auto id = club.new_game();
    auto& store = club.daemon().store();
    ck::league::GameRepository repo;
    auto g = repo.load(store, id);
    REQUIRE(g);
    CHECK(repo.replays() == 1);
    REQUIRE(repo.load(store, id));
    CHECK(repo.replays() == 1);
    CHECK(repo.kept_loads() == 1);

    // A save whose commit is aborted: the kept game (one ply on) no longer matches the store.
    ck::league::play_request(*g, "e4");
    {
        auto tx = tx_at(1);
        REQUIRE(repo.save(tx, id, *g));
        ck::store::GroupCommit group(store);
        REQUIRE(store.commit(tx));
    }  // dropped uncommitted
    auto after_abort = repo.load(store, id);
    REQUIRE(after_abort);
    CHECK(repo.replays() == 2);
    CHECK(after_abort->record.plies() == 0);

    // A writer around the repository (here: the same move written by load_game/save_game).
    {
        auto other = ck::league::load_game(store, id);
        REQUIRE(other);
        ck::league::play_request(*other, "d4");
        auto tx = tx_at(2);
        REQUIRE(ck::league::save_game(tx, id, *other));
        REQUIRE(store.commit(tx));
    }
    auto after_other = repo.load(store, id);
    REQUIRE(after_other);
    CHECK(repo.replays() == 3);
    CHECK(after_other->record.plies() == 1);
    CHECK(after_other->record.rulings().back().move == std::optional<std::string>("d4"));

    // A committed save is kept: the next load needs no replay.
    ck::league::play_request(*after_other, "e5");
    {
        auto tx = tx_at(3);
        REQUIRE(repo.save(tx, id, *after_other));
        REQUIRE(store.commit(tx));
    }
    auto kept = repo.load(store, id);
    REQUIRE(kept);
    CHECK(repo.replays() == 3);
    CHECK(kept->record.referee_record() == *store.read_game_file(id, "record.pgn"));
}

TEST_CASE("the repository keeps at most its capacity", "[daemon][repository]") {
    Club club("capacity");
    const auto a = club.new_game();
    const auto b = club.new_game();
    ck::league::GameRepository repo(1);
    auto& store = club.daemon().store();
    for (int i = 0; i < 3; ++i) {
        REQUIRE(repo.load(store, a));
        REQUIRE(repo.load(store, b));
    }
    CHECK(repo.replays() == 6);
    REQUIRE(repo.load(store, b));
    CHECK(repo.replays() == 6);
}

// Lending (GameRepository::take / save_lent / give_back): the game moves out and back instead
// of being copied, with the same rule as save(): what comes back is used only while the store
// holds the texts it was saved with.
TEST_CASE("a lent game given back after a failed commit is replayed, after a commit it is kept",
          "[daemon][repository]") {
    Club club("lent");
    const auto id = club.new_game();
    auto& store = club.daemon().store();
    ck::league::GameRepository repo;

    // Saved, the commit aborted, given back: the next load replays and has no move.
    auto lent = repo.take(store, id);
    REQUIRE(lent);
    CHECK(lent->number != 0);
    ck::league::play_request(lent->game, "e4");
    {
        auto tx = tx_at(1);
        REQUIRE(repo.save_lent(tx, id, lent->number, lent->game));
        ck::store::GroupCommit group(store);
        REQUIRE(store.commit(tx));
    }
    repo.give_back(id, lent->number, std::move(lent->game));
    const auto replays = repo.replays();
    auto after_abort = repo.load(store, id);
    REQUIRE(after_abort);
    CHECK(repo.replays() == replays + 1);
    CHECK(after_abort->record.plies() == 0);

    // Saved, committed, given back: kept, and equal to a replay of the store's record.
    auto again = repo.take(store, id);
    REQUIRE(again);
    CHECK(repo.replays() == replays + 1);
    ck::league::play_request(again->game, "e4");
    {
        auto tx = tx_at(2);
        REQUIRE(repo.save_lent(tx, id, again->number, again->game));
        REQUIRE(store.commit(tx));
    }
    repo.give_back(id, again->number, std::move(again->game));
    auto kept = repo.load(store, id);
    REQUIRE(kept);
    CHECK(repo.replays() == replays + 1);
    auto fresh = ck::league::load_game(store, id);
    REQUIRE(fresh);
    CHECK(kept->record.referee_record() == fresh->record.referee_record());
    CHECK(kept->record.plies() == 1);
    CHECK(ck::league::format_game_ini(kept->meta) == ck::league::format_game_ini(fresh->meta));
}

TEST_CASE("only the latest lease of a game is given back", "[daemon][repository]") {
    Club club("leases");
    const auto id = club.new_game();
    auto& store = club.daemon().store();
    ck::league::GameRepository repo;
    auto first = repo.take(store, id);
    REQUIRE(first);
    auto second = repo.take(store, id);  // not kept while lent: replayed
    REQUIRE(second);
    CHECK(second->number != first->number);
    ck::league::play_request(second->game, "d4");
    {
        auto tx = tx_at(1);
        REQUIRE(repo.save_lent(tx, id, second->number, second->game));
        REQUIRE(store.commit(tx));
    }
    // The first lease's game (no move) must not come back under the texts the second saved.
    repo.give_back(id, first->number, std::move(first->game));
    auto loaded = repo.load(store, id);
    REQUIRE(loaded);
    CHECK(loaded->record.plies() == 1);
    repo.give_back(id, second->number, std::move(second->game));
    auto kept = repo.load(store, id);
    REQUIRE(kept);
    CHECK(kept->record.plies() == 1);
}
