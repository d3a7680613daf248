// Swiss events in ck_club (docs/swiss.md "Swiss events by mail"): tie-breaks against a
// hand-computed example (FIDE C.07 2023, unplayed rounds included), an event played through
// with requested byes, a withdrawal and forfeits whose tournament.ini reads back the same, and
// whose TRF reads back and re-pairs, round by round, to the very pairings the event made.
#include <catch2/catch.hpp>
#include <set>

#include "club/swiss_round.hpp"
#include "club/tiebreaks.hpp"
#include "club/tournament.hpp"
#include "club/tournament_file.hpp"
#include "club_fixtures.hpp"
#include "swiss/dutch.hpp"
#include "swiss/trf.hpp"

namespace ck::club {
namespace {

using swiss::Colour;
using test::before_round;
using test::boards_of;
using test::new_swiss;
using O = swiss::Outcome;

swiss::RoundEntry game(int opponent, Colour c, O o) { return swiss::RoundEntry{opponent, c, o}; }
swiss::RoundEntry none(O o) { return swiss::RoundEntry{0, Colour::None, o}; }

// Five players, three rounds:
//   R1: 1-2 1-0, 3-4 draw, 5 pairing-allocated bye
//   R2: 1-3 draw, 2-5 0-1, 4 half-point bye (requested)
//   R3: 5-1 0-1, 4-2 won by forfeit, 3 zero-point bye
// Own scores: 2.5, 0, 1, 2, 2. For the others' tie-breaks (VURs as draws): 2.5, 0.5, 1.5, 2, 2.
swiss::Event example() {
    swiss::Event e;
    e.total_rounds = 3;
    e.players.resize(5);
    for (int i = 0; i < 5; ++i) e.players[static_cast<std::size_t>(i)].number = i + 1;
    auto& p = e.players;
    p[0].rounds = {game(2, Colour::White, O::Win), game(3, Colour::White, O::Draw),
                   game(5, Colour::Black, O::Win)};
    p[1].rounds = {game(1, Colour::Black, O::Loss), game(5, Colour::White, O::Loss),
                   game(4, Colour::Black, O::ForfeitLoss)};
    p[2].rounds = {game(4, Colour::White, O::Draw), game(1, Colour::Black, O::Draw),
                   none(O::ZeroBye)};
    p[3].rounds = {game(3, Colour::Black, O::Draw), none(O::HalfBye),
                   game(2, Colour::White, O::ForfeitWin)};
    p[4].rounds = {none(O::PairingBye), game(2, Colour::Black, O::Win),
                   game(1, Colour::White, O::Loss)};
    return e;
}

TEST_CASE("tie-breaks of a hand-computed example, unplayed rounds included", "[club][swiss]") {
    const swiss::Event e = example();
    // BH: opponents' adjusted scores; an own unplayed round counts the player's own score.
    CHECK(tiebreak_values(e, 3, Tiebreak::Buchholz) == std::vector<int>{40, 45, 55, 55, 50});
    // BH-C1: a voluntary unplayed round is cut first (players 2, 3, 4), else the least.
    CHECK(tiebreak_values(e, 3, Tiebreak::BuchholzCut1) == std::vector<int>{35, 45, 45, 35, 45});
    // SB in hundredths: opponent's score × points scored against them.
    CHECK(tiebreak_values(e, 3, Tiebreak::SonnebornBerger) ==
          std::vector<int>{325, 0, 225, 375, 250});
    // WIN: rounds with a win's points, with or without playing.
    CHECK(tiebreak_values(e, 3, Tiebreak::Wins) == std::vector<int>{2, 0, 0, 1, 2});
    // DE: players 1 and 3 met (a draw); 4 and 5 did not: DE does not separate them.
    CHECK(tiebreak_values(e, 3, Tiebreak::DirectEncounter, {0, 1, 0, 2, 2}) ==
          std::vector<int>{5, 0, 5, 0, 0});
    // After round 1 only.
    CHECK(tiebreak_values(e, 1, Tiebreak::Buchholz) == std::vector<int>{0, 10, 5, 5, 10});
    CHECK(tiebreak_text(Tiebreak::SonnebornBerger, 325) == "3.25");
    CHECK(tiebreak_text(Tiebreak::BuchholzCut1, 35) == "3.5");
    CHECK(tiebreak_text(Tiebreak::Wins, 2) == "2");
}

TEST_CASE("tie-break lists parse and print", "[club][swiss]") {
    CHECK(parse_tiebreaks("bh-c1,bh,sb,de,win") ==
          std::vector<Tiebreak>{Tiebreak::BuchholzCut1, Tiebreak::Buchholz,
                                Tiebreak::SonnebornBerger, Tiebreak::DirectEncounter,
                                Tiebreak::Wins});
    CHECK(parse_tiebreaks("SB,WIN") ==
          std::vector<Tiebreak>{Tiebreak::SonnebornBerger, Tiebreak::Wins});
    CHECK_FALSE(parse_tiebreaks("bh,bh"));
    CHECK_FALSE(parse_tiebreaks("bh,"));
    CHECK_FALSE(parse_tiebreaks("median"));
    CHECK(tiebreaks_text({Tiebreak::DirectEncounter, Tiebreak::Buchholz}) == "de,bh");
}

TEST_CASE("a Swiss played through: tournament.ini and the TRF are the event", "[club][swiss]") {
    Tournament t = new_swiss(9, 5);
    std::uint64_t next_game = 1;
    for (int round = 1; round <= 5; ++round) {
        if (round == 2) REQUIRE(request_bye(t, "p9@x.test", 3));
        if (round == 3) REQUIRE(withdraw_player(t, "p4@x.test"));
        auto r = pair_next_round(t);
        REQUIRE(r);
        CHECK(*r == round);
        CHECK(request_bye(t, "p1@x.test", round).error().code == ErrorCode::BadRound);
        CHECK_FALSE(round_complete(t));
        int board = 0;
        for (Pairing& p : t.pairings) {
            if (p.round != round) continue;
            p.game = ck::core::GameId(next_game++);
            const Outcome o = board % 3 == 0   ? Outcome::WhiteWins
                              : board % 3 == 1 ? Outcome::Draw
                                               : Outcome::BlackWins;
            const std::string ending =
                round == 2 && board == 1 ? "" : (round == 4 && board == 0 ? "forfeit" : "mate");
            REQUIRE(record_result(t, *p.game, round == 4 && board == 0 ? Outcome::WhiteWins : o,
                                  o == Outcome::Draw && ending == "mate" ? "agreed" : ending));
            ++board;
        }
        CHECK(round_complete(t));
        CHECK(finished(t) == (round == 5));
    }
    CHECK_FALSE(pair_next_round(t));
    // Player 9 had the requested bye of round 3; player 4 is out from round 3 on.
    for (const Pairing& p : t.pairings) {
        CHECK_FALSE((p.round == 3 && (p.white == 8 || p.black == 8)));
        CHECK_FALSE((p.round >= 3 && (p.white == 3 || p.black == 3)));
    }

    // tournament.ini reads back the same.
    const std::string ini = format_tournament(t);
    auto back = parse_tournament(ini);
    REQUIRE(back);
    CHECK(format_tournament(*back) == ini);

    // The TRF reads back, and each round re-paired from the rounds before it is the event's.
    const std::string trf = swiss::write_trf(to_swiss_event(t));
    auto event = swiss::read_trf(trf, "autumn.trf");
    REQUIRE(event);
    CHECK(swiss::write_trf(*event) == trf);
    CHECK(event->rounds_paired() == 5);
    CHECK(event->find(9)->round(3).outcome == O::HalfBye);
    CHECK(event->find(4)->round(4).outcome == O::ZeroBye);
    for (int round = 1; round <= 5; ++round) {
        auto pairing = swiss::pair_dutch(before_round(*event, round));
        REQUIRE(pairing);
        std::set<std::pair<int, int>> engine;
        for (const auto& b : pairing->boards) engine.insert({b.white, b.black});
        CHECK(engine == boards_of(t, round));
        CHECK((pairing->bye == 0 ? std::optional<int>() : std::optional<int>(pairing->bye - 1)) ==
              bye(t, round));
    }

    // The standings: points, then the tie-breaks in the event's order.
    const auto rows = swiss_standings(t);
    REQUIRE(rows.size() == 9);
    for (std::size_t i = 1; i < rows.size(); ++i) {
        CHECK(rows[i - 1].points >= rows[i].points);
        CHECK(rows[i].tiebreaks.size() == 5);
    }
}

TEST_CASE("requested byes and withdrawals are refused where they cannot be", "[club][swiss]") {
    Tournament t = new_swiss(4, 3);
    REQUIRE(pair_next_round(t));
    CHECK(request_bye(t, "p1@x.test", 4).error().code == ErrorCode::BadRound);
    CHECK(request_bye(t, "nobody@x.test", 2).error().code == ErrorCode::NotEntered);
    REQUIRE(request_bye(t, "p1@x.test", 2));
    CHECK(request_bye(t, "p1@x.test", 2).error().code == ErrorCode::AlreadyEntered);
    REQUIRE(withdraw_player(t, "p1@x.test"));
    CHECK(t.byes.empty());  // the bye asked for a round the player will not play is void
    CHECK(withdraw_player(t, "p1@x.test").error().code == ErrorCode::NotEntered);
    CHECK(withdrawn(t, 0, 2));
    CHECK_FALSE(withdrawn(t, 0, 1));
    // A round robin takes neither.
    Tournament r = test::two_player_round_robin();
    CHECK(request_bye(r, "a@x.test", 1).error().code == ErrorCode::EntriesClosed);
    CHECK(withdraw_player(r, "a@x.test").error().code == ErrorCode::EntriesClosed);
}

}  // namespace
}  // namespace ck::club
