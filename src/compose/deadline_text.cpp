// Deadlines in words (deadline_text.hpp).
#include "compose/deadline_text.hpp"

#include <ctime>

namespace ck::compose {

std::string format_utc(TimePoint tp) {
    std::time_t t = std::chrono::system_clock::to_time_t(tp);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}

void fill_deadline(const std::optional<Deadline>& d, TimePoint now, Context& c) {
    c.flag("has_deadline", d.has_value());
    if (!d) return;
    c.set("deadline", format_utc(d->at));
    // To the nearest hour: a deadline 3 days after a mail sent a second later is "3d 0h left",
    // not "2d 23h".
    auto left = std::chrono::round<std::chrono::hours>(d->at - now).count();
    c.flag("deadline_passed", d->at <= now);
    if (left < 0) left = 0;
    c.set("days_left", std::to_string(left / 24)).set("hours_left", std::to_string(left % 24));
}

}  // namespace ck::compose
