#include "club/tournament_file.hpp"

#include <charconv>
#include <set>

#include "club/knockout.hpp"
#include "club/team_match.hpp"

namespace ck::club {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < s.size() && s[i] != ' ') ++i;
        if (i > start) out.push_back(s.substr(start, i - start));
    }
    return out;
}

template <typename Int>
bool parse_int(std::string_view s, Int& out) {
    if (s.empty() || s[0] == '-' || s[0] == '+') return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

// `Name <address>` or `<address>`.
std::optional<Player> parse_player(std::string_view v) {
    const auto open = v.rfind('<');
    if (open == std::string_view::npos || v.empty() || v.back() != '>') return std::nullopt;
    return Player{std::string(trim(v.substr(0, open))),
                  std::string(v.substr(open + 1, v.size() - open - 2))};
}

// `ROUND WHITE BLACK GAME RESULT [ENDING]`, players 1-based.
std::optional<Pairing> parse_game(std::string_view v) {
    const auto w = words(v);
    if (w.size() != 5 && w.size() != 6) return std::nullopt;
    Pairing p;
    if (!parse_int(w[0], p.round) || !parse_int(w[1], p.white) || !parse_int(w[2], p.black))
        return std::nullopt;
    --p.white;
    --p.black;
    if (w[3] != "-") {
        const auto id = core::parse_game_id(w[3]);
        if (!id) return std::nullopt;
        p.game = *id;
    }
    const auto outcome = parse_outcome(w[4]);
    if (!outcome) return std::nullopt;
    p.outcome = *outcome;
    if (w.size() == 6) p.ending = std::string(w[5]);
    return p;
}

// Bye points as written: "0", "0.5", "1" (tenths 0, 5, 10).
std::string bye_points_text(int tenths) {
    return tenths == 5 ? "0.5" : std::to_string(tenths / 10);
}

}  // namespace

std::optional<int> parse_bye_points(std::string_view v) {
    if (v == "0") return 0;
    if (v == "0.5" || v == ".5" || v == "1/2") return 5;
    if (v == "1") return 10;
    return std::nullopt;
}

namespace {

core::Unexpected<Error> fail(ErrorCode code, std::size_t line, std::string message) {
    return core::unexpected(Error{code, line, std::move(message)});
}

}  // namespace

std::string format_tournament(const Tournament& t) {
    std::string s = "# crazykrieg tournament\n";
    auto put = [&s](const char* key, const std::string& value) {
        s += std::string(key) + " =" + (value.empty() ? "" : " " + value) + "\n";
    };
    put("id", t.id);
    put("name", t.name);
    put("kind", t.kind == Kind::Double ? "double" : "single");
    put("variant", t.settings.variant);
    put("hidden", t.settings.hidden ? "true" : "false");
    put("rules", t.settings.rules ? std::string(referee::rule_set_name(*t.settings.rules)) : "");
    put("time", t.settings.time);
    if (t.settings.rated) put("rated", *t.settings.rated ? "yes" : "no");
    if (t.entries_open) put("entries", "open");
    if (t.system == System::Swiss) {
        put("system", "swiss");
        put("rounds", std::to_string(t.swiss.rounds));
        if (t.swiss.round_days > 0) put("round-days", std::to_string(t.swiss.round_days));
        put("bye-points", bye_points_text(t.swiss.pairing_bye_points));
        put("requested-bye-points", bye_points_text(t.swiss.requested_bye_points));
        if (t.swiss.late_bye_points != 0)
            put("late-bye-points", bye_points_text(t.swiss.late_bye_points));
        put("tiebreaks", tiebreaks_text(t.swiss.tiebreaks));
        if (!t.round_started.empty()) put("round-started", t.round_started);
        if (t.overdue_reported > 0) put("overdue-reported", std::to_string(t.overdue_reported));
    }
    if (t.system == System::Teams) {  // docs/teams.md
        put("system", "teams");
        put("team-games", std::to_string(t.match.games));
    }
    if (is_staged(t)) {  // docs/knockout.md
        put("system", t.system == System::Groups ? "groups" : "knockout");
        put("games", std::to_string(t.stages.games));
        put("tie", tie_rule_text(t.stages.tie_matches));
        if (t.system == System::Groups) {
            put("group-size", std::to_string(t.stages.group_size));
            put("advance", std::to_string(t.stages.advance));
        }
    }
    for (const Player& p : t.players)
        put("player", (p.name.empty() ? "" : p.name + " ") + "<" + p.address + ">");
    for (const Team& team : t.match.teams) put("team", team_line(team));
    for (const Pairing& p : t.pairings) {
        std::string g = std::to_string(p.round) + " " + std::to_string(p.white + 1) + " " +
                        std::to_string(p.black + 1) + " " + (p.game ? to_string(*p.game) : "-") +
                        " " + outcome_text(p.outcome);
        if (!p.ending.empty()) g += " " + p.ending;
        put("game", g);
    }
    for (const Bye& b : t.byes)
        put("bye", std::to_string(b.round) + " " + std::to_string(b.player + 1) + " " +
                       (b.kind == ByeKind::Pairing ? "pairing" : "requested"));
    for (const Withdrawal& w : t.withdrawals)
        put("withdrawn", std::to_string(w.player + 1) + " " + std::to_string(w.from_round));
    for (const LateEntry& e : t.late_entries)
        put("entered", std::to_string(e.player + 1) + " " + std::to_string(e.from_round));
    return s;
}

core::Result<Tournament, Error> parse_tournament(std::string_view text) {
    Tournament t;
    std::set<std::string> seen;
    std::size_t number = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        const std::string_view raw = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        ++number;
        const std::string_view line = trim(raw);
        if (line.empty() || line[0] == '#') continue;
        const auto eq = line.find('=');
        if (eq == std::string_view::npos)
            return fail(ErrorCode::BadLine, number, "expected 'key = value'");
        const std::string key(trim(line.substr(0, eq)));
        const std::string_view value = trim(line.substr(eq + 1));
        const std::string v(value);
        if (key == "player") {
            auto p = parse_player(value);
            if (!p) return fail(ErrorCode::BadValue, number, "player must be 'Name <address>'");
            t.players.push_back(std::move(*p));
            continue;
        }
        if (key == "game") {
            auto g = parse_game(value);
            if (!g)
                return fail(ErrorCode::BadValue, number,
                            "game must be 'ROUND WHITE BLACK GAME RESULT [ENDING]'");
            t.pairings.push_back(std::move(*g));
            continue;
        }
        if (key == "bye") {
            const auto w = words(value);
            Bye b;
            if (w.size() != 3 || !parse_int(w[0], b.round) || !parse_int(w[1], b.player) ||
                b.player < 1 || (w[2] != "pairing" && w[2] != "requested"))
                return fail(ErrorCode::BadValue, number,
                            "bye must be 'ROUND PLAYER pairing|requested'");
            --b.player;
            b.kind = w[2] == "pairing" ? ByeKind::Pairing : ByeKind::Requested;
            t.byes.push_back(b);
            continue;
        }
        if (key == "withdrawn") {
            const auto w = words(value);
            Withdrawal wd;
            if (w.size() != 2 || !parse_int(w[0], wd.player) || !parse_int(w[1], wd.from_round) ||
                wd.player < 1)
                return fail(ErrorCode::BadValue, number, "withdrawn must be 'PLAYER ROUND'");
            --wd.player;
            t.withdrawals.push_back(wd);
            continue;
        }
        if (key == "entered") {
            const auto w = words(value);
            LateEntry e;
            if (w.size() != 2 || !parse_int(w[0], e.player) || !parse_int(w[1], e.from_round) ||
                e.player < 1)
                return fail(ErrorCode::BadValue, number, "entered must be 'PLAYER ROUND'");
            --e.player;
            t.late_entries.push_back(e);
            continue;
        }
        if (key == "system") {
            if (!seen.insert(key).second)
                return fail(ErrorCode::DuplicateKey, number, "'" + key + "' given twice");
            if (v != "swiss" && v != "roundrobin" && v != "knockout" && v != "groups" &&
                v != "teams")
                return fail(
                    ErrorCode::BadValue, number,
                    "system must be 'roundrobin', 'swiss', 'knockout', 'groups' or 'teams'");
            t.system = v == "swiss"      ? System::Swiss
                       : v == "knockout" ? System::Knockout
                       : v == "groups"   ? System::Groups
                       : v == "teams"    ? System::Teams
                                         : System::RoundRobin;
            continue;
        }
        if (key == "team") {  // team_match.hpp
            auto team = parse_team_line(value);
            if (!team)
                return fail(ErrorCode::BadValue, number,
                            "team must be 'captain|rating CAPTAIN|- PLAYERS|- NAME'");
            t.match.teams.push_back(std::move(*team));
            continue;
        }
        if (key == "team-games") {
            if (!seen.insert(key).second)
                return fail(ErrorCode::DuplicateKey, number, "'" + key + "' given twice");
            if (!parse_int(value, t.match.games))
                return fail(ErrorCode::BadValue, number, "team-games must be a number");
            continue;
        }
        if (key == "games" || key == "group-size" || key == "advance") {
            if (!seen.insert(key).second)
                return fail(ErrorCode::DuplicateKey, number, "'" + key + "' given twice");
            int n = 0;
            if (!parse_int(value, n) || n > 1000)
                return fail(ErrorCode::BadValue, number, key + " must be a number");
            (key == "games"        ? t.stages.games
             : key == "group-size" ? t.stages.group_size
                                   : t.stages.advance) = n;
            continue;
        }
        if (key == "tie") {
            if (!seen.insert(key).second)
                return fail(ErrorCode::DuplicateKey, number, "'" + key + "' given twice");
            const auto tie = parse_tie_rule(value);
            if (!tie)
                return fail(ErrorCode::BadValue, number, "tie must be seed, match or match:N");
            t.stages.tie_matches = *tie;
            continue;
        }
        if (key == "rounds" || key == "round-days" || key == "overdue-reported") {
            if (!seen.insert(key).second)
                return fail(ErrorCode::DuplicateKey, number, "'" + key + "' given twice");
            int n = 0;
            if (!parse_int(value, n))
                return fail(ErrorCode::BadValue, number, key + " must be a number");
            (key == "rounds"       ? t.swiss.rounds
             : key == "round-days" ? t.swiss.round_days
                                   : t.overdue_reported) = n;
            continue;
        }
        if (key == "bye-points" || key == "requested-bye-points" || key == "late-bye-points") {
            if (!seen.insert(key).second)
                return fail(ErrorCode::DuplicateKey, number, "'" + key + "' given twice");
            const auto pts = parse_bye_points(value);
            if (!pts) return fail(ErrorCode::BadValue, number, key + " must be 0, 0.5 or 1");
            (key == "bye-points"             ? t.swiss.pairing_bye_points
             : key == "requested-bye-points" ? t.swiss.requested_bye_points
                                             : t.swiss.late_bye_points) = *pts;
            continue;
        }
        if (key == "tiebreaks") {
            if (!seen.insert(key).second)
                return fail(ErrorCode::DuplicateKey, number, "'" + key + "' given twice");
            const auto list = parse_tiebreaks(value);
            if (!list)
                return fail(ErrorCode::BadValue, number,
                            "tiebreaks must be a list of bh, bh-c1, sb, de, win");
            t.swiss.tiebreaks = *list;
            continue;
        }
        if (key == "round-started") {
            if (!seen.insert(key).second)
                return fail(ErrorCode::DuplicateKey, number, "'" + key + "' given twice");
            t.round_started = v;
            continue;
        }
        if (key != "id" && key != "name" && key != "kind" && key != "variant" && key != "hidden" &&
            key != "rules" && key != "time" && key != "entries" && key != "rated")
            return fail(ErrorCode::UnknownKey, number, "unknown key '" + key + "'");
        if (!seen.insert(key).second)
            return fail(ErrorCode::DuplicateKey, number, "'" + key + "' given twice");
        if (key == "id") {
            t.id = v;
        } else if (key == "name") {
            t.name = v;
        } else if (key == "kind") {
            if (v != "single" && v != "double")
                return fail(ErrorCode::BadValue, number, "kind must be 'single' or 'double'");
            t.kind = v == "double" ? Kind::Double : Kind::Single;
        } else if (key == "variant") {
            t.settings.variant = v;
        } else if (key == "hidden") {
            if (v != "true" && v != "false")
                return fail(ErrorCode::BadValue, number, "hidden must be 'true' or 'false'");
            t.settings.hidden = v == "true";
        } else if (key == "rules") {
            if (v.empty()) {
                t.settings.rules.reset();
            } else {
                t.settings.rules = referee::find_rule_set(v);
                if (!t.settings.rules)
                    return fail(ErrorCode::BadValue, number, "unknown rule set '" + v + "'");
            }
        } else if (key == "rated") {
            if (v != "yes" && v != "no")
                return fail(ErrorCode::BadValue, number, "rated must be 'yes' or 'no'");
            t.settings.rated = v == "yes";
        } else if (key == "entries") {
            if (v != "open" && v != "closed")
                return fail(ErrorCode::BadValue, number, "entries must be 'open' or 'closed'");
            t.entries_open = v == "open";
        } else {
            t.settings.time = v;
        }
    }
    for (const char* key : {"id", "name", "kind", "variant"})
        if (seen.count(key) == 0)
            return fail(ErrorCode::MissingKey, 0, std::string("missing '") + key + "'");
    if (auto ok = validate(t); !ok) return core::unexpected(ok.error());
    return t;
}

}  // namespace ck::club
