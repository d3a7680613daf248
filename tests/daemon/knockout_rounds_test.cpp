// Knockouts by mail (league/tournament_rounds.hpp, daemon/tournament_mail.hpp): the event starts
// round 1 only, and the game that decides the last match of a round starts the next round in its
// own transaction, with the bracket mailed to every player; a drawn match starts its tie-break
// match the same way.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "club/knockout.hpp"
#include "club/tournament.hpp"
#include "daemon/tournaments.hpp"
#include "league/game_files.hpp"
#include "tournament_club.hpp"

using ck::daemon::test::OutMail;
using ck::rules::Color;

namespace {

using ck::daemon::test::Roster;

class Club : public ck::daemon::test::TournamentClub {
public:
    explicit Club(const std::string& tag) : TournamentClub("knockout-" + tag, "k") {}
};

std::ptrdiff_t count(const std::vector<OutMail>& mails, const std::string& part) {
    return std::count_if(mails.begin(), mails.end(), [&](const OutMail& m) {
        return m.subject.find(part) != std::string::npos;
    });
}

}  // namespace

TEST_CASE("a knockout round's deciding game starts the next round in its transaction") {
    Club club("rounds");
    ck::daemon::TournamentSpec spec;
    spec.name = "Cup";
    spec.variant = "crazyhouse";
    spec.system = ck::club::System::Knockout;
    spec.stages.games = 1;
    for (const auto& [name, address] : Roster) spec.players.push_back(address);
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE(id);
    auto t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    REQUIRE(t->pairings.size() == 2);  // the semi-finals 1-4 and 2-3, one game each
    for (const auto& p : t->pairings) CHECK(p.game);
    CHECK(count(club.pass(), "New game (Cup, round 1)") == 4);
    auto mails = club.play(*t->pairings[0].game, Color::White, "resign");
    CHECK(count(mails, "New game") == 0);
    // The second semi-final drawn by agreement: its tie-break match (2 games) starts.
    club.play(*t->pairings[1].game, Color::White, "draw");
    mails = club.play(*t->pairings[1].game, Color::Black, "draw");
    CHECK(count(mails, "Game over") == 2);
    CHECK(count(mails, "New game (Cup, round 1)") == 4);
    CHECK(count(mails, "Standings: Cup") == 4);
    t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    REQUIRE(t->pairings.size() == 4);
    mails = club.play(*t->pairings[2].game, Color::White, "resign");
    CHECK(count(mails, "New game") == 0);
    // Its last game decides the round: the final starts with it.
    mails = club.play(*t->pairings[3].game, Color::White, "resign");
    CHECK(count(mails, "New game (Cup, round 2)") == 2);
    CHECK(count(mails, "Standings: Cup") == 4);
    t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    REQUIRE(t->pairings.size() == 5);
    CHECK(t->pairings[4].round == 2);
    CHECK_FALSE(ck::club::finished(*t));
    mails = club.play(*t->pairings[4].game, Color::White, "resign");
    CHECK(count(mails, "Final standings: Cup") == 4);
    t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    CHECK(ck::club::finished(*t));
    CHECK(ck::club::make_bracket(*t).rounds[1][0].winner);
}
