// Team matches through the daemon (daemon/team_matches.hpp): the `roster` line (one row of the
// command table), the captain's roster by mail and its refusals, a replayed mail, the start with
// every game at once (board against board, colours alternating by board), and no roster after
// the start.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "club/team_match.hpp"
#include "daemon/commands.hpp"
#include "daemon/tournaments.hpp"
#include "daemon_fixture.hpp"
#include "league/game_outcome.hpp"

using ck::daemon::test::OutMail;
using Kind = ck::daemon::Command::Kind;

namespace {

const std::string Ada = "ada@example.org", Bob = "bob@example.net", Cy = "cy@example.com",
                  Di = "di@example.org", Eli = "eli@example.org";

class Club : public ck::daemon::test::DaemonFixture {
public:
    Club() : DaemonFixture("team-match") {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
        add_player("Cy Young", Cy);
        add_player("Di Prince", Di);
        add_player("Eli Green", Eli);  // Blue's captain, plays no board
    }

    // A mail from `from` to the referee with `body`; the mails the pass sent.
    std::vector<OutMail> mail(const std::string& from, const std::string& body,
                              std::string message_id = "") {
        ++sent_;
        if (message_id.empty()) message_id = "t" + std::to_string(sent_) + "@example.org";
        deliver("From: Player <" + from + ">\r\nTo: <" + config().referee_address +
                ">\r\nSubject: roster\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" +
                message_id + ">\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body +
                "\r\n");
        return pass();
    }

    std::vector<OutMail> pass() {
        clock_.advance(std::chrono::minutes(1));
        CHECK(step().failed == 0);
        return new_outgoing();
    }

    // The chess match "Team Cup" of `teams` (name, captain, roster), `games` a board pair.
    static ck::daemon::TournamentSpec team_cup(
        std::vector<ck::daemon::TournamentSpec::TeamSpec> teams, int games = 2) {
        ck::daemon::TournamentSpec spec;
        spec.name = "Team Cup";
        spec.variant = "chess";
        spec.system = ck::club::System::Teams;
        spec.team_games = games;
        spec.teams = std::move(teams);
        return spec;
    }

    // Creates `spec` (which must succeed); its id.
    std::string create(const ck::daemon::TournamentSpec& spec) {
        auto id = ck::daemon::create_tournament(daemon(), spec, clock());
        if (!id) FAIL(id.error());
        return *id;
    }

    // Starts event `id` (which must succeed); the number of games started.
    std::size_t start(const std::string& id) {
        auto started = ck::daemon::start_tournament(daemon(), id, clock());
        if (!started) FAIL(started.error());
        return *started;
    }

    ck::club::Tournament load(const std::string& id) {
        auto t = ck::league::load_tournament(daemon().store(), id);
        if (!t) FAIL(t.error());
        return std::move(*t);
    }

private:
    int sent_ = 0;
};

std::string subject_of(const std::vector<OutMail>& mails, const std::string& to) {
    REQUIRE(mails.size() == 1);
    CHECK(mails[0].to == to);
    return mails[0].subject;
}

std::vector<std::string> roster(const ck::club::Tournament& t, std::size_t team) {
    std::vector<std::string> out;
    for (int p : t.match.teams[team].roster)
        out.push_back(t.players[static_cast<std::size_t>(p)].address);
    return out;
}

}  // namespace

TEST_CASE("team matches: the roster line", "[commands]") {
    auto cs = ck::daemon::parse_commands(
        "roster Club-Match a@x.org, B@x.org\nroster club-match\nroster club-match bob\n");
    REQUIRE(cs.size() == 3);
    CHECK(cs[0].kind == Kind::Roster);
    CHECK(cs[0].as<ck::daemon::RosterArgs>().tournament == "Club-Match");
    CHECK(cs[0].as<ck::daemon::RosterArgs>().addresses ==
          std::vector<std::string>{"a@x.org", "B@x.org"});
    CHECK(cs[1].kind == Kind::Unknown);
    CHECK(cs[2].kind == Kind::Unknown);
    CHECK(ck::daemon::valid_at(Kind::Roster, ck::daemon::Where::Club));
    CHECK_FALSE(ck::daemon::valid_at(Kind::Roster, ck::daemon::Where::Game));
}

TEST_CASE("team matches: rosters by the captain's mail until the start, then every game") {
    Club club;
    const std::string id =
        club.create(Club::team_cup({{"Red", Ada, {Ada, Bob}}, {"Blue", Eli, {Cy, Di}}}, 1));
    CHECK(id == "team-cup");
    CHECK(club.pass().empty());  // no game before the start
    CHECK(club.load(id).entries_open);

    // The captain orders Red: Bob on board 1.
    const auto set = club.mail(Ada, "roster team-cup " + Bob + " " + Ada, "roster-1@example.org");
    CHECK(subject_of(set, Ada) == "[crazykrieg] Roster of Red in Team Cup");
    CHECK(set[0].text.find("1. Bob Black") != std::string::npos);
    CHECK(roster(club.load(id), 0) == std::vector<std::string>{Bob, Ada});
    CHECK(club.load(id).match.teams[0].ordered);
    // Replayed: nothing changes, no answer.
    CHECK(club.mail(Ada, "roster team-cup " + Ada, "roster-1@example.org").empty());
    CHECK(roster(club.load(id), 0) == std::vector<std::string>{Bob, Ada});

    // Refusals change nothing.
    CHECK(subject_of(club.mail(Bob, "roster team-cup " + Bob), Bob) ==
          "[crazykrieg] Team Cup: you captain no team");
    const auto unknown = club.mail(Eli, "roster team-cup " + Cy + " nobody@example.org");
    CHECK(subject_of(unknown, Eli) == "[crazykrieg] Team Cup: roster refused");
    CHECK(unknown[0].text.find("nobody@example.org is not a registered player") !=
          std::string::npos);
    const auto other = club.mail(Eli, "roster team-cup " + Di + " " + Bob);
    CHECK(subject_of(other, Eli) == "[crazykrieg] Team Cup: roster refused");
    CHECK(other[0].text.find("is on the roster of Red") != std::string::npos);
    CHECK(subject_of(club.mail(Eli, "roster nosuch " + Di), Eli) ==
          "[crazykrieg] No tournament nosuch");
    CHECK(roster(club.load(id), 1) == std::vector<std::string>{Cy, Di});

    // The start: both games at once, board n against board n, Red White on board 1 only.
    CHECK(club.start(id) == 2);
    CHECK(club.pass().size() == 4);  // a game-start mail to each player
    const ck::club::Tournament t = club.load(id);
    REQUIRE(t.pairings.size() == 2);
    const auto address = [&](int p) { return t.players[static_cast<std::size_t>(p)].address; };
    CHECK(address(t.pairings[0].white) == Bob);
    CHECK(address(t.pairings[0].black) == Cy);
    CHECK(address(t.pairings[1].white) == Di);
    CHECK(address(t.pairings[1].black) == Ada);
    for (const auto& p : t.pairings) CHECK(p.game);
    CHECK(club.daemon().store().list_games().value().size() == 2);

    CHECK(subject_of(club.mail(Ada, "roster team-cup " + Ada + " " + Bob), Ada) ==
          "[crazykrieg] Team Cup: entries are closed");
    CHECK(roster(club.load(id), 0) == std::vector<std::string>{Bob, Ada});
}

TEST_CASE("team matches: a player or captain who is not registered is refused at creation") {
    Club club;
    auto spec = Club::team_cup({{"Red", "", {Ada, "nobody@example.org"}}, {"Blue", "", {Cy}}});
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE_FALSE(id);
    CHECK(id.error().detail == "nobody@example.org is not a registered player");
    spec.teams = {{"Red", "boss@example.org", {Ada}}, {"Blue", "", {Cy}}};
    id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE_FALSE(id);
    CHECK(id.error().detail == "captain boss@example.org is not a registered player");
    CHECK(ck::league::tournament_ids(club.daemon().store()).value().empty());
}

TEST_CASE("team matches: a start that cannot pair changes nothing") {
    Club club;
    const std::string id =
        club.create(Club::team_cup({{"Red", Ada, {Ada, Bob}}, {"Blue", Eli, {Cy}}}));
    auto refused = ck::daemon::start_tournament(club.daemon(), id, club.clock());
    REQUIRE_FALSE(refused);
    CHECK(refused.error().detail.find("rosters of the same size") != std::string::npos);
    CHECK(club.daemon().store().list_games().value().empty());
    CHECK(club.load(id).entries_open);
    CHECK(club.pass().empty());
    // Blue's captain completes the roster; now the match starts.
    CHECK(subject_of(club.mail(Eli, "roster team-cup " + Cy + ", " + Di), Eli) ==
          "[crazykrieg] Roster of Blue in Team Cup");
    CHECK(club.start(id) == 4);  // 2 boards, 2 games a pair
    CHECK(club.daemon().store().list_games().value().size() == 4);
}

TEST_CASE("team matches: a captain who plays no board gets the final standings too") {
    Club club;
    const std::string id =
        club.create(Club::team_cup({{"Red", Ada, {Ada, Bob}}, {"Blue", Eli, {Cy, Di}}}, 1));
    REQUIRE(club.start(id) == 2);  // 2 boards, 1 game a pair
    club.pass();
    for (const auto& p : club.load(id).pairings)
        REQUIRE(club.daemon().adjudicate(*p.game, ck::league::GameResult::Draw, "a test",
                                         club.clock()));
    const auto mails = club.pass();
    std::vector<std::string> finals;
    for (const auto& m : mails)
        if (m.subject.find("Final standings: Team Cup") != std::string::npos)
            finals.push_back(m.to);
    std::sort(finals.begin(), finals.end());
    std::vector<std::string> everyone{Ada, Bob, Cy, Di, Eli};
    std::sort(everyone.begin(), everyone.end());
    CHECK(finals == everyone);  // Eli captains Blue and plays no board
}
