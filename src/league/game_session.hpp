#pragma once
// One game while something acts on it (docs/design.md "The game session and its events"): the
// game as the repository hands it out (game.ini's meta, the referee's game and the record being
// built, game_files.hpp), its clock (game_clock.hpp) and the leave periods of its players
// (leave_book.hpp). Every change to a game goes through a typed operation below, which changes
// the game in memory and returns the domain events it caused (game_events.hpp); each event is
// also kept, in order, in events(). Nothing is written until save(), which stages the game's
// files and its clock into the caller's transaction; the consequences elsewhere in the store
// are applied from the events by apply_game_events (event_effects.hpp), and the mails are
// composed from them by the daemon. A session knows no mail, no template and no command.
//
// The operations and the rules they keep (README "Playing by mail", "Draw offers", "Resigning"):
//   request       one request of a try list ("Nf3", "any?", "resign"), ruled by the referee;
//                 only the side to move is ruled (else NotOnMove). A move of a side whose
//                 opponent had offered a draw lets the offer lapse (DrawLapsed).
//   play_tries    a try list of one side until its turn ends (a bot's turn, a conditional
//                 reply: unreadable tries are skipped, as in a turn)
//   resign        the side gives up at any moment (outside the requests: Resigned, GameEnded)
//   offer_draw    offers a draw, or accepts the opponent's pending offer (the game is drawn)
//   accept_draw, decline_draw   answer the opponent's pending offer (else NoDrawOffer)
//   note          a note to the opponent, kept in game.ini and the record at the current ply
//   end_by_time   the side to move loses on time (clock_pass.hpp decides when)
//   adjudicate    the organiser ends the game with a result and a reason (adjudication.hpp)
// Operations on a game that is over change nothing and return no event (callers say so).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/conditional_book.hpp"
#include "league/game_clock.hpp"
#include "league/game_events.hpp"
#include "league/game_files.hpp"
#include "league/game_repository.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// Ends `g` outside the requests (referee::Game::end_by: a resignation out of turn, a draw by
// agreement, a loss on time, an adjudication) and records it; clears any draw offer. Errors: a
// game already over, or a result that does not fit the termination (game `id` named). The
// session's ends go through it.
core::Result<void, core::Error> end_game(StoredGame& g, store::GameId id,
                                         const GameOutcome& outcome);

class GameSession {
public:
    // The session of game `id`, loaded through `games` (errors: GameRepository::load's).
    // The game is lent by the repository (GameRepository::take) and given back when the session
    // ends, unless it changed after its last save (or an operation failed): then the next load
    // replays it (the repository's cache never holds a game the store's texts do not give).
    static core::Result<GameSession, core::Error> open(GameRepository& games,
                                                       const store::Store& store, store::GameId id);
    GameSession(GameSession&&) noexcept = default;
    GameSession& operator=(GameSession&&) = delete;
    ~GameSession();

    store::GameId id() const { return id_; }
    // The game as the operations left it (read only: every change is an operation).
    const StoredGame& game() const { return g_; }
    bool over() const { return g_.game.over(); }
    bool over_at_open() const { return over_at_open_; }
    int plies_at_open() const { return plies_at_open_; }
    // Every event of this session, in order.
    const GameEvents& events() const { return events_; }

    GameEvents request(rules::Color side, const std::string& text);
    GameEvents play_tries(rules::Color side, const std::vector<std::string>& tries);
    core::Result<GameEvents, core::Error> resign(rules::Color side);
    core::Result<GameEvents, core::Error> offer_draw(rules::Color side);
    core::Result<GameEvents, core::Error> accept_draw(rules::Color side);
    GameEvents decline_draw(rules::Color side);
    GameEvents note(rules::Color side, const std::string& text);
    core::Result<GameEvents, core::Error> end_by_time();
    core::Result<GameEvents, core::Error> adjudicate(GameResult result, const std::string& reason);
    // A stored conditional reply of `side` that ended its turn at the current ply
    // (conditional_mail.cpp, after play_tries).
    GameEvents conditional_played(rules::Color side, const std::string& line);

    // The clock as the store (or a clock.ini staged in `staged`, may be null) holds it.
    core::Result<ClockState, core::Error> clock(const store::Transaction* staged = nullptr) const;
    // The deadline of the side to move (nullopt: over, or no clock), leave counted.
    core::Result<std::optional<core::TimePoint>, core::Error> deadline(
        const store::Transaction* staged = nullptr) const;

    // The game's conditional books (ConditionalBook::load, a file staged in `tx` winning), and
    // their save into `tx`: the session keeps with the game which sides have no file
    // (StoredGame::no_conditionals), so a move mail looks for none it knows to be absent.
    core::Result<ConditionalBook, core::Error> conditionals(const store::Transaction& tx);
    void save_conditionals(store::Transaction& tx, const ConditionalBook& book);

    // Whether save() has anything to write: a request ruled, an end, a note, or the draw offer
    // changed since the session opened.
    bool changed() const;
    // Stages the game (when changed) into `tx` through the repository and, when a side's turn
    // ended by its move (the game going on), the clock: the mover's time runs to `arrived`
    // (game_clock.hpp counted_arrival; nullopt: tx.now()), and each conditional reply that
    // followed is charged nothing. Returns TurnPassed with the new deadline (also kept in
    // events()), or no event.
    core::Result<GameEvents, core::Error> save(store::Transaction& tx,
                                               std::optional<core::TimePoint> arrived = {});

private:
    GameSession(GameRepository& games, const store::Store& store, store::GameId id, StoredGame g,
                std::uint64_t lease);
    GameEvents emit(GameEvents events);
    core::Result<GameEvents, core::Error> end(const GameOutcome& outcome, std::string reason,
                                              GameEvents before = {});

    GameRepository* games_;
    const store::Store* store_;
    store::GameId id_;
    StoredGame g_;
    bool over_at_open_;
    int plies_at_open_;
    rules::Color to_move_at_open_;
    std::optional<rules::Color> offer_at_open_;
    std::size_t saved_events_ = 0;  // events() before this index are saved
    GameEvents events_;
    // The repository's lease of g_ (0: none, or the session was moved from).
    struct Lease {
        std::uint64_t number = 0;
        Lease() = default;
        explicit Lease(std::uint64_t n) : number(n) {}
        Lease(Lease&& o) noexcept : number(std::exchange(o.number, 0)) {}
        Lease& operator=(Lease&&) = delete;
    };
    Lease lease_;
    bool failed_ = false;  // an operation failed part-way: g_ is not given back
    std::optional<rules::Color> offer_at_save_;  // the draw offer as last saved (or opened)
    // Whether g_ changed since it was last saved (or opened): then it is not given back.
    bool changed_since_save() const;
    // Whether an event from index `from` on changed the game (a request ruled, an end, a note).
    bool changed_events_since(std::size_t from) const;
};

}  // namespace ck::league
