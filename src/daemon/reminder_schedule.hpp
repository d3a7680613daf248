#pragma once
// When the player on move gets reminders (README "Time controls", "Your settings"): at each of
// their offsets before the deadline (player_settings.hpp `set reminders 8h,1h`; else the club's
// `[club] reminder_days`), once each per turn. clock.ini's `reminded` counts the reminders of
// this turn already handled (game_clock.hpp), in the transaction of the reminder mail, so a
// crash sends each once; a pass that comes after several instants passed sends one reminder
// for all of them.
#include <chrono>
#include <optional>
#include <vector>

#include "core/clock.hpp"
#include "league/players.hpp"

namespace ck::daemon {

// The number of this turn's reminders due at `now` (the offsets, longest first, whose instant
// deadline - offset is at or before `now`) when it is more than `handled`: a reminder is to be
// sent and `reminded` becomes that number. nullopt: nothing to send.
std::optional<int> reminder_due(const std::vector<std::chrono::hours>& offsets, int handled,
                                core::TimePoint deadline, core::TimePoint now);

// How far before a deadline any reminder of the club may come: the longest offset among the
// club's default and every player's own (the clock pass visits the games whose deadline is
// within it, deadline_index.hpp).
std::chrono::hours reminder_reach(const league::Players& players, int club_reminder_days);

}  // namespace ck::daemon
