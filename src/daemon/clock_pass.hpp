#pragma once
// The clock pass (docs/mail-protocol.md "Time controls"; game_clock.hpp for the arithmetic): run by
// Daemon::tick at the end of every Daemon::step, after the pass's mail, at the pass's `now`.
// For every game in progress with a time control, with D = the deadline of the side to move and
// H = the earliest arrival of a mail still pending at the source (`hold`; none: H = now):
//   D < now and D < H                         the side to move loses on time: the game ends
//                                             through the game-end path (game_end.hpp,
//                                             Termination::Forfeit; the record gets `[%end ...]`
//                                             and [Termination "time forfeit"]) and both players
//                                             get the forfeit mail with the referee's full record
//                                             attached
//   D - offset <= now <= D for an offset of   the reminder mail to the side to move; clock.ini's
//   the player's not yet handled this turn    `reminded` count makes each once per turn
// The offsets are the player's own (`set reminders 8h,1h`, none with `set reminders none`),
// else club.reminder_days (0: none); reminder_schedule.hpp. Each game's effects commit in their own
// store transaction, so running the pass twice at one `now` does nothing the second time. A move
// counts when its mail reached the source (mail::MailSource::arrival, README "Time controls") at or
// before the deadline, however late the pass that rules it: the pass rules its mail first, and a
// mail it could not rule (left pending) holds back the forfeits of the deadlines from its arrival
// on (D >= H above) until a pass rules it. A mail that arrived after the deadline finds the game
// lost (forfeit_before_mail, then a "game over" refusal). Draw offers at forfeit time: a pending
// offer changes nothing. An offer by the player who ran out of time does not save them (they could
// have offered long before the deadline and stopped moving), and the late player's silence on the
// opponent's offer is no acceptance: the forfeit stands and the offer is cleared with the game's
// end. The loser's opponent wins even without mating material (no "insufficient material" draw on
// time: in Kriegspiel the referee may not reveal material, and the club's rule is simple).
#include <cstddef>
#include <optional>

#include "core/clock.hpp"
#include "daemon/game_desk.hpp"
#include "store/store.hpp"

namespace ck::daemon {

struct ClockReport {
    std::size_t reminders = 0;
    std::size_t forfeits = 0;
    std::size_t digests = 0;  // daily digests sent (digest.hpp; Daemon::tick)
    std::size_t failed = 0;   // games skipped for an error (logged; retried next pass)
};

ClockReport run_clock_pass(const GameDesk& desk, store::Store& store, core::TimePoint now,
                           std::optional<core::TimePoint> hold = std::nullopt);

// Before a mail that reached the source at `arrived` (<= now) acts on game `id`: when the
// deadline of the side to move passed before it arrived, the game is lost on time exactly as
// the clock pass ends it (its forfeit mails included), committed alone at `now` (inside the
// pass's group). No reminder. True when the game was forfeited.
core::Result<bool, core::Error> forfeit_before_mail(const GameDesk& desk, store::Store& store,
                                                    store::GameId id, core::TimePoint now,
                                                    core::TimePoint arrived);

}  // namespace ck::daemon
