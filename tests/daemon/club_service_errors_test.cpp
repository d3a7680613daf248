// The daemon's club services keep the kind of their errors (core/error.hpp; issue 18 "club
// services return typed errors"): the organiser's bad input is Invalid, a stored record that
// does not decode is Corrupt as ck_league reported it, and the detail is the text the callers
// printed when the errors were strings.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "core/error.hpp"
#include "daemon/tournaments.hpp"
#include "daemon_fixture.hpp"
#include "league/tournament_store.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace {

using ck::core::ErrorKind;

class Club : public ck::daemon::test::DaemonFixture {
public:
    Club() : DaemonFixture("service-errors") {
        add_player("Ada White", "ada@example.org");
        add_player("Bob Black", "bob@example.net");
    }
    // Commits `bytes` as the event record `id`, as a damaged disk or a hand edit could leave it.
    void put_event(const std::string& id, const std::string& bytes) {
        ck::store::Transaction tx(std::chrono::system_clock::now());
        tx.put_record(ck::league::TournamentCodec::ns, id, bytes);
        REQUIRE(daemon().store().commit(tx));
    }
};

}  // namespace

TEST_CASE("start_tournament: an unknown event is Invalid, a corrupt one Corrupt",
          "[daemon][errors]") {
    Club club;
    auto unknown = ck::daemon::start_tournament(club.daemon(), "nosuch", club.clock());
    REQUIRE_FALSE(unknown);
    CHECK(unknown.error().kind == ErrorKind::Invalid);
    CHECK(unknown.error().detail == "tournament nosuch: no such tournament");

    club.put_event("broken", "ck-tournaments 1\nno = such key\n");
    auto corrupt = ck::daemon::start_tournament(club.daemon(), "broken", club.clock());
    REQUIRE_FALSE(corrupt);
    CHECK(corrupt.error().kind == ErrorKind::Corrupt);
    CHECK(corrupt.error().detail.find("tournament broken: store record tournaments/broken: ") == 0);
    CHECK(club.daemon().store().list_games().value().empty());
}

TEST_CASE("create_tournament: a player who is not registered is Invalid", "[daemon][errors]") {
    Club club;
    ck::daemon::TournamentSpec spec;
    spec.name = "Spring";
    spec.variant = "crazyhouse";
    spec.players = {"ada@example.org", "nobody@example.org"};
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE_FALSE(id);
    CHECK(id.error().kind == ErrorKind::Invalid);
    CHECK(id.error().detail == "nobody@example.org is not a registered player");
}
