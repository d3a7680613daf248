#pragma once
// The mails of a club's events (README "Challenges and tournaments by mail"), composed from
// the events that the event's part of a game's end or an event's start returned
// (league/tournament_events.hpp; league/tournament_effects.hpp, league/tournament_rounds.hpp).
// The daemon queues them into the transaction that staged those events: after the end mails of
// the game that ended (game_end.hpp settle_game), so the players hear the game's result and its
// ratings before the event's news; or when the organiser starts an event (tournaments.hpp).
// In the order of the events:
//   TournamentGameRecorded  no mail (the end mails told the players)
//   RoundPaired             the start mails of the round's games (game_start_mail.hpp), then to
//                           every player not withdrawn the standings mail whose crosstable
//                           lists the new round's pairings (club/swiss_crosstable.hpp), a mail
//                           of its own
//   MatchesPaired           the start mails of the new matches' games, then to every player the
//                           standings mail with the groups and the bracket
//                           (club/knockout_crosstable.hpp), a mail of its own
//   EventFinished           to every player (and a team match's captain who plays no board,
//                           docs/teams.md) the final standings, crosstable text and HTML, with
//                           the event's PGN archive attached (league/tournament_store.hpp)
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/game_desk.hpp"
#include "league/tournament_events.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// Queues the mails of `events` as above into `tx`. The games named by them, and the records of
// games that ended in `tx`, are read from `tx` (the archive of a finished event).
core::Result<void, core::Error> queue_tournament_mails(const GameDesk& desk,
                                                       const league::TournamentEvents& events,
                                                       store::Transaction& tx);

}  // namespace ck::daemon
