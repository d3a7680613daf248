#pragma once
// Correspondence time controls (docs/cli.md `--time SPEC`, docs/mail-protocol.md "Time controls"):
//   3d          3 days per move
//   10/50d      10 moves in 50 days (then the next 10 moves in the next 50 days, and so on)
//   30d+1d      Fischer in days: 30 days base, 1 day added after each move
//   30d+1d/45d  the same with the time on the clock capped at 45 days
// Whole days only, 'd' in either case, no spaces inside. Clock arithmetic is not here.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace ck::league {

struct TimeControl {
    enum class Kind : std::uint8_t { DaysPerMove, MovesInDays, Fischer };
    Kind kind = Kind::DaysPerMove;
    int days = 0;                 // DaysPerMove: per move; MovesInDays: the period; Fischer: base
    int moves = 0;                // MovesInDays only
    int increment_days = 0;       // Fischer only (0 allowed: sudden death)
    std::optional<int> cap_days;  // Fischer only; >= days

    friend bool operator==(const TimeControl& a, const TimeControl& b) {
        return a.kind == b.kind && a.days == b.days && a.moves == b.moves &&
               a.increment_days == b.increment_days && a.cap_days == b.cap_days;
    }
};

struct TimeControlError {
    std::string message;  // names the spec and what is wrong
};

// Limits: days 1..3650 (increment 0..3650), moves 1..1000.
[[nodiscard]] core::Result<TimeControl, TimeControlError> parse_time_control(std::string_view spec);

// The canonical spec: parse_time_control(format_time_control(tc)) == tc.
std::string format_time_control(const TimeControl& tc);

// The PGN TimeControl tag (PGN standard 9.6.1, seconds): "10/4320000" for 10/50d;
// "2592000+86400" for 30d+1d. The standard has neither days per move nor a cap, so the closest
// forms are used: 3d -> "1/259200" (one move per 3-day period; a period's unused time is not
// carried in correspondence play, which the standard cannot say), and a Fischer cap is dropped
// (30d+1d/45d -> "2592000+86400"). The referee's own record keeps the exact spec elsewhere.
std::string pgn_time_control(const TimeControl& tc);

}  // namespace ck::league
