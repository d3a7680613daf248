#pragma once
// Tournament entries by mail (docs/mail-protocol.md: "club commands for ... joining tournaments";
// README "Tournaments by mail").
//
// The organiser creates an event that takes entries (`crazykrieg tournament new --entries`);
// registered players then mail the plain referee address (AuthVerdict::ClubMail):
//   join TOURNAMENT       puts the sender on the entry list (seeded in order of entry); a
//                         Swiss under way: a late entry (club::enter_late), paired from the
//                         next round paired on, the rounds missed scoring late-bye points
//   withdraw TOURNAMENT   takes the sender off it; in a Swiss under way: the sender is not
//                         paired from the next round on (club::withdraw_player)
//   bye [TOURNAMENT] ROUND   a Swiss: the sender is not paired in ROUND (a round not paired yet)
//                         and scores the event's requested-bye points (club::request_bye);
//                         without TOURNAMENT, the one Swiss under way the sender plays in
// and get the entry mail (compose MailKind::Entry) saying what was done, or why nothing was:
// no such tournament, entries closed (an event created with its players, or started), already
// entered, not entered, full; for a late entry: the last round paired already, withdrawn before.
// TOURNAMENT is the event's id, ASCII case-insensitive. The organiser closes the entries with
// `crazykrieg tournament start ID` (close_and_start): the entry list becomes the seeding and every
// game starts at once.
//
// Contracts: only ClubMail mail acts (its sender is the registered address, auth.hpp); every
// change to tournament.ini is written into the mail's transaction, so it commits with the mail's
// ledger entry and a replayed mail changes nothing; the entry list never holds an address that
// is not a registered player when it was added.
#include <string>
#include <vector>

#include "club/tournament.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "daemon/commands.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

class Daemon;

// The lines are answered by the command table's handler club_entry (command_handlers.hpp), each
// where it stands in the mail: a `standings` line after a `join` shows the entry.

}  // namespace ck::daemon
