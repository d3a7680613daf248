#pragma once
// The domain events of a game (docs/design.md "The game session and its events"): what a game
// session's operations (game_session.hpp) did to one game, in the order it happened. They name
// game facts only, never a mail: the consequences inside the store are applied from them in one
// place (event_effects.hpp), and every answer (the turn, draw, end and refusal mails) is composed
// from them by the daemon (game_turn.cpp, game_end.cpp, clock_pass.cpp).
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/clock.hpp"
#include "league/game_outcome.hpp"
#include "referee/ruling.hpp"
#include "rules/types.hpp"
#include "store/store.hpp"

namespace ck::league {

// The referee ruled on a request of `side` (a move played or refused, a try, "any?" answered, a
// resignation in turn). `ruling.told` holds what each player was told.
struct RequestRuled {
    referee::Ruling ruling;
    bool ends_turn = false;  // the side's turn is over: a move was played, or the game ended
    // Counts against a mail's limit of refused tries: neither played nor a try, and not an
    // "any?" answered "no".
    bool refused() const {
        return ruling.answer != referee::Answer::Legal && ruling.answer != referee::Answer::Try &&
               !(ruling.answer == referee::Answer::No && ruling.request == "any?");
    }
};

// A line the referee did not rule: not a request, or one naming what the side may not use
// (`error` names only what that side may know; referee/game.hpp). Nothing changed.
struct RequestUnread {
    rules::Color side = rules::Color::White;
    std::string request;
    std::string error;
};

// A request of `side` while the opponent is to move: not ruled.
struct NotOnMove {
    rules::Color side = rules::Color::White;
};

// The turn passed to `to` (the session saved the move that ended the other side's turn);
// `deadline`: the new deadline of `to`, none without a clock.
struct TurnPassed {
    rules::Color to = rules::Color::White;
    std::optional<core::TimePoint> deadline;
};

// `by` offered a draw; `renewed`: the offer was pending already (the opponent hears nothing new).
struct DrawOffered {
    rules::Color by = rules::Color::White;
    bool renewed = false;
};
// `by` declined the opponent's pending offer.
struct DrawDeclined {
    rules::Color by = rules::Color::White;
};
// `by` accepted the opponent's pending offer (a GameEnded by agreement follows).
struct DrawAccepted {
    rules::Color by = rules::Color::White;
};
// The offer of `offerer` lapsed: their opponent had a move played.
struct DrawLapsed {
    rules::Color offerer = rules::Color::White;
};
// `side` answered a draw offer that was not pending (`accepting`: by accepting it, else by
// declining it).
struct NoDrawOffer {
    rules::Color side = rules::Color::White;
    bool accepting = false;
};

// `side` resigned outside the requests (out of turn, or after its move; a GameEnded follows).
struct Resigned {
    rules::Color side = rules::Color::White;
};

// A note of `by` to the opponent, kept at ply `ply`.
struct NoteAdded {
    rules::Color by = rules::Color::White;
    int ply = 0;
    std::string text;
};

// A stored conditional reply of `side` (docs/conditionals.md) played its try list and ended
// the turn of `side`; `line` is the branch that fired.
struct ConditionalPlayed {
    rules::Color side = rules::Color::White;
    int ply = 0;
    std::string line;
};

// The game ended with `outcome`; `reason`: the organiser's words for an adjudication.
struct GameEnded {
    store::GameId game;
    GameOutcome outcome;
    std::string reason;
};

using GameEvent = std::variant<RequestRuled, RequestUnread, NotOnMove, TurnPassed, DrawOffered,
                               DrawDeclined, DrawAccepted, DrawLapsed, NoDrawOffer, Resigned,
                               NoteAdded, ConditionalPlayed, GameEnded>;
using GameEvents = std::vector<GameEvent>;

// The first event of type E in `events` from index `from` on (nullptr: none).
template <class E>
const E* find_event(const GameEvents& events, std::size_t from = 0) {
    for (std::size_t i = from; i < events.size(); ++i)
        if (const E* e = std::get_if<E>(&events[i])) return e;
    return nullptr;
}

// How many events of type E `events` holds from index `from` on.
template <class E>
std::size_t count_events(const GameEvents& events, std::size_t from = 0) {
    std::size_t n = 0;
    for (std::size_t i = from; i < events.size(); ++i) n += std::holds_alternative<E>(events[i]);
    return n;
}

}  // namespace ck::league
