#pragma once
// The rounds of a Swiss event by mail (docs/swiss.md "Swiss events by mail"): round 1 is paired
// when the event starts, and round r+1 is paired and its games created in the store transaction
// in which the last game of round r ends, whichever way it ends (a move, a resignation, a loss
// on time, an adjudication): league/tournament_rounds.hpp and league/tournament_effects.hpp.
// Their mails (the games' start, every player's standings and pairings) are composed from the
// events those return (tournament_mail.hpp). This file holds what only the daemon does: the
// settings of a tournament's game as the daemon starts it, and the round deadlines.
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

// The game settings of pairing `p` of `t` (league/tournament_rounds.hpp tournament_game_spec)
// with the event's id, which its start mails name.
NewGame tournament_game(const club::Tournament& t, const club::Pairing& p);

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
