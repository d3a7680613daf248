// An organiser's adjudication (daemon/adjudication.hpp) through the one game-end path
// (daemon/game_end.hpp): the record's end and Termination, both players' and the followers'
// end mails with the organiser's reason, the rating, a tournament's result, and the refusals
// (an unknown game, a finished one) naming the game.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "club/tournament.hpp"
#include "compose/compose.hpp"
#include "daemon/adjudication.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/spectators.hpp"
#include "daemon/tournaments.hpp"
#include "daemon_fixture.hpp"
#include "league/game_files.hpp"
#include "league/game_outcome.hpp"
#include "league/ratings.hpp"

namespace fs = std::filesystem;
using ck::daemon::test::OutMail;
using ck::league::GameResult;
using ck::league::Termination;
using ck::rules::Color;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";
const std::string Cy = "cy@example.com";

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag) : DaemonFixture("adjudicate-" + tag) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
        add_player("Cy Onlooker", Cy);
    }

    ck::store::GameId new_game(bool rated) {
        ck::daemon::NewGame spec;
        spec.variant = "crazyhouse";
        spec.white = Ada;
        spec.black = Bob;
        spec.rated = rated;
        return start_game(spec);
    }

    void follow(ck::store::GameId id, const std::string& address) {
        ck::store::Transaction tx(clock_.now());
        const ck::daemon::ClubDesk desk{daemon_->config(), daemon_->players(), daemon_->store(),
                                        daemon_->templates()};
        REQUIRE(ck::daemon::set_following(desk, id, address, true, false, "f", tx));
        REQUIRE(daemon_->store().commit(tx));
        flush();
        new_outgoing();
    }

    std::string record(ck::store::GameId id) {
        auto text = daemon_->store().read_game_file(id, "record.pgn");
        REQUIRE(text);
        return *text;
    }
};

}  // namespace

TEST_CASE("an adjudication ends the game through the game-end path", "[daemon][adjudication]") {
    Club club("end");
    const auto id = club.new_game(true);
    club.follow(id, Cy);
    auto outcome = club.daemon().adjudicate(
        id, GameResult::BlackWins, "White stopped answering.\nThe club decides.", club.clock());
    REQUIRE(outcome);
    CHECK(outcome->result == GameResult::BlackWins);
    CHECK(outcome->termination == Termination::Adjudication);
    club.flush();
    const auto mails = club.new_outgoing();
    // Both players (White first), then the follower.
    REQUIRE(mails.size() == 3);
    CHECK(mails[0].to == Ada);
    CHECK(mails[1].to == Bob);
    CHECK(mails[2].to == Cy);
    for (const OutMail& m : mails) {
        INFO(m.text);
        CHECK(m.text.find("The organiser adjudicated the game. Black wins. (0-1)") !=
              std::string::npos);
        CHECK(m.text.find("The organiser's reason: White stopped answering. The club decides.") !=
              std::string::npos);
        CHECK(m.raw.find("crazykrieg-" + to_string(id) + ".pgn") != std::string::npos);
    }
    CHECK(mails[0].subject == "[crazykrieg #" + to_string(id) + "] Game over: 0-1");
    // The players' end mails show the rating (a rated game).
    CHECK(mails[0].text.find("Ratings (") != std::string::npos);
    auto pool = ck::league::load_pool(club.daemon().store(), "crazyhouse");
    REQUIRE(pool);
    CHECK_FALSE(pool->players.empty());
    // The record: the end outside the requests and its Termination tag.
    const std::string record = club.record(id);
    CHECK(record.find("[Termination \"adjudication\"]") != std::string::npos);
    CHECK(record.find("[Result \"0-1\"]") != std::string::npos);
    CHECK(record.find("[%end 0-1 adjudication]") != std::string::npos);
    // The game reloads (the record verifies) as over with that outcome.
    auto loaded = ck::league::load_game(club.daemon().store(), id);
    REQUIRE(loaded);
    const auto again = ck::league::outcome_of(*loaded);
    REQUIRE(again);
    CHECK(*again == ck::league::GameOutcome{GameResult::BlackWins, Termination::Adjudication});
}

TEST_CASE("an adjudication is refused for an unknown or finished game, naming it",
          "[daemon][adjudication]") {
    Club club("refused");
    const auto id = club.new_game(false);
    auto unknown =
        club.daemon().adjudicate(ck::core::GameId(99), GameResult::Draw, "x", club.clock());
    REQUIRE_FALSE(unknown);
    CHECK(unknown.error().detail == "no game 99");
    auto no_reason = club.daemon().adjudicate(id, GameResult::Draw, " \n ", club.clock());
    REQUIRE_FALSE(no_reason);
    CHECK(no_reason.error().detail.find("game " + to_string(id)) == 0);
    REQUIRE(club.daemon().adjudicate(id, GameResult::Draw, "Dead drawn.", club.clock()));
    club.flush();
    const auto first = club.new_outgoing();
    REQUIRE(first.size() == 2);
    CHECK(first[0].text.find("The organiser adjudicated the game. Draw. (1/2-1/2)") !=
          std::string::npos);
    // A casual game: no rating lines.
    CHECK(first[0].text.find("Ratings (") == std::string::npos);
    auto twice = club.daemon().adjudicate(id, GameResult::WhiteWins, "again", club.clock());
    REQUIRE_FALSE(twice);
    CHECK(twice.error().detail ==
          "game " + to_string(id) +
              " is over already (1/2-1/2): only a game in progress can be adjudicated");
    club.flush();
    CHECK(club.new_outgoing().empty());
}

TEST_CASE("an adjudicated tournament game counts in the standings", "[daemon][adjudication]") {
    Club club("tournament");
    ck::daemon::TournamentSpec spec;
    spec.name = "Small";
    spec.variant = "crazyhouse";
    spec.players = {Ada, Bob};
    auto tid = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE(tid);
    club.flush();
    club.new_outgoing();
    auto t = ck::league::load_tournament(club.daemon().store(), *tid);
    REQUIRE(t);
    REQUIRE(t->pairings.size() == 1);
    REQUIRE(t->pairings[0].game);
    const ck::store::GameId game = *t->pairings[0].game;
    REQUIRE(club.daemon().adjudicate(game, GameResult::WhiteWins, "Black left the club.",
                                     club.clock()));
    club.flush();
    const auto mails = club.new_outgoing();
    t = ck::league::load_tournament(club.daemon().store(), *tid);
    REQUIRE(t);
    CHECK(t->pairings[0].outcome == ck::club::Outcome::WhiteWins);
    CHECK(t->pairings[0].ending == "adjudication");
    CHECK(ck::club::finished(*t));
    // The end mails first, then the final standings to both players.
    REQUIRE(mails.size() == 4);
    CHECK(mails[0].subject.find("Game over: 1-0") != std::string::npos);
    CHECK(mails[1].subject.find("Game over: 1-0") != std::string::npos);
    CHECK(mails[2].subject == "[crazykrieg] Final standings: Small");
    CHECK(mails[3].subject == "[crazykrieg] Final standings: Small");
}
