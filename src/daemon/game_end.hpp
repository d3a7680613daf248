#pragma once
// THE game-end path (docs/design.md "The game-end path"): every way a game can end (a mate or
// another end the referee rules in a move mail, a resignation, a draw agreed by mail, a loss on
// time in the clock pass, an organiser's adjudication) reaches its consequences through
// conclude_game, in the SAME transaction that saves the ended game, and in this order:
//   1. the rating (ratings.hpp rate_game_end), the deadline index entry erased
//      (deadline_index.hpp) and both players' conditional moves removed (conditional_book.hpp);
//   2. the end mails (queue_game_end_mails): each player gets the end mail (the forfeit mail
//      for a loss on time) with the referee's full record attached and the rating lines, then
//      every follower gets the end mail (spectators.hpp);
//   3. the tournament (tournament_hooks.hpp record_game_end): last, so that an event's final
//      standings show the ratings after this game and reach the players after its result.
// A caller ends the game in memory (end_game below, or a request the referee rules), saves it
// into the transaction (GameRepository::save), then calls conclude_game once.
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/game_turn.hpp"
#include "daemon/league_names.hpp"
#include "league/game_files.hpp"
#include "league/game_outcome.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// The event: game `game` ended with `outcome`.
struct GameEnded {
    store::GameId game = 0;
    GameOutcome outcome;
    // The organiser's words for an adjudication (shown in every end mail); empty otherwise.
    std::string reason;
};

// How the end mails of one occasion are addressed: the player mailed first (the one whose
// mail or whose clock ended the game), and the discriminators of the players' and the
// followers' mails (compose::Envelope::discriminator).
struct EndMailing {
    rules::Color first = rules::Color::White;
    std::string players_discriminator;
    std::string followers_discriminator;
};

// Ends `g` outside the requests (referee::Game::end_by: a resignation out of turn, a draw by
// agreement, a loss on time, an adjudication) and records it; clears any draw offer. Errors: a
// game already over, or a result that does not fit the termination (game `id` named).
core::Result<void, core::Error> end_game(StoredGame& g, store::GameId id,
                                         const GameOutcome& outcome);

// Applies the end of game `ended.game` (`g`, over and already saved into `tx`): steps 1-3
// above. Returns the rating lines the end mails showed (empty for a casual game).
core::Result<std::vector<std::string>, core::Error> conclude_game(const GameDesk& desk,
                                                                  const StoredGame& g,
                                                                  const GameEnded& ended,
                                                                  const EndMailing& mailing,
                                                                  store::Transaction& tx);

// Step 2 alone: queues the end mails of `ended` to both players (`mailing.first` first, with
// `rating_lines`) and to every follower.
core::Result<void, core::Error> queue_game_end_mails(const GameDesk& desk, const StoredGame& g,
                                                     const GameEnded& ended,
                                                     const std::vector<std::string>& rating_lines,
                                                     const EndMailing& mailing,
                                                     store::Transaction& tx);

}  // namespace ck::daemon
