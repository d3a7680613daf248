#pragma once
// The consequences of a game's events inside the store (docs/design.md "The game session and
// its events"), applied in ONE place, into the SAME transaction that saves the game
// (GameSession::save), in the order of the events:
//   TurnPassed   the deadline index entry of the game moves to the new deadline
//                (deadline_index.hpp; none without a clock)
//   GameEnded    the rating (ratings.hpp rate_game_end), the deadline index entry and the
//                bot-games index entry (bot_games.hpp) erased and both players' conditional
//                moves removed (conditional_book.hpp)
// Every other event changes only the game itself, which GameSession::save stages (followers'
// state included: game.ini's followers_told, game_files.hpp). The tournament's part of a game's
// end mails the players (final standings, a Swiss event's next round): the daemon applies it
// after the end mails (game_end.hpp settle_game, step 3).
// Knows no mail, no template and no command: only the store and the club's records.
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_events.hpp"
#include "league/game_files.hpp"
#include "league/players.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// What the consequences gave that the answers show.
struct AppliedEffects {
    // The rating lines of a rated game's end ("Ratings (crazyhouse):", ...); empty otherwise.
    std::vector<std::string> rating_lines;
};

// Applies `events` of game `id` (`g`, as saved into `tx`) to the store's other records, into
// `tx`.
core::Result<AppliedEffects, core::Error> apply_game_events(const store::Store& store,
                                                            const Players& players,
                                                            store::GameId id, const StoredGame& g,
                                                            const GameEvents& events,
                                                            store::Transaction& tx);

}  // namespace ck::league
