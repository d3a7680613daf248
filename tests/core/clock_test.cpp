#include <catch2/catch.hpp>
#include <chrono>
#include <ctime>
#include <string>

#include "core/clock.hpp"

using ck::core::format_iso8601;
using ck::core::parse_iso8601;
using ck::core::TimeErrorCode;
using ck::core::TimePoint;
using std::chrono::hours;
using std::chrono::minutes;
using std::chrono::seconds;

namespace {
// libc's timegm as an independent oracle for the calendar arithmetic.
TimePoint oracle(int y, int mo, int d, int h = 0, int mi = 0, int s = 0) {
    std::tm tm{};
    tm.tm_year = y - 1900;
    tm.tm_mon = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = s;
    return TimePoint(seconds(::timegm(&tm)));
}
}  // namespace

TEST_CASE("parse_iso8601 reads UTC times, offsets and bare dates") {
    auto t = parse_iso8601("2026-11-21T15:30:00Z");
    REQUIRE(t.has_value());
    CHECK(*t == oracle(2026, 11, 21, 15, 30, 0));

    auto plus = parse_iso8601("2026-11-21T16:30:00+01:00");
    REQUIRE(plus.has_value());
    CHECK(*plus == *t);
    auto minus = parse_iso8601("2026-11-21T10:00:00-0530");
    REQUIRE(minus.has_value());
    CHECK(*minus == *t);
    auto hours_only = parse_iso8601("2026-11-21T17:30:00+02");
    REQUIRE(hours_only.has_value());
    CHECK(*hours_only == *t);

    auto date = parse_iso8601("2026-11-21");
    REQUIRE(date.has_value());
    CHECK(*date == oracle(2026, 11, 21));

    auto no_seconds = parse_iso8601("2026-11-21T15:30Z");
    REQUIRE(no_seconds.has_value());
    CHECK(*no_seconds == *t);
    auto no_zone = parse_iso8601("2026-11-21 15:30:00");  // no zone: UTC
    REQUIRE(no_zone.has_value());
    CHECK(*no_zone == *t);

    auto frac = parse_iso8601("2026-11-21T15:30:00.250Z");
    REQUIRE(frac.has_value());
    CHECK(*frac - *t == std::chrono::milliseconds(250));
}

TEST_CASE("an offset can move the date across midnight and a leap day") {
    auto t = parse_iso8601("2024-03-01T00:30:00+02:00");
    REQUIRE(t.has_value());
    CHECK(format_iso8601(*t) == "2024-02-29T22:30:00Z");
}

TEST_CASE("format_iso8601 and parse_iso8601 round trip") {
    for (const char* s : {"1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2026-11-21T15:30:00Z",
                          "1969-12-31T23:59:59Z", "2199-12-31T00:00:01Z"}) {
        auto t = parse_iso8601(s);
        REQUIRE(t.has_value());
        CHECK(format_iso8601(*t) == s);
    }
    // Every 97 hours over three centuries against timegm, both directions.
    for (auto t = oracle(1901, 1, 1); t < oracle(2200, 1, 1); t += hours(97) + seconds(13)) {
        const std::string s = format_iso8601(t);
        auto back = parse_iso8601(s);
        REQUIRE(back.has_value());
        REQUIRE(*back == t);
        const auto c = ck::core::to_civil(t);
        REQUIRE(oracle(c.year, c.month, c.day, c.hour, c.minute, c.second) == t);
        REQUIRE(ck::core::from_civil(c) == t);
    }
}

TEST_CASE("format_iso8601 rounds sub-second times down, also before 1970") {
    auto t = parse_iso8601("1969-12-31T23:59:59Z");
    REQUIRE(t.has_value());
    CHECK(format_iso8601(*t + std::chrono::milliseconds(999)) == "1969-12-31T23:59:59Z");
    CHECK(format_iso8601(*t - std::chrono::milliseconds(1)) == "1969-12-31T23:59:58Z");
}

TEST_CASE("parse_iso8601 rejects bad input with a code and a message") {
    for (const char* s : {"", "2026", "2026-11", "26-11-21", "2026/11/21", "2026-11-21T",
                          "2026-11-21T15", "2026-11-21T15:3", "2026-11-21T15:30:0Z",
                          "2026-11-21T15:30:00Q", "2026-11-21T15:30:00+1", "2026-11-21T15:30:00.Z",
                          "2026-11-21x", " 2026-11-21", "2026-11-21T15:30:00Z ", "tomorrow"}) {
        auto r = parse_iso8601(s);
        INFO(s);
        REQUIRE_FALSE(r);
        CHECK(r.error().code == TimeErrorCode::Syntax);
        CHECK(r.error().input == s);
        CHECK(r.error().message.find(s) != std::string::npos);
    }
    for (const char* s : {"2026-13-01", "2026-00-10", "2026-04-31", "2025-02-29", "1900-02-29",
                          "2026-11-21T24:00:00Z", "2026-11-21T12:60:00Z", "2026-11-21T12:00:60Z",
                          "2026-11-21T12:00:00+24:00", "9999-01-01"}) {
        auto r = parse_iso8601(s);
        INFO(s);
        REQUIRE_FALSE(r);
        CHECK(r.error().code == TimeErrorCode::OutOfRange);
    }
    CHECK(parse_iso8601("2000-02-29").has_value());  // divisible by 400: a leap year
}

TEST_CASE("date and mail header forms") {
    auto t = parse_iso8601("2026-11-21T15:30:05Z");
    REQUIRE(t.has_value());
    CHECK(ck::core::format_iso_date(*t) == "2026-11-21");
    CHECK(ck::core::format_rfc5322(*t) == "Sat, 21 Nov 2026 15:30:05 +0000");
    auto u = parse_iso8601("2027-01-04T09:05:00Z");
    REQUIRE(u.has_value());
    CHECK(ck::core::format_rfc5322(*u) == "Mon, 04 Jan 2027 09:05:00 +0000");
}

TEST_CASE("FixedClock answers what it was set to; SystemClock moves") {
    auto t = parse_iso8601("2026-11-21T15:30:00Z");
    REQUIRE(t.has_value());
    ck::core::FixedClock fixed(*t);
    const ck::core::Clock& clock = fixed;
    CHECK(clock.now() == *t);
    fixed.advance(minutes(90));
    CHECK(format_iso8601(clock.now()) == "2026-11-21T17:00:00Z");
    ck::core::SystemClock sys;
    CHECK(sys.now() > *parse_iso8601("2020-01-01"));
}
