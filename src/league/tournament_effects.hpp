#pragma once
// The tournament's part of a game's end (docs/design.md "The game session and its events"),
// applied by apply_game_events (event_effects.hpp) into the SAME transaction that saves the
// ended game, after the game's rating, whatever ended the game (a move mail, the clock pass, an
// adjudication). So the result enters the event's record in the same commit as the game's end,
// or not at all; and round r+1 of a Swiss event (or a knockout's next match) starts in the
// transaction that ends round r (tournament_rounds.hpp). It returns what it did as events
// (tournament_events.hpp) and mails nobody: the daemon queues the event's mails from them after
// the game's end mails (daemon/game_end.hpp), so the final standings show the ratings after the
// last game and reach the players after its result.
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_creation.hpp"
#include "league/game_events.hpp"
#include "league/tournament_events.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// When the game of `ended` (as just saved into `tx`) is a game of an event whose record still
// has it pending (or with another result), records its result and ending ("mate", "resign",
// "agreed", "forfeit", "adjudication", ... from the termination; a loss adjudicated against a
// player withdrawn from its round on is a forfeit) and queues the record into `tx`:
// TournamentGameRecorded. Then, unless the event was finished already:
// - a Swiss event whose round this completed: the next round paired and its games created with
//   `create` (advance_swiss: RoundPaired), which may end the event;
// - a knockout or group stage: the matches this made due (advance_stages: MatchesPaired);
// - the event's last game (or a Swiss round that could not be paired): EventFinished.
// A game in progress, or of no event: no event. Safe to call twice in one transaction (a record
// already written into `tx` is read from there; a result recorded already gives no event).
// `create` may be null: an end that pairs new games is then an Invalid error naming the event.
core::Result<TournamentEvents, core::Error> record_game_end(const store::Store& store,
                                                            const GameCreator* create,
                                                            const GameEnded& ended,
                                                            store::Transaction& tx);

}  // namespace ck::league
