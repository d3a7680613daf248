#pragma once
// Correspondence clocks (docs/mail-protocol.md "Time controls"; time_control.hpp for the specs).
// Time is counted from the referee's mail that put a player on move (the commit time of the move
// that ended the opponent's turn; the game's creation for White's first move) to the commit time of
// the player's accepted move (the move that ends their turn; refused tries do not). Time the
// player spends on leave (leave_book.hpp) does not count.
//   3d          each turn has 3 days; nothing carries over
//   10/50d      a period of 50 days for the next 10 moves of that side; after the 10th move a
//               new period starts and ITS 50 days are added to what is left (unused time
//               carries over, as in ICCF play); the deadline is the end of what is left
//   30d+1d/45d  a bank of 30 days; each accepted move takes the time used off and adds 1 day;
//               the bank is then cut to the cap (45 days) when there is one
// A side whose deadline has passed loses on time (clock_pass.hpp). State, in games/<id>.clock.ini
// (key = value, written in the same transaction as the move or clock event):
//   version           first; "1" (a file without the line, written before it existed, reads
//                     as version 1; a version this binary does not know is refused)
//   turn_start        ISO 8601: when the side to move was put on move
//   white_bank, black_bank                 seconds left (Fischer; N-in-D: of the current period)
//   white_period_moves, black_period_moves N-in-D: moves made in the current period
//   reminded          how many of this turn's reminders have been handled (0: none yet;
//                     reminder_schedule.hpp); 1 when the club's one reminder was sent
// A game without clock.ini (created before clocks) starts from its `created` time.
#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_files.hpp"
#include "league/leave_book.hpp"
#include "league/time_control.hpp"
#include "rules/types.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

using Seconds = std::chrono::seconds;

struct ClockState {
    core::TimePoint turn_start{};
    std::array<Seconds, 2> bank{};  // [white, black]
    std::array<int, 2> period_moves{};
    int reminded = 0;

    friend bool operator==(const ClockState& a, const ClockState& b) {
        return a.turn_start == b.turn_start && a.bank == b.bank &&
               a.period_moves == b.period_moves && a.reminded == b.reminded;
    }
};

inline constexpr Seconds Day{86400};

// Both sides with full time, White's turn starting at `start`.
ClockState initial_clock(const TimeControl& tc, core::TimePoint start);

inline constexpr int ClockIniVersion = 1;  // the version line format_clock_ini writes
std::string format_clock_ini(const ClockState& s);
// A text that is not format_clock_ini's (or of a version this binary does not know) is Corrupt.
core::Result<ClockState, core::Error> parse_clock_ini(const std::string& text);

// The time side `c` has for its current (or next) turn, leave not included.
Seconds turn_budget(const ClockState& s, const TimeControl& tc, rules::Color c);

// The time between `from` and `to` (to >= from) outside `leave` (sorted by start, as
// LeaveBook::periods gives them).
Seconds counted_time(core::TimePoint from, core::TimePoint to,
                     const std::vector<LeavePeriod>& leave);

// The instant at which `budget` of counted time has passed since `from`, leave not counting.
core::TimePoint counted_deadline(core::TimePoint from, Seconds budget,
                                 const std::vector<LeavePeriod>& leave);

// The deadline of `to_move` (whose turn started at s.turn_start); `leave` is that player's.
core::TimePoint deadline_of(const ClockState& s, const TimeControl& tc, rules::Color to_move,
                            const std::vector<LeavePeriod>& leave);

// When a mail that reached the source at `arrived` counts as sent for the turn of `s` (README
// "Time controls"): at its arrival, unless that is after `now` or before the turn began (a
// source whose clock disagrees with the referee's, as a test's `--now` does): then at `now`.
core::TimePoint counted_arrival(const ClockState& s, core::TimePoint arrived, core::TimePoint now);

// The state after `mover`'s turn ended by an accepted move committed at `at` whose mail arrived
// at `moved` (<= at; the mover's time runs to it); the opponent's turn starts at `at`, its
// reminder not sent. `leave` is the mover's. Time used beyond the budget leaves a bank of zero,
// never a negative one.
ClockState after_move(const ClockState& s, const TimeControl& tc, rules::Color mover,
                      core::TimePoint at, const std::vector<LeavePeriod>& leave,
                      std::optional<core::TimePoint> moved = std::nullopt);

// --- the store side ---

// The game's time control (nullopt: no clock, e.g. an empty or unreadable spec).
std::optional<TimeControl> clock_control(const GameMeta& meta);

// games/<id>.clock.ini, or the initial state from meta.created when the file does not exist.
core::Result<ClockState, core::Error> load_clock(const store::Store& store, store::GameId id,
                                                 const GameMeta& meta);
void save_clock(store::Transaction& tx, store::GameId id, const ClockState& s);

// The deadline of the side to move of `g` (nullopt: game over or no clock), with that player's
// leave from the store's leave book. A clock.ini queued in `staged` (may be null) wins over the
// store's.
core::Result<std::optional<core::TimePoint>, core::Error> game_deadline(
    const store::Store& store, store::GameId id, const StoredGame& g,
    const store::Transaction* staged = nullptr);

}  // namespace ck::league
