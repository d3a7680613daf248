// The tournament's part of a game's end (league/tournament_effects.hpp), reached through
// apply_game_events (league/event_effects.hpp) as the daemon reaches it, but with no daemon, no
// mail and no template: a Swiss event of four players over two rounds, whose games end by
// resignation and adjudication. Each end returns the tournament's events, and the store holds
// what they say: the result in the event's record, round 2 paired and its games created in the
// transaction that ends round 1, the event finished with its last game; and a knockout of four,
// whose final starts with the last semi-final.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <variant>
#include <vector>

#include "club/swiss_round.hpp"
#include "club/tournament.hpp"
#include "league/event_effects.hpp"
#include "league/game_creation.hpp"
#include "league/game_repository.hpp"
#include "league/game_session.hpp"
#include "league/players.hpp"
#include "league/temp_store.hpp"
#include "league/tournament_effects.hpp"
#include "league/tournament_rounds.hpp"
#include "league/tournament_store.hpp"

using namespace ck::league;
namespace club = ck::club;
using ck::rules::Color;
using ck::store::GameId;

namespace {

const std::vector<std::string> Addresses = {"ada@example.org", "bob@example.net", "cyd@example.com",
                                            "dee@example.org"};

// A club of four players on a fresh store, creating games with a 3-day clock.
class Club {
public:
    explicit Club(const std::string& tag) : temp_("league-" + tag) {
        auto p = Players::load(store());
        REQUIRE(p);
        players_.emplace(std::move(*p));
        const std::vector<std::string> names = {"Ada", "Bob", "Cyd", "Dee"};
        for (std::size_t i = 0; i < names.size(); ++i)
            REQUIRE(players_->add(names[i], Addresses[i], store(), now()));
        auto tc = parse_time_control("3d");
        REQUIRE(tc);
        defaults_.time = *tc;
        defaults_.site = "referee@example.org";
    }
    ck::store::Store& store() { return *temp_.store; }
    const Players& players() const { return *players_; }
    GameCreator creator() { return GameCreator{defaults_, *players_, store(), games}; }
    ck::core::TimePoint now() const { return std::chrono::system_clock::from_time_t(1795262400); }

    // A Swiss event "spring" of the four players over `rounds` rounds, round 1 paired and its
    // games created (advance_swiss), committed; the events that gave.
    TournamentEvents start_swiss(int rounds) {
        club::NewTournament nt = event_of_all(club::System::Swiss);
        nt.swiss.rounds = rounds;
        return start(std::move(nt));
    }
    // A knockout "spring" of the four players (one game a match, a drawn match to the higher
    // seed), its semi-finals created (advance_stages), committed; the events that gave.
    TournamentEvents start_knockout() {
        club::NewTournament nt = event_of_all(club::System::Knockout);
        nt.stages.games = 1;
        nt.stages.tie_matches = 0;
        return start(std::move(nt));
    }

    club::Tournament event() {
        auto t = load_tournament(store(), "spring");
        REQUIRE(t);
        return *t;
    }

    // Ends game `id` (White resigns, or the organiser adjudicates it drawn), saves it and applies
    // its events into one transaction, committed; the tournament's events that gave.
    TournamentEvents end(GameId id, bool draw) {
        auto s = GameSession::open(games, store(), id);
        REQUIRE(s);
        auto ended =
            draw ? s->adjudicate(GameResult::Draw, "agreed by phone") : s->resign(Color::White);
        REQUIRE(ended);
        ck::store::Transaction tx(now());
        REQUIRE(s->save(tx));
        const GameCreator create = creator();
        auto applied =
            apply_game_events(store(), players(), id, s->game(), s->events(), tx, &create);
        REQUIRE(applied);
        REQUIRE(store().commit(tx));
        return applied->tournament;
    }

    // The tournament's part of game `id`'s end with `outcome` once more, as a second save in
    // one transaction or a replay would reach it; the events that gave.
    TournamentEvents again(GameId id, GameOutcome outcome) {
        ck::store::Transaction tx(now());
        const GameCreator create = creator();
        auto events = record_game_end(store(), &create, GameEnded{id, outcome, ""}, tx);
        REQUIRE(events);
        return *events;
    }

    GameRepository games;

private:
    static club::NewTournament event_of_all(club::System system) {
        club::NewTournament nt;
        nt.id = "spring";
        nt.name = "Spring Event";
        nt.settings.variant = "chess";
        nt.system = system;
        for (std::size_t i = 0; i < Addresses.size(); ++i)
            nt.players.push_back(club::Player{"P" + std::to_string(i), Addresses[i]});
        return nt;
    }
    TournamentEvents start(club::NewTournament nt) {
        auto t = club::create_tournament(std::move(nt));
        REQUIRE(t);
        ck::store::Transaction tx(now());
        const GameCreator create = creator();
        auto paired = t->system == club::System::Swiss ? advance_swiss(create, *t, tx)
                                                       : advance_stages(create, *t, tx);
        REQUIRE(paired);
        save_tournament(tx, *t);
        REQUIRE(store().commit(tx));
        return *paired;
    }

    ck::test::TempStore temp_;
    std::optional<Players> players_;
    GameDefaults defaults_;
};

// The game ids of round `round` of `t`, in pairing order (every pairing but a bye has one).
std::vector<GameId> games_of(const club::Tournament& t, int round) {
    std::vector<GameId> out;
    for (const club::Pairing& p : t.pairings)
        if (p.round == round && p.game) out.push_back(*p.game);
    return out;
}

template <class E>
const E& at(const TournamentEvents& events, std::size_t i) {
    REQUIRE(i < events.size());
    REQUIRE(std::holds_alternative<E>(events[i]));
    return std::get<E>(events[i]);
}

}  // namespace

TEST_CASE("a Swiss event: round 2 starts with round 1's last game, the event ends with its last",
          "[league][tournament]") {
    Club club("swiss");
    const TournamentEvents started = club.start_swiss(2);
    REQUIRE(started.size() == 1);
    const RoundPaired& first = at<RoundPaired>(started, 0);
    CHECK(first.round == 1);
    REQUIRE(first.games.size() == 2);
    CHECK(games_of(club.event(), 1) ==
          std::vector<GameId>{first.games[0].created.id, first.games[1].created.id});
    CHECK(first.games[0].event == "Spring Event");
    CHECK(first.games[0].round == "1");

    // Round 1's first game: its result, nothing more.
    const std::vector<GameId> round1 = games_of(club.event(), 1);
    const TournamentEvents one = club.end(round1[0], false);
    REQUIRE(one.size() == 1);
    const auto& recorded = at<TournamentGameRecorded>(one, 0);
    CHECK(recorded.tournament == "spring");
    CHECK(recorded.game == round1[0]);
    CHECK(recorded.outcome == club::Outcome::BlackWins);
    CHECK(recorded.ending == "resign");
    CHECK(club::rounds_paired(club.event()) == 1);
    // Recorded already: no event.
    CHECK(club.again(round1[0], GameOutcome{GameResult::BlackWins, Termination::Resignation})
              .empty());

    // Round 1's last game: its result, then round 2 paired and its games in the same commit.
    const TournamentEvents two = club.end(round1[1], true);
    REQUIRE(two.size() == 2);
    CHECK(at<TournamentGameRecorded>(two, 0).ending == "adjudication");
    CHECK(at<TournamentGameRecorded>(two, 0).outcome == club::Outcome::Draw);
    const RoundPaired& second = at<RoundPaired>(two, 1);
    CHECK(second.round == 2);
    REQUIRE(second.games.size() == 2);
    const club::Tournament after1 = club.event();
    CHECK(club::rounds_paired(after1) == 2);
    CHECK_FALSE(club::finished(after1));
    CHECK(second.event.pairings.size() == after1.pairings.size());
    const std::vector<GameId> round2 = games_of(after1, 2);
    REQUIRE(round2 == std::vector<GameId>{second.games[0].created.id, second.games[1].created.id});
    auto listed = club.store().list_games();
    REQUIRE(listed);
    CHECK(listed->size() == 4);  // round 2's games are in the store
    for (const club::Pairing& p : after1.pairings) {
        if (p.round != 2 || !p.game) continue;
        auto s = GameSession::open(club.games, club.store(), *p.game);
        REQUIRE(s);
        CHECK(s->game().meta.white == Addresses[static_cast<std::size_t>(p.white)]);
        CHECK(s->game().meta.black == Addresses[static_cast<std::size_t>(p.black)]);
        CHECK_FALSE(s->over());
    }

    // Round 2: the first game gives its result; the last one ends the event.
    CHECK(club.end(round2[0], false).size() == 1);
    const TournamentEvents last = club.end(round2[1], false);
    REQUIRE(last.size() == 2);
    CHECK(at<TournamentGameRecorded>(last, 0).game == round2[1]);
    const EventFinished& finished = at<EventFinished>(last, 1);
    CHECK(finished.event.id == "spring");
    CHECK(club::finished(finished.event));
    const club::Tournament final_event = club.event();
    CHECK(club::finished(final_event));
    for (const club::Pairing& p : final_event.pairings) CHECK(p.outcome != club::Outcome::Pending);
    CHECK(club.again(round2[1], GameOutcome{GameResult::BlackWins, Termination::Resignation})
              .empty());
}

TEST_CASE("a knockout: the final starts with the last semi-final, the event ends with the final",
          "[league][tournament]") {
    Club club("knockout");
    const TournamentEvents started = club.start_knockout();
    REQUIRE(started.size() == 1);
    const MatchesPaired& semis = at<MatchesPaired>(started, 0);
    REQUIRE(semis.games.size() == 2);
    const std::vector<GameId> round1 = games_of(club.event(), 1);
    CHECK(round1 == std::vector<GameId>{semis.games[0].created.id, semis.games[1].created.id});

    CHECK(club.end(round1[0], false).size() == 1);  // one semi-final decided: nothing due
    const TournamentEvents both = club.end(round1[1], false);
    REQUIRE(both.size() == 2);
    CHECK(at<TournamentGameRecorded>(both, 0).game == round1[1]);
    const MatchesPaired& final_match = at<MatchesPaired>(both, 1);
    REQUIRE(final_match.games.size() == 1);
    const club::Tournament after = club.event();
    const std::vector<GameId> round2 = games_of(after, 2);
    REQUIRE(round2 == std::vector<GameId>{final_match.games[0].created.id});
    // The final is played by the semi-finals' winners (Black won both: each resigned by White).
    const club::Pairing* final_pairing = club::find_game(after, round2[0]);
    REQUIRE(final_pairing);
    for (int player : {final_pairing->white, final_pairing->black}) {
        bool won = false;
        for (const club::Pairing& p : after.pairings)
            if (p.round == 1 && p.black == player) won = true;
        CHECK(won);
    }
    CHECK_FALSE(club::finished(after));

    const TournamentEvents last = club.end(round2[0], false);
    REQUIRE(last.size() == 2);
    CHECK(club::finished(at<EventFinished>(last, 1).event));
    CHECK(club::finished(club.event()));
}

TEST_CASE("a game of no event: no tournament event", "[league][tournament]") {
    Club club("casual");
    GameSpec spec;
    spec.variant = "chess";
    spec.white = Addresses[0];
    spec.black = Addresses[1];
    ck::store::Transaction tx(club.now());
    auto created = club.creator()(spec, tx);
    REQUIRE(created);
    REQUIRE(club.store().commit(tx));
    CHECK(club.end(created->id, false).empty());
}

TEST_CASE("no game creator: the end that pairs a round is refused, naming the event",
          "[league][tournament]") {
    Club club("nocreator");
    club.start_swiss(2);
    const std::vector<GameId> round1 = games_of(club.event(), 1);
    club.end(round1[0], false);
    auto s = GameSession::open(club.games, club.store(), round1[1]);
    REQUIRE(s);
    REQUIRE(s->resign(Color::Black));
    ck::store::Transaction tx(club.now());
    REQUIRE(s->save(tx));
    auto applied =
        apply_game_events(club.store(), club.players(), round1[1], s->game(), s->events(), tx);
    REQUIRE_FALSE(applied);
    CHECK(applied.error().detail.find("tournament spring") != std::string::npos);
}
