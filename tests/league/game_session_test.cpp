// The game session (league/game_session.hpp) and the consequences of its events
// (league/event_effects.hpp), without any mail: each operation's events in open and hidden
// games, a draw offer lapsing, an end by time, an adjudication, and what save() and
// apply_game_events stage into a transaction.
#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "league/config.hpp"
#include "league/deadline_index.hpp"
#include "league/event_effects.hpp"
#include "league/game_creation.hpp"
#include "league/game_session.hpp"
#include "league/players.hpp"
#include "league/temp_store.hpp"

using ck::rules::Color;
using namespace ck::league;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";

// Two registered players on a fresh store, the club's settings the default configuration's,
// and a clock that moves only when told.
class Club {
public:
    explicit Club(const std::string& tag)
        : temp_("session-" + tag), clock_(std::chrono::system_clock::from_time_t(1795262400)) {
        auto p = Players::load(store());
        REQUIRE(p);
        players_.emplace(std::move(*p));
        REQUIRE(players_->add("Ada White", Ada, store(), clock_now()));
        REQUIRE(players_->add("Bob Black", Bob, store(), clock_now()));
    }
    // A new game, White Ada, with a 3-day clock, committed.
    ck::store::GameId new_game(bool hidden) {
        GameSpec spec;
        spec.variant = "chess";
        spec.hidden = hidden;
        spec.white = Ada;
        spec.black = Bob;
        spec.time = "3d";
        const Config config;
        const GameDefaults defaults{config.rated, config.default_time, config.referee_address};
        auto t = tx();
        auto created = create_game(spec, defaults, players(), store(), repository, t);
        REQUIRE(created);
        REQUIRE(store().commit(t));
        return created->id;
    }
    GameSession open(ck::store::GameId id) {
        auto s = GameSession::open(repository, store(), id);
        REQUIRE(s);
        return std::move(*s);
    }
    ck::store::Transaction tx() const { return ck::store::Transaction(clock_now()); }
    ck::core::TimePoint clock_now() const { return clock_.now(); }
    ck::core::FixedClock& clock() { return clock_; }
    ck::store::Store& store() { return *temp_.store; }
    const Players& players() const { return *players_; }

private:
    ck::test::TempStore temp_;
    ck::core::FixedClock clock_;
    std::optional<Players> players_;

public:
    GameRepository repository;
};

// What every test starts from: a club, a new game in it (White Ada, 3 days a move) and the
// game's session, opened at once.
struct NewGameSession {
    NewGameSession(const std::string& tag, bool hidden)
        : club(tag), id(club.new_game(hidden)), session(club.open(id)) {}
    Club club;
    ck::store::GameId id;
    GameSession session;
};

template <class E>
E only(const GameEvents& events) {
    REQUIRE(events.size() == 1);
    REQUIRE(std::holds_alternative<E>(events[0]));
    return std::get<E>(events[0]);
}

bool staged(const ck::store::Transaction& tx, ck::store::GameId id, const std::string& name) {
    for (const auto& f : tx.files())
        if (f.game == id && f.name == name) return true;
    return false;
}

// Saves `s` into `tx`, whose one event must be the turn passed to `to` with a deadline three
// days (the game's clock) after the club's time; that event.
TurnPassed save_turn(Club& club, GameSession& s, ck::store::Transaction& tx, Color to) {
    auto saved = s.save(tx);
    REQUIRE(saved);
    const auto passed = only<TurnPassed>(*saved);
    CHECK(passed.to == to);
    REQUIRE(passed.deadline);
    CHECK(*passed.deadline == club.clock_now() + std::chrono::hours(72));
    return passed;
}

// Applies the consequences of the session's events into `tx` (event_effects.hpp) and commits it.
ck::league::AppliedEffects apply_and_commit(Club& club, ck::store::GameId id, const GameSession& s,
                                            ck::store::Transaction& tx) {
    auto applied = apply_game_events(club.store(), club.players(), id, s.game(), s.events(), tx);
    REQUIRE(applied);
    REQUIRE(club.store().commit(tx));
    return *applied;
}

}  // namespace

TEST_CASE("an open game: a move, a request out of turn, the turn passed with its deadline",
          "[league][session]") {
    NewGameSession f("open", false);
    auto& [club, id, s] = f;
    CHECK_FALSE(s.changed());

    const auto moved = only<RequestRuled>(s.request(Color::White, "e4"));
    CHECK(moved.ends_turn);
    CHECK_FALSE(moved.refused());
    CHECK(moved.ruling.move == "e4");
    CHECK_FALSE(moved.ruling.told[0].empty());  // each side is told
    CHECK_FALSE(moved.ruling.told[1].empty());
    only<NotOnMove>(s.request(Color::White, "d4"));

    const auto illegal = s.request(Color::Black, "Ke5");
    const auto refused = only<RequestRuled>(illegal);
    CHECK(refused.refused());
    CHECK_FALSE(refused.ends_turn);
    CHECK_FALSE(refused.ruling.reason.empty());  // open play: the reason

    auto tx = club.tx();
    const auto passed = save_turn(club, s, tx, Color::Black);
    CHECK(staged(tx, id, "game.ini"));
    CHECK(staged(tx, id, "record.pgn"));
    CHECK(staged(tx, id, "clock.ini"));
    // Every event of the session, in order.
    CHECK(s.events().size() == 4);
    CHECK(std::holds_alternative<TurnPassed>(s.events().back()));

    // The deadline index follows the turn (deadline_index.hpp), applied from the event.
    CHECK(apply_and_commit(club, id, s, tx).rating_lines.empty());
    const auto due = games_due(club.store(), *passed.deadline);
    CHECK(std::find(due.begin(), due.end(), id) != due.end());
}

TEST_CASE("a hidden game: tries, any?, an unreadable line, a resignation out of turn",
          "[league][session]") {
    NewGameSession f("hidden", true);
    auto& [club, id, s] = f;

    const auto unread = only<RequestUnread>(s.request(Color::White, "hello there"));
    CHECK(unread.error == "not a request");
    const auto any = only<RequestRuled>(s.request(Color::White, "any?"));
    CHECK_FALSE(any.ends_turn);
    const auto illegal = only<RequestRuled>(s.request(Color::White, "Ke2"));
    CHECK(illegal.refused());
    CHECK(illegal.ruling.reason.empty());  // hidden play keeps to the answer

    // A try list plays until the turn ends; what follows is not tried.
    const GameEvents tries = s.play_tries(Color::White, {"Ke2", "e4", "d4"});
    REQUIRE(tries.size() == 2);
    CHECK(std::get<RequestRuled>(tries[1]).ends_turn);
    CHECK(s.game().game.side_to_move() == Color::Black);

    auto resigned = s.resign(Color::White);  // out of turn
    REQUIRE(resigned);
    REQUIRE(resigned->size() == 2);
    CHECK(std::holds_alternative<Resigned>((*resigned)[0]));
    const auto& ended = std::get<GameEnded>((*resigned)[1]);
    CHECK(ended.outcome == GameOutcome{GameResult::BlackWins, Termination::Resignation});
    CHECK(s.over());
    CHECK(s.request(Color::Black, "e5").empty());  // over: nothing

    auto tx = club.tx();
    auto saved = s.save(tx);
    REQUIRE(saved);
    CHECK(saved->empty());  // no turn passes in an ended game
    CHECK(staged(tx, id, "record.pgn"));
    CHECK_FALSE(staged(tx, id, "clock.ini"));
}

TEST_CASE("draw offers: renewed, lapsing with the opponent's move, declined, accepted",
          "[league][session]") {
    NewGameSession f("draw", false);
    auto& [club, id, s] = f;

    auto offered = s.offer_draw(Color::White);
    REQUIRE(offered);
    CHECK_FALSE(only<DrawOffered>(*offered).renewed);
    auto again = s.offer_draw(Color::White);
    REQUIRE(again);
    CHECK(only<DrawOffered>(*again).renewed);
    CHECK(s.changed());

    // White's own move keeps the offer; Black's move lets it lapse.
    CHECK(s.request(Color::White, "e4").size() == 1);
    const GameEvents reply = s.request(Color::Black, "e5");
    REQUIRE(reply.size() == 2);
    CHECK(std::get<DrawLapsed>(reply[1]).offerer == Color::White);
    CHECK_FALSE(s.game().meta.draw_offer);

    CHECK_FALSE(only<NoDrawOffer>(s.decline_draw(Color::Black)).accepting);
    auto nothing = s.accept_draw(Color::Black);
    REQUIRE(nothing);
    CHECK(only<NoDrawOffer>(*nothing).accepting);

    REQUIRE(s.offer_draw(Color::Black));
    CHECK(only<DrawDeclined>(s.decline_draw(Color::White)).by == Color::White);
    REQUIRE(s.offer_draw(Color::Black));
    // `draw` with the opponent's offer pending accepts it.
    auto agreed = s.offer_draw(Color::White);
    REQUIRE(agreed);
    REQUIRE(agreed->size() == 2);
    CHECK(std::get<DrawAccepted>((*agreed)[0]).by == Color::White);
    CHECK(std::get<GameEnded>((*agreed)[1]).outcome ==
          GameOutcome{GameResult::Draw, Termination::Agreement});
}

TEST_CASE("a mate ends the game in the request that gives it", "[league][session]") {
    NewGameSession f("mate", false);
    auto& [club, id, s] = f;
    for (const char* m : {"f3", "e5", "g4"}) s.request(s.game().game.side_to_move(), m);
    const GameEvents mate = s.request(Color::Black, "Qh4");
    REQUIRE(mate.size() == 2);
    CHECK(std::get<RequestRuled>(mate[0]).ends_turn);
    const auto& ended = std::get<GameEnded>(mate[1]);
    CHECK(ended.game == id);
    CHECK(ended.outcome == GameOutcome{GameResult::BlackWins, Termination::Checkmate});
}

TEST_CASE("an end by time and its consequences in the store", "[league][session]") {
    NewGameSession f("time", false);
    auto& [club, id, s] = f;
    auto ended = s.end_by_time();
    REQUIRE(ended);
    const auto e = only<GameEnded>(*ended);
    CHECK(e.outcome == GameOutcome{GameResult::BlackWins, Termination::Forfeit});  // White to move
    CHECK_FALSE(s.end_by_time());                                                  // over already

    auto tx = club.tx();
    REQUIRE(s.save(tx));
    apply_and_commit(club, id, s, tx);
    // The deadline index no longer lists the game.
    const auto due = games_due(club.store(), club.clock_now() + std::chrono::hours(24 * 365));
    CHECK(std::find(due.begin(), due.end(), id) == due.end());
    // The saved record holds the end.
    GameRepository fresh;
    auto reread = GameSession::open(fresh, club.store(), id);
    REQUIRE(reread);
    CHECK(reread->over_at_open());
}

TEST_CASE("an adjudication: the organiser's result and reason", "[league][session]") {
    NewGameSession f("adjudicate", true);
    auto& [club, id, s] = f;
    s.request(Color::White, "e4");
    auto ended = s.adjudicate(GameResult::WhiteWins, "Black left the club");
    REQUIRE(ended);
    const auto e = only<GameEnded>(*ended);
    CHECK(e.outcome == GameOutcome{GameResult::WhiteWins, Termination::Adjudication});
    CHECK(e.reason == "Black left the club");
    auto twice = s.adjudicate(GameResult::Draw, "again");
    REQUIRE_FALSE(twice);
    CHECK(twice.error().detail.find("game " + to_string(id) + " is over already") == 0);
}

TEST_CASE("a note is kept at the current ply", "[league][session]") {
    NewGameSession f("note", false);
    auto& [club, id, s] = f;
    s.request(Color::White, "e4");
    const auto n = only<NoteAdded>(s.note(Color::White, "good luck"));
    CHECK(n.ply == 1);
    CHECK(s.game().meta.notes.size() == 1);
    CHECK(s.changed());
}

TEST_CASE("a conditional reply's turn is charged nothing: the turn passes back at once",
          "[league][session]") {
    NewGameSession f("conditional", false);
    auto& [club, id, s] = f;
    club.clock().advance(std::chrono::hours(30));  // White thought for 30 hours
    s.request(Color::White, "e4");
    const GameEvents reply = s.play_tries(Color::Black, {"Ke7", "e5", "d5"});
    REQUIRE(reply.size() == 2);  // an illegal try, then the move; "d5" is not tried
    const auto played =
        only<ConditionalPlayed>(s.conditional_played(Color::Black, "if e4 then e5"));
    CHECK(played.ply == 2);
    CHECK(s.game().meta.conditional_plies.size() == 1);

    auto tx = club.tx();
    const auto passed = save_turn(club, s, tx, Color::White);
    auto staged_deadline = s.deadline(&tx);  // read back from the staged clock.ini
    REQUIRE(staged_deadline);
    CHECK(*staged_deadline == passed.deadline);
}

// The session borrows its game from the repository (GameRepository::take) and gives it back at
// its end only as it was last saved: a game changed after its save would otherwise be kept
// under texts that do not give it.
TEST_CASE("a session gives its game back only as it was saved", "[league][session]") {
    Club club("lend");
    const auto id = club.new_game(true);
    {
        auto s = club.open(id);
        s.request(Color::White, "e4");
        auto tx = club.tx();
        REQUIRE(s.save(tx));
        apply_and_commit(club, id, s, tx);
    }
    const auto replays = club.repository.replays();
    {
        auto s = club.open(id);
        CHECK(club.repository.replays() == replays);  // given back: no replay
        CHECK(s.game().record.plies() == 1);
        s.request(Color::Black, "e5");
        auto tx = club.tx();
        REQUIRE(s.save(tx));
        apply_and_commit(club, id, s, tx);
        s.request(Color::White, "Nf3");  // not saved: the game is not given back
        CHECK(s.game().record.plies() == 3);
    }
    {
        auto s = club.open(id);
        CHECK(club.repository.replays() == replays + 1);
        CHECK(s.game().record.plies() == 2);
        CHECK(s.game().record.referee_record() == *club.store().read_game_file(id, "record.pgn"));
    }
    // A move that lets a draw offer lapse is saved with the offer gone: given back all the
    // same (the offer counts from the save, not from the open).
    {
        auto s = club.open(id);
        REQUIRE(s.offer_draw(Color::Black));
        auto tx = club.tx();
        REQUIRE(s.save(tx));
        apply_and_commit(club, id, s, tx);
    }
    {
        auto s = club.open(id);
        CHECK(s.game().meta.draw_offer == Color::Black);
        s.request(Color::White, "Nf3");  // the offer lapses
        CHECK_FALSE(s.game().meta.draw_offer);
        auto tx = club.tx();
        REQUIRE(s.save(tx));
        apply_and_commit(club, id, s, tx);
    }
    {
        auto s = club.open(id);
        CHECK(club.repository.replays() == replays + 1);
        CHECK(s.game().record.plies() == 3);
        CHECK_FALSE(s.game().meta.draw_offer);
    }
    // A session moved from gives nothing back; the one it moved to does.
    {
        auto s = club.open(id);
        GameSession moved = std::move(s);
    }
    auto s = club.open(id);
    CHECK(club.repository.replays() == replays + 1);
    CHECK(s.game().record.plies() == 3);
}

// The session keeps with its game which sides have no conditional book (StoredGame::
// no_conditionals), so a move mail looks for no file it knows to be absent; a write marks the
// side again, and a replayed game (after a commit that did not happen) knows nothing.
TEST_CASE("a session knows which sides have no conditional book until one is written",
          "[league][session]") {
    Club club("books");
    const auto id = club.new_game(false);
    using Absent = std::array<bool, 2>;
    {
        auto s = club.open(id);
        CHECK(s.game().no_conditionals == Absent{false, false});  // a new game's first load
        auto tx = club.tx();
        auto book = s.conditionals(tx);
        REQUIRE(book);
        CHECK(book->tree(Color::White).empty());
        CHECK(s.game().no_conditionals == Absent{true, true});
        s.request(Color::White, "e4");
        REQUIRE(s.save(tx));
        apply_and_commit(club, id, s, tx);
    }
    {
        auto s = club.open(id);
        CHECK(s.game().no_conditionals == Absent{true, true});  // given back with the game
        auto tx = club.tx();
        auto book = s.conditionals(tx);
        REQUIRE(book);
        ck::referee::ConditionalTree tree;
        tree.hidden = false;
        book->set(Color::Black, tree);  // an empty tree, written all the same
        s.save_conditionals(tx, *book);
        CHECK(s.game().no_conditionals == Absent{true, false});
        // Staged in the transaction: read from it.
        auto again = s.conditionals(tx);
        REQUIRE(again);
        CHECK(s.game().no_conditionals == Absent{true, false});
        REQUIRE(club.store().commit(tx));
    }
    CHECK(club.store().read_game_file(id, "black.conditionals"));
    {
        auto s = club.open(id);
        CHECK(s.game().no_conditionals == Absent{true, false});
        auto tx = club.tx();
        REQUIRE(s.conditionals(tx));
        CHECK(s.game().no_conditionals == Absent{true, false});  // the file is there
        s.request(Color::Black, "e5");  // changed and not saved: not given back
    }
    {
        auto s = club.open(id);  // replayed: nothing known
        CHECK(s.game().no_conditionals == Absent{false, false});
    }
}
