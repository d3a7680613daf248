// When the player on move gets reminders (reminder_schedule.hpp).
#include "daemon/reminder_schedule.hpp"

#include <algorithm>

namespace ck::daemon {

using league::Player;
using league::Players;

std::optional<int> reminder_due(const std::vector<std::chrono::hours>& offsets, int handled,
                                core::TimePoint deadline, core::TimePoint now) {
    const auto due = static_cast<int>(std::count_if(
        offsets.begin(), offsets.end(), [&](std::chrono::hours h) { return deadline - h <= now; }));
    if (due > handled) return due;
    return std::nullopt;
}

std::chrono::hours reminder_reach(const Players& players, int club_reminder_days) {
    std::chrono::hours reach{24 * std::max(0, club_reminder_days)};
    for (const Player& p : players.all())
        if (p.settings.reminders)
            for (const std::chrono::hours h : *p.settings.reminders) reach = std::max(reach, h);
    return reach;
}

}  // namespace ck::daemon
