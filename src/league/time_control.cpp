#include "league/time_control.hpp"

#include <cctype>

namespace ck::league {
namespace {

constexpr int MaxDays = 3650;
constexpr int MaxMoves = 1000;
constexpr long long SecondsPerDay = 86400;

core::Unexpected<TimeControlError> fail(std::string_view spec, const std::string& why) {
    return core::unexpected(TimeControlError{"time control \"" + std::string(spec) + "\": " + why +
                                             " (forms: 3d, 10/50d, 30d+1d, 30d+1d/45d)"});
}

// Reads digits at pos (at most 6) into value; false when there are none.
bool read_number(std::string_view s, std::size_t& pos, int& value) {
    const std::size_t start = pos;
    long long v = 0;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])) && pos - start < 6) {
        v = v * 10 + (s[pos] - '0');
        ++pos;
    }
    if (pos == start || (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])))) {
        return false;
    }
    value = static_cast<int>(v);
    return true;
}

// A number followed by 'd' or 'D'.
bool read_days(std::string_view s, std::size_t& pos, int& value) {
    if (!read_number(s, pos, value)) return false;
    if (pos >= s.size() || (s[pos] != 'd' && s[pos] != 'D')) return false;
    ++pos;
    return true;
}

}  // namespace

core::Result<TimeControl, TimeControlError> parse_time_control(std::string_view spec) {
    TimeControl tc;
    std::size_t pos = 0;
    int first = 0;
    if (!read_number(spec, pos, first)) return fail(spec, "expected a number");
    if (pos < spec.size() && spec[pos] == '/') {
        ++pos;
        tc.kind = TimeControl::Kind::MovesInDays;
        tc.moves = first;
        if (!read_days(spec, pos, tc.days)) return fail(spec, "expected days after '/'");
    } else {
        if (pos >= spec.size() || (spec[pos] != 'd' && spec[pos] != 'D')) {
            return fail(spec, "expected 'd' after the number of days");
        }
        ++pos;
        tc.days = first;
        if (pos < spec.size() && spec[pos] == '+') {
            ++pos;
            tc.kind = TimeControl::Kind::Fischer;
            if (!read_days(spec, pos, tc.increment_days)) {
                return fail(spec, "expected the increment in days after '+'");
            }
            if (pos < spec.size() && spec[pos] == '/') {
                ++pos;
                int cap = 0;
                if (!read_days(spec, pos, cap)) return fail(spec, "expected the cap in days");
                tc.cap_days = cap;
            }
        }
    }
    if (pos != spec.size()) return fail(spec, "unexpected text after the time control");
    if (tc.days < 1 || tc.days > MaxDays) return fail(spec, "days must be 1..3650");
    if (tc.kind == TimeControl::Kind::MovesInDays && (tc.moves < 1 || tc.moves > MaxMoves)) {
        return fail(spec, "moves must be 1..1000");
    }
    if (tc.increment_days > MaxDays) return fail(spec, "increment must be 0..3650 days");
    if (tc.cap_days && (*tc.cap_days < tc.days || *tc.cap_days > MaxDays)) {
        return fail(spec, "the cap must be at least the base time and at most 3650 days");
    }
    return tc;
}

std::string format_time_control(const TimeControl& tc) {
    switch (tc.kind) {
        case TimeControl::Kind::DaysPerMove:
            return std::to_string(tc.days) + "d";
        case TimeControl::Kind::MovesInDays:
            return std::to_string(tc.moves) + "/" + std::to_string(tc.days) + "d";
        case TimeControl::Kind::Fischer: {
            std::string out =
                std::to_string(tc.days) + "d+" + std::to_string(tc.increment_days) + "d";
            if (tc.cap_days) out += "/" + std::to_string(*tc.cap_days) + "d";
            return out;
        }
    }
    return {};
}

std::string pgn_time_control(const TimeControl& tc) {
    const auto seconds = [](int days) { return std::to_string(days * SecondsPerDay); };
    switch (tc.kind) {
        case TimeControl::Kind::DaysPerMove:
            return "1/" + seconds(tc.days);
        case TimeControl::Kind::MovesInDays:
            return std::to_string(tc.moves) + "/" + seconds(tc.days);
        case TimeControl::Kind::Fischer:
            return seconds(tc.days) + "+" + seconds(tc.increment_days);
    }
    return {};
}

}  // namespace ck::league
