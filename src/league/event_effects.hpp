#pragma once
// The consequences of a game's events inside the store (docs/design.md "The game session and
// its events"), applied in ONE place, into the SAME transaction that saves the game
// (GameSession::save), in the order of the events:
//   TurnPassed   the deadline index entry of the game moves to the new deadline
//                (deadline_index.hpp; none without a clock)
//   GameEnded    the rating (ratings.hpp rate_game_end), the deadline index entry and the
//                bot-games index entry (bot_games.hpp) erased, both players' conditional
//                moves removed (conditional_book.hpp), then, last, the tournament's part
//                (tournament_effects.hpp record_game_end: the result in the event's record,
//                the next Swiss round or knockout matches paired and their games created, the
//                event's end), so the event's standings are read after the game's rating
// Every other event changes only the game itself, which GameSession::save stages (followers'
// state included: game.ini's followers_told, game_files.hpp).
// Knows no mail, no template and no command: only the store and the club's records. What the
// daemon mails (the rating lines of the end mails, the event's standings, its next games' start
// mails) it composes from what this returns (daemon/game_end.hpp settle_game).
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_creation.hpp"
#include "league/game_events.hpp"
#include "league/game_files.hpp"
#include "league/players.hpp"
#include "league/tournament_events.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// What the consequences gave that the answers show.
struct AppliedEffects {
    // The rating lines of a rated game's end ("Ratings (crazyhouse):", ...); empty otherwise.
    std::vector<std::string> rating_lines;
    // What the game's end did to its event (tournament_effects.hpp), in order; empty for a
    // game of no event.
    TournamentEvents tournament;
};

// Applies `events` of game `id` (`g`, as saved into `tx`) to the store's other records, into
// `tx`. `create` creates the games an event's next round or matches need (null: such an end is
// an Invalid error, tournament_effects.hpp).
core::Result<AppliedEffects, core::Error> apply_game_events(
    const store::Store& store, const Players& players, store::GameId id, const StoredGame& g,
    const GameEvents& events, store::Transaction& tx, const GameCreator* create = nullptr);

}  // namespace ck::league
