#pragma once
// THE game-end path (docs/design.md "The game-end path"): every way a game can end (a mate or
// another end the referee rules in a move mail, a resignation, a draw agreed by mail, a loss on
// time in the clock pass, an organiser's adjudication) is an operation of the game's session
// (game_session.hpp) that returns a GameEnded event (game_events.hpp). settle_game saves the
// session and reaches every consequence of its events in the SAME transaction, in this order:
//   1. the store's consequences of the events (event_effects.hpp apply_game_events): for an
//      end the rating, the deadline index entry erased and both players' conditional moves
//      removed, then the tournament's part (league/tournament_effects.hpp: the result in the
//      event's record, a Swiss event's next round or a knockout's next matches paired and their
//      games created with desk.create, the event's end), returned as events; for a turn passed
//      the deadline index entry moved;
//   2. the end mails (queue_game_end_mails): each player gets the end mail (the forfeit mail
//      for a loss on time) with the referee's full record attached and the rating lines, then
//      every follower gets the end mail (spectators.hpp);
//   3. the event's mails composed from the tournament's events of step 1
//      (tournament_mail.hpp: the next games' start mails, the standings and pairings, the
//      final standings with the archive): last, so that they reach the players after the
//      game's result, and an event's final standings show the ratings after this game.
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/game_desk.hpp"
#include "league/event_effects.hpp"
#include "league/game_events.hpp"
#include "league/game_files.hpp"
#include "league/game_outcome.hpp"
#include "league/game_session.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// How the end mails of one occasion are addressed: the player mailed first (the one whose
// mail or whose clock ended the game), and the discriminators of the players' and the
// followers' mails (compose::Envelope::discriminator).
struct EndMailing {
    rules::Color first = rules::Color::White;
    std::string players_discriminator;
    std::string followers_discriminator;
};

// Saves `session` into `tx` (GameSession::save; `arrived`: when the mail that moved reached
// the source) and applies steps 1-3 above to the events of the session. Returns what step 1
// gave (the rating lines of an end, the tournament's events).
core::Result<league::AppliedEffects, core::Error> settle_game(
    const GameDesk& desk, league::GameSession& session, const EndMailing& mailing,
    store::Transaction& tx, std::optional<core::TimePoint> arrived = {});

// Step 2 alone: queues the end mails of `ended` to both players (`mailing.first` first, with
// `rating_lines`) and to every follower.
core::Result<void, core::Error> queue_game_end_mails(const GameDesk& desk,
                                                     const league::StoredGame& g,
                                                     const league::GameEnded& ended,
                                                     const std::vector<std::string>& rating_lines,
                                                     const EndMailing& mailing,
                                                     store::Transaction& tx);

}  // namespace ck::daemon
