// The player records (white.pgn, black.pgn) a game's mails write are made from the kept
// movetext of the game's records (pgn::RecordBuilder, README "Benchmarks", the serve row):
// after every mail, after a commit that failed and after a reopened daemon, each file equals
// the one derived from record.pgn by replay (pgn::player_record), byte for byte.
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
    Club() : DaemonFixture("player-record-files") {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
        ck::daemon::NewGame spec;
        spec.variant = "crazykrieg";
        spec.hidden = true;
        spec.white = Ada;
        spec.black = Bob;
        auto id = daemon_->new_game(spec, clock_);
        REQUIRE(id);
        id_ = *id;
        step();
    }
    ck::store::GameId id() const { return id_; }
    void send(Color c, const std::string& body) {
        deliver("From: <" + std::string(c == Color::White ? Ada : Bob) + ">\r\nTo: <" +
                reply_address(to_string(id_), c) + ">\r\nMessage-ID: <m" + std::to_string(++sent_) +
                "@example.org>\r\nContent-Type: text/plain\r\n\r\n" + body + "\r\n");
        clock_.advance(std::chrono::minutes(5));
        CHECK(step().handled == 1);
    }
    std::string file(const std::string& name) {
        auto r = daemon_->store().read_game_file(id_, name);
        REQUIRE(r);
        return *r;
    }
    // Both player files against the ones record.pgn gives by replay.
    void check_files() {
        const std::string record = file("record.pgn");
        for (Color c : {Color::White, Color::Black}) {
            auto derived = ck::pgn::player_record(record, c);
            REQUIRE(derived);
            CHECK(file(c == Color::White ? "white.pgn" : "black.pgn") == *derived);
        }
    }

private:
    ck::store::GameId id_ = ck::store::GameId(1);
    int sent_ = 0;
};

}  // namespace

TEST_CASE(
    "player record files equal the replayed ones mail after mail, after a failed commit "
    "and a reopen",
    "[daemon][repository]") {
    Club club;
    // Moves, refused tries and an `any?` (requests that end no turn stay in the open comment).
    const char* white[] = {"e4", "Qa6\r\nd4", "Nf3", "any?\r\nBc4", "O-O"};
    const char* black[] = {"e5", "d6", "Nc6", "Be7", "Nf6"};
    for (int i = 0; i < 5; ++i) {
        club.send(Color::White, white[i]);
        club.check_files();
        club.send(Color::Black, black[i]);
        club.check_files();
    }
    // A commit that failed: a session's copy, played on and saved in an aborted group, is
    // given back to its repository (here one beside the daemon's); its next load replays, plays
    // another move and commits it.
    auto& store = club.daemon().store();
    const auto stored = ck::pgn::verify_referee_record(club.file("record.pgn"));
    REQUIRE(stored);
    ck::league::GameRepository repo;
    {
        auto lent = repo.take(store, club.id());
        REQUIRE(lent);
        ck::league::play_request(lent->game, "Re1");
        {
            ck::store::Transaction tx(std::chrono::system_clock::from_time_t(1795262400));
            REQUIRE(repo.save_lent(tx, club.id(), lent->number, lent->game));
            ck::store::GroupCommit group(store);
            REQUIRE(store.commit(tx));
        }  // dropped uncommitted
        repo.give_back(club.id(), lent->number, std::move(lent->game));
    }
    club.check_files();
    {
        auto g = repo.load(store, club.id());
        REQUIRE(g);
        CHECK(g->record.plies() == stored->plies);  // not the aborted copy's move
        ck::league::play_request(*g, "d4d5");
        ck::store::Transaction tx(std::chrono::system_clock::from_time_t(1795262460));
        REQUIRE(repo.save(tx, club.id(), *g));
        REQUIRE(store.commit(tx));
    }
    club.check_files();
    // The daemon's kept game no longer matches the store: its next mail replays the record.
    club.send(Color::Black, "c6");
    club.check_files();
    REQUIRE(ck::pgn::verify_referee_record(club.file("record.pgn")));
    // A reopened daemon: the game replayed from its record, then played on.
    club.reopen();
    club.send(Color::White, "h3");
    club.check_files();
    club.send(Color::Black, "h6");
    club.check_files();
}
