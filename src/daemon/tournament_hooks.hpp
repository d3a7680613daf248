#pragma once
// The one hook through which a game's end reaches its tournament (README "Challenges and
// tournaments by mail"). It is called only by the game-end path (game_end.hpp settle_game),
// with the SAME transaction that saves the ended game, after the game's rating (ratings.hpp)
// and after the game-end mails were queued, whatever ended the game (a move mail, the clock
// pass, an adjudication). So the result enters
// tournament.ini in the same commit as the game's end, or not at all, and the final standings
// show the ratings after the last game and reach the players after its result.
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "league/game_files.hpp"
#include "league/game_outcome.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// When game `id` (as just saved into `tx`, ended with `outcome`) is a game of a tournament
// whose tournament.ini still has it pending (or with another result), records its result and
// ending ("mate", "resign", "agreed", "forfeit", "adjudication", ... from the termination) and
// queues tournament.ini into `tx`. When that was the event's last game, queues to every player the
// final standings mail (crosstable text + HTML) with the event's PGN archive attached. When it
// was the last game of a Swiss round, pairs and starts the next round in `tx` (desk.start;
// swiss_rounds.hpp) and queues its standings-and-pairings mails: so round r+1 starts in the
// transaction that ends round r, whatever ended its last game.
// A game in progress, or of no tournament: nothing. Safe to call on every save, and twice in
// one transaction (a tournament.ini already written into `tx` is read from there).
core::Result<void, core::Error> record_game_end(const ClubDesk& desk, store::GameId id,
                                                const league::GameOutcome& outcome,
                                                store::Transaction& tx);

}  // namespace ck::daemon
