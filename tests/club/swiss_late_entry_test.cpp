// Late entries into a Swiss under way (docs/swiss.md "Late entries"; club::enter_late): the
// entrant takes the next pairing number and is paired from the next round paired on; the rounds
// missed are byes of the event's late-bye points in the TRF, the crosstable and the tie-breaks
// (voluntary unplayed rounds, FIDE C.07); tournament.ini keeps it all; refusals name why.
#include <catch2/catch.hpp>
#include <set>

#include "club/swiss_crosstable.hpp"
#include "club/swiss_round.hpp"
#include "club/tiebreaks.hpp"
#include "club/tournament.hpp"
#include "club/tournament_file.hpp"
#include "club_fixtures.hpp"
#include "swiss/check.hpp"
#include "swiss/dutch.hpp"
#include "swiss/trf.hpp"

namespace ck::club {
namespace {

using test::before_round;
using test::boards_of;
using test::new_swiss;
using O = swiss::Outcome;

// Plays round `round` (paired already): white wins on odd boards, draws on even ones.
void play_round(Tournament& t, int round, std::uint64_t& next_game) {
    int board = 0;
    for (Pairing& p : t.pairings) {
        if (p.round != round) continue;
        p.game = ck::core::GameId(next_game++);
        REQUIRE(record_result(t, *p.game, board++ % 2 == 0 ? Outcome::WhiteWins : Outcome::Draw,
                              "mate"));
    }
}

// The value of an operation that must succeed.
int value(const core::Result<int, Error>& r) {
    REQUIRE(r);
    return *r;
}

bool plays_in(const Tournament& t, int player, int round) {
    for (const Pairing& p : t.pairings)
        if (p.round == round && (p.white == player || p.black == player)) return true;
    return bye(t, round) == player;
}

}  // namespace

TEST_CASE("late entries: paired from the next round, missed rounds as zero-point byes",
          "[club][swiss]") {
    Tournament t = new_swiss(7, 5);
    std::uint64_t next_game = 1;
    REQUIRE(value(pair_next_round(t)) == 1);
    // Two join while round 1 is played: both from round 2, numbers 8 and 9.
    auto r = enter_late(t, Player{"Late Lou", "lou@x.test"});
    REQUIRE(r);
    CHECK(*r == 2);
    REQUIRE(value(enter_late(t, Player{"", "max@x.test"})) == 2);
    CHECK(find_player(t, "LOU@x.test") == 7);
    CHECK(first_round(t, 7) == 2);
    CHECK(first_round(t, 0) == 1);
    play_round(t, 1, next_game);
    REQUIRE(value(pair_next_round(t)) == 2);
    // One more joins during round 2: from round 3.
    REQUIRE(value(enter_late(t, Player{"Third", "third@x.test"})) == 3);
    for (int round = 2; round <= 5; ++round) {
        if (round > 2) REQUIRE(value(pair_next_round(t)) == round);
        play_round(t, round, next_game);
    }
    REQUIRE(finished(t));
    CHECK_FALSE(plays_in(t, 7, 1));
    CHECK_FALSE(plays_in(t, 9, 2));
    for (int round = 2; round <= 5; ++round) {
        CHECK(plays_in(t, 7, round));
        CHECK(plays_in(t, 8, round));
    }
    for (int round = 3; round <= 5; ++round) CHECK(plays_in(t, 9, round));

    // tournament.ini keeps the entries.
    const std::string ini = format_tournament(t);
    CHECK(ini.find("entered = 8 2\nentered = 9 2\nentered = 10 3\n") != std::string::npos);
    CHECK(ini.find("late-bye-points") == std::string::npos);  // the default, not written
    auto back = parse_tournament(ini);
    REQUIRE(back);
    CHECK(format_tournament(*back) == ini);

    // The TRF: the missed rounds are zero-point byes; it reads back, our checker accepts it,
    // and each round re-paired from the rounds before is the event's.
    const std::string trf = swiss::write_trf(to_swiss_event(t));
    auto event = swiss::read_trf(trf, "winter.trf");
    REQUIRE(event);
    CHECK(swiss::write_trf(*event) == trf);
    CHECK(event->find(8)->round(1).outcome == O::ZeroBye);
    CHECK(event->find(10)->round(1).outcome == O::ZeroBye);
    CHECK(event->find(10)->round(2).outcome == O::ZeroBye);
    CHECK(event->find(10)->round(3).opponent != 0);
    for (int round = 1; round <= 5; ++round) {
        INFO("round " << round);
        auto pairing = swiss::pair_dutch(before_round(*event, round));
        REQUIRE(pairing);
        std::set<std::pair<int, int>> engine;
        const std::set<std::pair<int, int>> club = boards_of(t, round);
        for (const auto& b : pairing->boards) engine.insert({b.white, b.black});
        CHECK(engine == club);
        // Our checker: the absolute criteria hold for the round as the club paired it.
        swiss::RoundPairing played;
        for (const auto& [w, b] : club) played.boards.push_back(swiss::Board{w, b});
        played.bye = bye(t, round) ? *bye(t, round) + 1 : 0;
        CHECK(swiss::check_round(before_round(*event, round), played).empty());
    }

    // The crosstable shows the missed rounds; the standings count them as nothing.
    const std::string table = swiss_crosstable_text(t, nullptr);
    CHECK(table.find("A late entrant's rounds before entering: Z.") != std::string::npos);
    // The site's page and the standings mail's HTML part: the same rows and legend.
    CHECK(swiss_crosstable_html(t).find("rounds before entering: Z.") != std::string::npos);
    for (const SwissStanding& s : swiss_standings(t))
        CHECK(s.points == event->score(*event->find(s.player + 1)));
}

TEST_CASE("late entries: the missed rounds are voluntary unplayed rounds for the tie-breaks",
          "[club][swiss]") {
    Tournament t = new_swiss(4, 3, 5);
    std::uint64_t next_game = 1;
    REQUIRE(pair_next_round(t));
    REQUIRE(value(enter_late(t, Player{"", "late@x.test"})) == 2);
    play_round(t, 1, next_game);
    REQUIRE(value(pair_next_round(t)) == 2);
    CHECK(format_tournament(t).find("late-bye-points = 0.5\n") != std::string::npos);
    const swiss::Event e = to_swiss_event(t);
    CHECK(e.find(5)->round(1).outcome == O::HalfBye);
    CHECK(e.score(*e.find(5)) == 5);
    // Own Buchholz: the missed round counts the entrant's own score (C.07 dummy opponent).
    const auto bh = tiebreak_values(e, 1, Tiebreak::Buchholz);
    CHECK(bh[4] == 5);
    CHECK(swiss_crosstable_text(t, nullptr).find("rounds before entering: H.") !=
          std::string::npos);
}

TEST_CASE("late entries are refused with the reason", "[club][swiss]") {
    Tournament t = new_swiss(4, 2);
    REQUIRE(pair_next_round(t));
    CHECK(enter_late(t, Player{"", "p1@x.test"}).error().code == ErrorCode::AlreadyEntered);
    REQUIRE(withdraw_player(t, "p2@x.test"));
    CHECK(enter_late(t, Player{"", "P2@x.test"}).error().code == ErrorCode::WithdrawnBefore);
    CHECK(enter_late(t, Player{"", "no-at-sign"}).error().code == ErrorCode::BadField);
    std::uint64_t next_game = 1;
    play_round(t, 1, next_game);
    REQUIRE(value(pair_next_round(t)) == 2);  // the last round
    const std::size_t before = t.players.size();
    CHECK(enter_late(t, Player{"", "new@x.test"}).error().code == ErrorCode::LastRoundPaired);
    CHECK(t.players.size() == before);
    CHECK(t.late_entries.empty());

    // A round robin, and a Swiss still taking entries (add_entrant then), are not for it.
    Tournament r = test::two_player_round_robin();
    CHECK(enter_late(r, Player{"", "c@x.test"}).error().code == ErrorCode::NotSwiss);
    Tournament open = new_swiss(2, 3);
    open.entries_open = true;
    open.players.clear();
    CHECK(enter_late(open, Player{"", "c@x.test"}).error().code == ErrorCode::NotSwiss);

    // A full event.
    Tournament full = new_swiss(MaxPlayers, 3);
    REQUIRE(pair_next_round(full));
    CHECK(enter_late(full, Player{"", "one-more@x.test"}).error().code == ErrorCode::BadPlayers);
}

TEST_CASE("late entries: tournament.ini rejects impossible ones", "[club][swiss]") {
    Tournament t = new_swiss(4, 3);
    REQUIRE(pair_next_round(t));
    const std::string ini = format_tournament(t);
    // Player 1 played round 1, so it cannot have entered for round 2.
    auto bad = parse_tournament(ini + "entered = 1 2\n");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message.find("player 1 entered for round 2") != std::string::npos);
    CHECK_FALSE(parse_tournament(ini + "entered = 4\n"));
    CHECK_FALSE(parse_tournament(ini + "entered = 9 2\n"));
    CHECK_FALSE(parse_tournament(ini + "entered = 4 5\n"));  // past the last round + 1
    CHECK_FALSE(parse_tournament(ini + "late-bye-points = 2\n"));
    REQUIRE(value(enter_late(t, Player{"", "late@x.test"})) == 2);
    CHECK(parse_tournament(format_tournament(t)));
    CHECK_FALSE(parse_tournament(format_tournament(t) + "entered = 5 3\n"));  // twice
    // The event ended before the entrant's round (no valid pairing: the daemon shortens it to
    // the rounds played): still a valid event, every round of the entrant a bye.
    t.swiss.rounds = 1;
    REQUIRE(parse_tournament(format_tournament(t)));
    CHECK(to_swiss_event(t).find(5)->round(1).outcome == O::ZeroBye);
}

}  // namespace ck::club
