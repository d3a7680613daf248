#include "club/tournament_file.hpp"

#include <charconv>
#include <set>

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
        std::uint64_t id = 0;
        if (!parse_int(w[3], id)) return std::nullopt;
        p.game = id;
    }
    const auto outcome = parse_outcome(w[4]);
    if (!outcome) return std::nullopt;
    p.outcome = *outcome;
    if (w.size() == 6) p.ending = std::string(w[5]);
    return p;
}

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
    put("rules", t.settings.rules);
    put("time", t.settings.time);
    if (t.settings.rated) put("rated", *t.settings.rated ? "yes" : "no");
    if (t.entries_open) put("entries", "open");
    for (const Player& p : t.players)
        put("player", (p.name.empty() ? "" : p.name + " ") + "<" + p.address + ">");
    for (const Pairing& p : t.pairings) {
        std::string g = std::to_string(p.round) + " " + std::to_string(p.white + 1) + " " +
                        std::to_string(p.black + 1) + " " +
                        (p.game ? std::to_string(*p.game) : "-") + " " + outcome_text(p.outcome);
        if (!p.ending.empty()) g += " " + p.ending;
        put("game", g);
    }
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
            t.settings.rules = v;
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
