#pragma once
// Time for the daemon's clocks and for logs: an injectable Clock (a FixedClock for `--now`,
// docs/cli.md) and ISO 8601 in UTC, the one text form of an instant in files and output.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace ck::core {

using TimePoint = std::chrono::system_clock::time_point;

class Clock {
public:
    virtual ~Clock() = default;
    virtual TimePoint now() const = 0;
};

class SystemClock final : public Clock {
public:
    TimePoint now() const override { return std::chrono::system_clock::now(); }
};

// Always answers the instant it was given; tests move it by hand. Not thread-safe against
// set()/advance() running while another thread calls now().
class FixedClock final : public Clock {
public:
    explicit FixedClock(TimePoint t) : t_(t) {}
    TimePoint now() const override { return t_; }
    void set(TimePoint t) { t_ = t; }
    void advance(std::chrono::system_clock::duration d) { t_ += d; }

private:
    TimePoint t_;
};

// A UTC calendar date and time of day (proleptic Gregorian calendar).
struct CivilTime {
    int year = 1970;
    int month = 1;    // 1..12
    int day = 1;      // 1..31
    int hour = 0;     // 0..23
    int minute = 0;   // 0..59
    int second = 0;   // 0..59 (no leap seconds, as in system_clock)
    int weekday = 4;  // 0 = Sunday .. 6 = Saturday; filled by to_civil, ignored by from_civil
};

CivilTime to_civil(TimePoint t);  // whole seconds, rounded down
TimePoint from_civil(const CivilTime& c);

enum class TimeErrorCode : std::uint8_t {
    Syntax,      // not one of the accepted forms
    OutOfRange,  // a field out of range, e.g. month 13, 31 April, hour 24, offset +25:00
};

struct TimeError {
    TimeErrorCode code = TimeErrorCode::Syntax;
    std::string input;
    std::string message;  // "bad ISO 8601 time '...': ..."
};

// Accepts "YYYY-MM-DD" (midnight UTC) and "YYYY-MM-DDTHH:MM[:SS[.fraction]][zone]" where the
// separator may also be 't' or one space and zone is "Z", "z", "+HH:MM", "-HH:MM", "+HHMM" or
// "+HH"; no zone means UTC (this program keeps every time in UTC). Years 0000-9999 only.
Result<TimePoint, TimeError> parse_iso8601(std::string_view text);

// "2026-11-21T15:30:00Z": UTC, whole seconds (rounded down).
std::string format_iso8601(TimePoint t);

// "2026-11-21": the UTC date.
std::string format_iso_date(TimePoint t);

// RFC 5322 section 3.3 date for mail headers, in UTC: "Sat, 21 Nov 2026 15:30:00 +0000".
std::string format_rfc5322(TimePoint t);

}  // namespace ck::core
