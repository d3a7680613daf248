#pragma once
// The rounds of a Swiss event by mail (docs/swiss.md "Swiss events by mail"): round 1 is paired
// when the event starts, and round r+1 is paired, its games started and its mails queued in the
// store transaction in which the last game of round r ends (tournament_hooks.hpp), whichever
// way it ends (a move, a resignation, a loss on time, an adjudication).
//
// Contracts:
// - Everything is staged into the caller's transaction: the games (desk.start: game files,
//   clocks, game-start mails), the tournament record, and to every player not withdrawn the
//   standings mail whose crosstable lists the new round's pairings (club/swiss_crosstable.hpp),
//   a mail of its own. A crash before the commit loses all of it, after it none.
// - A round that cannot be paired (too few players left who have not met) ends the event: its
//   number of rounds becomes the rounds paired (logged for the operator), and the final
//   standings follow as after a last round.
// - A round in which nobody plays (every player has a bye) is complete at once: the next is
//   paired in the same transaction.
#include <cstddef>
#include <map>
#include <optional>
#include <string>

#include "club/tournament.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// The game settings of pairing `p` of `t` (tags: Event, Round, White, Black; the event's id).
NewGame tournament_game(const club::Tournament& t, const club::Pairing& p);

// Pairs the next round of `t` (club::pair_next_round) and starts it as above, as long as the
// last round paired is complete and the event is not finished (round 1: when nothing is paired
// yet). The caller saves `t` into `tx`.
core::Result<void, core::Error> advance_swiss(const ClubDesk& desk, club::Tournament& t,
                                              store::Transaction& tx);

// Round deadlines (`tournament new --round-days N`): for every Swiss event whose last round
// started more than N days before `now` and still has games open, tells the organiser once per
// round, in the operator log (a warning naming each game that blocks the round: id and
// players), and records that it did (tournament.ini `overdue-reported`) in a transaction of its
// own. Returns the number of rounds reported. A running daemon keeps one OverdueWatch across
// its passes: an event whose record is the text it read last time, and whose round's deadline
// (if any) is still ahead, is not read again, so an idle pass costs nothing per event.
class OverdueWatch {
public:
    core::Result<std::size_t, core::Error> report(store::Store& store, core::TimePoint now);

private:
    struct Seen {
        std::string text;                    // the event's record when it was read
        std::optional<core::TimePoint> due;  // when its round may be reported; none: never
    };
    std::map<std::string, Seen> seen_;
};

}  // namespace ck::daemon
