#include "league/game_clock.hpp"

#include <algorithm>
#include <map>
#include <sstream>

namespace ck::league {
namespace {

using rules::Color;

std::size_t idx(Color c) { return c == Color::White ? 0 : 1; }

}  // namespace

ClockState initial_clock(const TimeControl& tc, core::TimePoint start) {
    ClockState s;
    s.turn_start = std::chrono::time_point_cast<Seconds>(start);
    const Seconds full = tc.kind == TimeControl::Kind::DaysPerMove ? Seconds{0} : Day * tc.days;
    s.bank = {full, full};
    return s;
}

std::string format_clock_ini(const ClockState& s) {
    std::ostringstream out;
    out << "version = " << ClockIniVersion << "\n"
        << "turn_start = " << core::format_iso8601(s.turn_start) << "\n"
        << "white_bank = " << s.bank[0].count() << "\n"
        << "black_bank = " << s.bank[1].count() << "\n"
        << "white_period_moves = " << s.period_moves[0] << "\n"
        << "black_period_moves = " << s.period_moves[1] << "\n"
        << "reminded = " << s.reminded << "\n";
    return out.str();
}

namespace {

// A clock.ini that does not parse (parse_clock_ini).
core::Unexpected<core::Error> corrupt(std::string detail) {
    return core::unexpected(core::corrupt_error(std::move(detail)));
}

}  // namespace

core::Result<ClockState, core::Error> parse_clock_ini(const std::string& text) {
    std::map<std::string, std::string> kv;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const auto eq = line.find(" = ");
        if (eq == std::string::npos) return corrupt("clock.ini: bad line '" + line + "'");
        kv[line.substr(0, eq)] = line.substr(eq + 3);
    }
    // game_clock.hpp: a file without the version line is version 1.
    if (auto v = kv.find("version"); v != kv.end() && v->second != "1")
        return corrupt("clock.ini: version '" + v->second +
                       "' is not one this crazykrieg reads (1)");
    ClockState s;
    try {
        auto start = core::parse_iso8601(kv.at("turn_start"));
        if (!start) return corrupt("clock.ini: " + start.error().message);
        s.turn_start = *start;
        s.bank[0] = Seconds{std::stoll(kv.at("white_bank"))};
        s.bank[1] = Seconds{std::stoll(kv.at("black_bank"))};
        s.period_moves[0] = std::stoi(kv.at("white_period_moves"));
        s.period_moves[1] = std::stoi(kv.at("black_period_moves"));
        s.reminded = std::stoi(kv.at("reminded"));
        if (s.reminded < 0) return corrupt("clock.ini: reminded below 0");
    } catch (const std::exception&) {
        return corrupt("clock.ini: a key is missing or not a number");
    }
    return s;
}

Seconds turn_budget(const ClockState& s, const TimeControl& tc, Color c) {
    if (tc.kind == TimeControl::Kind::DaysPerMove) return Day * tc.days;
    return s.bank[idx(c)];
}

Seconds counted_time(core::TimePoint from, core::TimePoint to,
                     const std::vector<LeavePeriod>& leave) {
    if (to <= from) return Seconds{0};
    auto total = std::chrono::duration_cast<Seconds>(to - from);
    for (const auto& l : leave) {
        const auto a = std::max(from, l.start);
        const auto b = std::min(to, l.end);
        if (b > a) total -= std::chrono::duration_cast<Seconds>(b - a);
    }
    return total;
}

core::TimePoint counted_deadline(core::TimePoint from, Seconds budget,
                                 const std::vector<LeavePeriod>& leave) {
    core::TimePoint t = from;
    Seconds left = budget;
    for (const auto& l : leave) {
        if (l.end <= t) continue;
        if (l.start > t) {
            const auto run = std::chrono::duration_cast<Seconds>(l.start - t);
            if (run >= left) return t + left;
            left -= run;
        }
        t = l.end;
    }
    return t + left;
}

core::TimePoint deadline_of(const ClockState& s, const TimeControl& tc, Color to_move,
                            const std::vector<LeavePeriod>& leave) {
    return counted_deadline(s.turn_start, turn_budget(s, tc, to_move), leave);
}

core::TimePoint counted_arrival(const ClockState& s, core::TimePoint arrived, core::TimePoint now) {
    return arrived > now || arrived < s.turn_start ? now : arrived;
}

ClockState after_move(const ClockState& s, const TimeControl& tc, Color mover, core::TimePoint at,
                      const std::vector<LeavePeriod>& leave, std::optional<core::TimePoint> moved) {
    ClockState n = s;
    const std::size_t i = idx(mover);
    const core::TimePoint end = moved ? std::max(s.turn_start, std::min(*moved, at)) : at;
    const Seconds used = counted_time(s.turn_start, end, leave);
    switch (tc.kind) {
        case TimeControl::Kind::DaysPerMove:
            break;
        case TimeControl::Kind::MovesInDays:
            n.bank[i] = std::max(Seconds{0}, s.bank[i] - used);
            if (++n.period_moves[i] >= tc.moves) {
                n.period_moves[i] = 0;
                n.bank[i] += Day * tc.days;
            }
            break;
        case TimeControl::Kind::Fischer:
            n.bank[i] = std::max(Seconds{0}, s.bank[i] - used) + Day * tc.increment_days;
            if (tc.cap_days) n.bank[i] = std::min(n.bank[i], Day * *tc.cap_days);
            break;
    }
    n.turn_start = std::chrono::time_point_cast<Seconds>(at);
    n.reminded = 0;
    return n;
}

namespace {

// A stored clock.ini; one that does not parse is corrupt.
core::Result<ClockState, core::Error> clock_of(const std::string& text) {
    return parse_clock_ini(text);
}

}  // namespace

std::optional<TimeControl> clock_control(const GameMeta& meta) {
    if (meta.time.empty()) return std::nullopt;
    auto tc = parse_time_control(meta.time);
    if (!tc) return std::nullopt;
    return *tc;
}

core::Result<ClockState, core::Error> load_clock(const store::Store& store, store::GameId id,
                                                 const GameMeta& meta) {
    const auto tc = clock_control(meta);
    if (!tc)
        return core::unexpected(
            core::invalid_error("game " + to_string(id) + " has no time control"));
    auto text = store.read_game_file(id, "clock.ini");
    if (text) return clock_of(*text);
    auto created = core::parse_iso8601(meta.created);
    if (!created)
        return core::unexpected(
            core::corrupt_error("game " + to_string(id) + ": bad created time"));
    return initial_clock(*tc, *created);
}

void save_clock(store::Transaction& tx, store::GameId id, const ClockState& s) {
    tx.write_game_file(id, "clock.ini", format_clock_ini(s));
}

core::Result<std::optional<core::TimePoint>, core::Error> game_deadline(
    const store::Store& store, store::GameId id, const StoredGame& g,
    const store::Transaction* staged) {
    const auto tc = clock_control(g.meta);
    if (!tc || g.game.over()) return std::optional<core::TimePoint>{};
    // The clock `staged` writes last, else the stored one (a new game's clock is only staged:
    // no read of a file that is not there yet).
    const store::FileWrite* written = nullptr;
    if (staged)
        for (const auto& f : staged->files())
            if (f.game == id && f.name == "clock.ini") written = &f;
    auto s = written ? clock_of(written->bytes) : load_clock(store, id, g.meta);
    if (!s) return core::unexpected(s.error());
    auto book = LeaveBook::load(store, staged);
    if (!book) return core::unexpected(book.error());
    const Color c = g.game.side_to_move();
    return std::optional<core::TimePoint>{
        deadline_of(*s, *tc, c, book->periods(g.meta.address(c)))};
}

}  // namespace ck::league
