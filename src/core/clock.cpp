#include "core/clock.hpp"

#include <cstdio>

namespace ck::core {
namespace {

using std::chrono::seconds;
using std::chrono::system_clock;

// Days since 1970-01-01 of a proleptic Gregorian date, and back (H. Hinnant's algorithms,
// "chrono-Compatible Low-Level Date Algorithms").
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

void civil_from_days(std::int64_t z, CivilTime& c) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    c.day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    c.month = static_cast<int>(m);
    c.year = static_cast<int>(static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2 ? 1 : 0));
}

bool is_leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int days_in_month(int y, int m) {
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && is_leap(y) ? 29 : days[m - 1];
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

// A cursor over the text with the few lexical steps ISO 8601 needs.
class Scanner {
public:
    explicit Scanner(std::string_view s) : s_(s) {}
    bool done() const { return i_ == s_.size(); }
    char peek() const { return done() ? '\0' : s_[i_]; }
    bool eat(char c) {
        if (peek() != c) return false;
        ++i_;
        return true;
    }
    // Exactly n decimal digits.
    bool digits(int n, int& out) {
        out = 0;
        for (int k = 0; k < n; ++k) {
            char c = peek();
            if (c < '0' || c > '9') return false;
            out = out * 10 + (c - '0');
            ++i_;
        }
        return true;
    }
    // One or more digits as nanoseconds (digits past the ninth are dropped).
    bool fraction(std::int64_t& nanos) {
        int count = 0;
        nanos = 0;
        while (peek() >= '0' && peek() <= '9') {
            if (count < 9) {
                nanos = nanos * 10 + (peek() - '0');
                ++count;
            }
            ++i_;
        }
        if (count == 0) return false;
        for (int k = count; k < 9; ++k) nanos *= 10;
        return true;
    }

private:
    std::string_view s_;
    size_t i_ = 0;
};

Unexpected<TimeError> time_error(TimeErrorCode code, std::string_view text, const char* why) {
    return unexpected(TimeError{code, std::string(text),
                                "bad ISO 8601 time '" + std::string(text) + "': " + why});
}

}  // namespace

CivilTime to_civil(TimePoint t) {
    const std::int64_t secs = std::chrono::floor<seconds>(t.time_since_epoch()).count();
    const std::int64_t days = floor_div(secs, 86400);
    const std::int64_t rem = secs - days * 86400;
    CivilTime c;
    civil_from_days(days, c);
    c.hour = static_cast<int>(rem / 3600);
    c.minute = static_cast<int>(rem / 60 % 60);
    c.second = static_cast<int>(rem % 60);
    c.weekday = static_cast<int>(days >= -4 ? (days + 4) % 7 : (days + 5) % 7 + 6);
    return c;
}

TimePoint from_civil(const CivilTime& c) {
    const std::int64_t days =
        days_from_civil(c.year, static_cast<unsigned>(c.month), static_cast<unsigned>(c.day));
    return TimePoint(seconds(days * 86400 + c.hour * 3600 + c.minute * 60 + c.second));
}

Result<TimePoint, TimeError> parse_iso8601(std::string_view text) {
    Scanner s(text);
    CivilTime c;
    if (!s.digits(4, c.year) || !s.eat('-') || !s.digits(2, c.month) || !s.eat('-') ||
        !s.digits(2, c.day)) {
        return time_error(TimeErrorCode::Syntax, text, "expected YYYY-MM-DD");
    }
    if (c.month < 1 || c.month > 12 || c.day < 1 || c.day > days_in_month(c.year, c.month)) {
        return time_error(TimeErrorCode::OutOfRange, text, "no such date");
    }
    std::int64_t nanos = 0;
    int offset_minutes = 0;
    if (!s.done()) {
        if (!s.eat('T') && !s.eat('t') && !s.eat(' ')) {
            return time_error(TimeErrorCode::Syntax, text, "expected 'T' after the date");
        }
        if (!s.digits(2, c.hour) || !s.eat(':') || !s.digits(2, c.minute)) {
            return time_error(TimeErrorCode::Syntax, text, "expected HH:MM after the date");
        }
        if (s.eat(':')) {
            if (!s.digits(2, c.second)) {
                return time_error(TimeErrorCode::Syntax, text, "expected two digits of seconds");
            }
            if ((s.eat('.') || s.eat(',')) && !s.fraction(nanos)) {
                return time_error(TimeErrorCode::Syntax, text, "expected digits after the point");
            }
        }
        if (c.hour > 23 || c.minute > 59 || c.second > 59) {
            return time_error(TimeErrorCode::OutOfRange, text, "no such time of day");
        }
        if (s.eat('Z') || s.eat('z')) {
            // UTC
        } else if (s.peek() == '+' || s.peek() == '-') {
            const int sign = s.peek() == '-' ? -1 : 1;
            s.eat(s.peek());
            int oh = 0;
            int om = 0;
            if (!s.digits(2, oh)) {
                return time_error(TimeErrorCode::Syntax, text, "expected +HH:MM offset");
            }
            if (!s.done()) {
                s.eat(':');  // "+HH:MM" or "+HHMM"
                if (!s.digits(2, om)) {
                    return time_error(TimeErrorCode::Syntax, text, "expected +HH:MM offset");
                }
            }
            if (oh > 23 || om > 59) {
                return time_error(TimeErrorCode::OutOfRange, text, "no such UTC offset");
            }
            offset_minutes = sign * (oh * 60 + om);
        }
    }
    if (!s.done()) return time_error(TimeErrorCode::Syntax, text, "unexpected trailing text");

    // The instant must fit system_clock (nanosecond ticks: about 1678 to 2262).
    const std::int64_t secs =
        days_from_civil(c.year, static_cast<unsigned>(c.month), static_cast<unsigned>(c.day)) *
            86400 +
        c.hour * 3600 + c.minute * 60 + c.second - std::int64_t{offset_minutes} * 60;
    const std::int64_t max_secs =
        std::chrono::duration_cast<seconds>(TimePoint::max().time_since_epoch()).count() - 1;
    const std::int64_t min_secs =
        std::chrono::duration_cast<seconds>(TimePoint::min().time_since_epoch()).count() + 1;
    if (secs > max_secs || secs < min_secs) {
        return time_error(TimeErrorCode::OutOfRange, text, "outside the clock's range");
    }
    return TimePoint(seconds(secs)) +
           std::chrono::duration_cast<system_clock::duration>(std::chrono::nanoseconds(nanos));
}

std::string format_iso8601(TimePoint t) {
    const CivilTime c = to_civil(t);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year, c.month, c.day, c.hour,
                  c.minute, c.second);
    return buf;
}

std::string format_iso_date(TimePoint t) {
    const CivilTime c = to_civil(t);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", c.year, c.month, c.day);
    return buf;
}

std::string format_rfc5322(TimePoint t) {
    static const char* const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const CivilTime c = to_civil(t);
    char buf[48];
    std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[c.weekday], c.day,
                  months[c.month - 1], c.year, c.hour, c.minute, c.second);
    return buf;
}

}  // namespace ck::core
