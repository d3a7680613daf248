#pragma once
// How a mail words a deadline (docs/mail-protocol.md "What the referee sends"): the time in UTC
// ("2026-11-23 17:00 UTC") and the time left to the nearest hour ("2d 5h left").
#include <chrono>
#include <optional>
#include <string>

#include "compose/template_engine.hpp"

namespace ck::compose {

using TimePoint = std::chrono::system_clock::time_point;

// When the player to move must have moved (a mail's deadline line; compose.hpp TurnDetails).
struct Deadline {
    TimePoint at{};
};

// "2026-11-23 17:00 UTC".
std::string format_utc(TimePoint tp);

// Sets deadline, days_left, hours_left and the flags deadline_passed, has_deadline in `c`.
void fill_deadline(const std::optional<Deadline>& d, TimePoint now, Context& c);

}  // namespace ck::compose
