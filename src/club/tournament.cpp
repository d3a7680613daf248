#include "club/tournament.hpp"

#include <set>

#include "club/pairing.hpp"
#include "club/text_util.hpp"

namespace ck::club {
namespace {

core::Unexpected<Error> fail(ErrorCode code, std::string message) {
    return core::unexpected(Error{code, 0, std::move(message)});
}

bool is_id(std::string_view s) {
    if (s.empty() || s.size() > 64) return false;
    auto alnum = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    };
    if (!alnum(s[0])) return false;
    for (char c : s)
        if (!alnum(c) && c != '.' && c != '_' && c != '-') return false;
    return true;
}

// Text that survives tournament.ini: one line, no spaces at either end.
bool one_line(std::string_view s) {
    return !text::has_control(s) && (s.empty() || (s.front() != ' ' && s.back() != ' '));
}

core::Result<void, Error> check_fields(const Tournament& t) {
    if (!is_id(t.id))
        return fail(ErrorCode::BadField, "tournament id '" + t.id +
                                             "' must be 1-64 of A-Z a-z 0-9 . _ - starting with "
                                             "a letter or digit");
    if (t.name.empty() || !one_line(t.name))
        return fail(ErrorCode::BadField, "tournament name must be one non-empty line");
    const GameSettings& s = t.settings;
    if (s.variant.empty() || text::has_control(s.variant) ||
        s.variant.find(' ') != std::string::npos)
        return fail(ErrorCode::BadField, "variant must be one word");
    if (text::has_control(s.rules) || s.rules.find(' ') != std::string::npos)
        return fail(ErrorCode::BadField, "rules must be one word");
    if (!one_line(s.time)) return fail(ErrorCode::BadField, "time must be one line");
    return {};
}

core::Result<void, Error> check_players(const std::vector<Player>& players, int at_least = 2) {
    const int n = static_cast<int>(players.size());
    if (n < at_least || n > MaxPlayers)
        return fail(ErrorCode::BadPlayers, "a round robin needs 2 to " +
                                               std::to_string(MaxPlayers) + " players, not " +
                                               std::to_string(n));
    for (int i = 0; i < n; ++i) {
        const Player& p = players[i];
        const std::string which = "player " + std::to_string(i + 1);
        if (!one_line(p.name) || p.name.find_first_of("<>") != std::string::npos)
            return fail(ErrorCode::BadField,
                        which + ": name must be one line without '<', '>' or outer spaces");
        if (p.address.empty() || text::has_control(p.address) ||
            p.address.find_first_of(" <>") != std::string::npos ||
            p.address.find('@') == std::string::npos)
            return fail(ErrorCode::BadField, which + ": bad address '" + p.address + "'");
        for (int j = 0; j < i; ++j)
            if (text::iequals_ascii(players[j].address, p.address))
                return fail(ErrorCode::BadPlayers,
                            which + " repeats the address of player " + std::to_string(j + 1));
    }
    return {};
}

std::string game_name(const Pairing& p) {
    return "round " + std::to_string(p.round) + " game " + std::to_string(p.white + 1) + "-" +
           std::to_string(p.black + 1);
}

// A complete round robin of the kind: see validate's contract.
core::Result<void, Error> check_pairings(const Tournament& t) {
    const int n = static_cast<int>(t.players.size());
    const int per_cycle = rounds_per_cycle(n);
    const int total = rounds(t);
    // met[cycle][white][black]: games in that cycle with those colours
    std::vector<std::vector<std::vector<int>>> met(
        2, std::vector<std::vector<int>>(n, std::vector<int>(n, 0)));
    std::set<std::pair<int, int>> busy;  // (round, player)
    std::set<std::uint64_t> games;
    int last_round = 0;
    for (const Pairing& p : t.pairings) {
        if (p.round < 1 || p.round > total || p.white < 0 || p.white >= n || p.black < 0 ||
            p.black >= n || p.white == p.black)
            return fail(ErrorCode::BadPairings, "impossible pairing: " + game_name(p));
        if (p.round < last_round)
            return fail(ErrorCode::BadPairings, "pairings out of round order at " + game_name(p));
        last_round = p.round;
        if (!busy.insert({p.round, p.white}).second || !busy.insert({p.round, p.black}).second)
            return fail(ErrorCode::BadPairings,
                        "a player has two games in round " + std::to_string(p.round));
        if (p.game && !games.insert(*p.game).second)
            return fail(ErrorCode::BadPairings, "game " + std::to_string(*p.game) + " twice");
        if (!text::is_word(p.ending))
            return fail(ErrorCode::BadField, game_name(p) + ": ending must be a lower-case word");
        ++met[(p.round - 1) / per_cycle][p.white][p.black];
    }
    for (int c = 0; c < cycles(t); ++c)
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b) {
                const int ab = met[c][a][b], ba = met[c][b][a];
                const bool reversed = c == 1 && met[0][a][b] == 1;  // cycle 2: other colours
                if (ab + ba != 1 || (c == 1 && (reversed ? ba != 1 : ab != 1)))
                    return fail(ErrorCode::BadPairings,
                                "players " + std::to_string(a + 1) + " and " +
                                    std::to_string(b + 1) + " do not meet once in cycle " +
                                    std::to_string(c + 1) +
                                    (c == 1 ? " with colours reversed" : ""));
            }
    return {};
}

}  // namespace

const char* outcome_text(Outcome o) {
    switch (o) {
        case Outcome::WhiteWins:
            return "1-0";
        case Outcome::BlackWins:
            return "0-1";
        case Outcome::Draw:
            return "1/2-1/2";
        case Outcome::Pending:
            break;
    }
    return "*";
}

std::optional<Outcome> parse_outcome(std::string_view text) {
    for (Outcome o : {Outcome::Pending, Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw})
        if (text == outcome_text(o)) return o;
    return std::nullopt;
}

const std::string& display_name(const Player& p) { return p.name.empty() ? p.address : p.name; }

std::string error_text(const Error& e) {
    return e.line == 0 ? e.message : "line " + std::to_string(e.line) + ": " + e.message;
}

core::Result<Tournament, Error> create_tournament(NewTournament spec) {
    Tournament t;
    t.id = std::move(spec.id);
    t.name = std::move(spec.name);
    t.kind = spec.kind;
    t.settings = std::move(spec.settings);
    t.players = std::move(spec.players);
    t.entries_open = spec.entries_open;
    if (!t.entries_open) {
        if (auto ok = check_players(t.players); !ok) return core::unexpected(ok.error());
        t.pairings = round_robin(static_cast<int>(t.players.size()), t.kind);
    }
    if (auto ok = validate(t); !ok) return core::unexpected(ok.error());
    return t;
}

core::Result<void, Error> validate(const Tournament& t) {
    if (auto ok = check_fields(t); !ok) return ok;
    if (t.entries_open) {
        if (!t.pairings.empty())
            return fail(ErrorCode::BadPairings, "an event taking entries has no games yet");
        return check_players(t.players, 0);
    }
    if (auto ok = check_players(t.players); !ok) return ok;
    return check_pairings(t);
}

core::Result<void, Error> add_entrant(Tournament& t, Player p) {
    if (!t.entries_open)
        return fail(ErrorCode::EntriesClosed, "tournament " + t.id + " is not taking entries");
    if (find_player(t, p.address))
        return fail(ErrorCode::AlreadyEntered, p.address + " has already entered " + t.id);
    t.players.push_back(std::move(p));
    if (auto ok = check_players(t.players, 0); !ok) {
        t.players.pop_back();
        return ok;
    }
    return {};
}

core::Result<void, Error> remove_entrant(Tournament& t, std::string_view address) {
    if (!t.entries_open)
        return fail(ErrorCode::EntriesClosed, "tournament " + t.id + " is not taking entries");
    const auto i = find_player(t, address);
    if (!i)
        return fail(ErrorCode::NotEntered,
                    std::string(address) + " has not entered tournament " + t.id);
    t.players.erase(t.players.begin() + *i);
    return {};
}

core::Result<void, Error> close_entries(Tournament& t) {
    if (!t.entries_open)
        return fail(ErrorCode::EntriesClosed, "tournament " + t.id + " is not taking entries");
    if (auto ok = check_players(t.players); !ok) return ok;
    Tournament closed = t;
    closed.entries_open = false;
    closed.pairings = round_robin(static_cast<int>(closed.players.size()), closed.kind);
    if (auto ok = validate(closed); !ok) return ok;
    t = std::move(closed);
    return {};
}

int cycles(const Tournament& t) { return t.kind == Kind::Double ? 2 : 1; }

int rounds(const Tournament& t) {
    return rounds_per_cycle(static_cast<int>(t.players.size())) * cycles(t);
}

std::size_t finished_games(const Tournament& t) {
    std::size_t n = 0;
    for (const Pairing& p : t.pairings)
        if (p.outcome != Outcome::Pending) ++n;
    return n;
}

bool finished(const Tournament& t) { return finished_games(t) == t.pairings.size(); }

std::optional<int> bye(const Tournament& t, int round) {
    const int n = static_cast<int>(t.players.size());
    if (n % 2 == 0 || round < 1 || round > rounds(t)) return std::nullopt;
    std::vector<bool> plays(n, false);
    for (const Pairing& p : t.pairings)
        if (p.round == round) plays[p.white] = plays[p.black] = true;
    for (int i = 0; i < n; ++i)
        if (!plays[i]) return i;
    return std::nullopt;
}

std::optional<int> find_player(const Tournament& t, std::string_view address) {
    for (std::size_t i = 0; i < t.players.size(); ++i)
        if (text::iequals_ascii(t.players[i].address, address)) return static_cast<int>(i);
    return std::nullopt;
}

const Pairing* find_game(const Tournament& t, std::uint64_t game) {
    for (const Pairing& p : t.pairings)
        if (p.game == game) return &p;
    return nullptr;
}

Pairing* find_game(Tournament& t, std::uint64_t game) {
    for (Pairing& p : t.pairings)
        if (p.game == game) return &p;
    return nullptr;
}

core::Result<void, Error> record_result(Tournament& t, std::uint64_t game, Outcome outcome,
                                        std::string ending) {
    Pairing* p = find_game(t, game);
    if (p == nullptr)
        return fail(ErrorCode::UnknownGame,
                    "game " + std::to_string(game) + " is not in tournament " + t.id);
    if (!text::is_word(ending))
        return fail(ErrorCode::BadField, "ending must be a lower-case word");
    p->outcome = outcome;
    p->ending = std::move(ending);
    return {};
}

}  // namespace ck::club
