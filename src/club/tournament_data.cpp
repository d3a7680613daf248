// A tournament as data: the queries every system shares (tournament_data.hpp).
#include "club/tournament_data.hpp"

#include <algorithm>

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

}  // namespace

core::Result<void, Error> check_fields(const Tournament& t) {
    if (!is_id(t.id))
        return fail(ErrorCode::BadField, "tournament id '" + t.id +
                                             "' must be 1-64 of A-Z a-z 0-9 . _ - starting with "
                                             "a letter or digit");
    if (t.name.empty() || !text::one_line(t.name))
        return fail(ErrorCode::BadField, "tournament name must be one non-empty line");
    const GameSettings& s = t.settings;
    if (s.variant.empty() || text::has_control(s.variant) ||
        s.variant.find(' ') != std::string::npos)
        return fail(ErrorCode::BadField, "variant must be one word");
    if (!text::one_line(s.time)) return fail(ErrorCode::BadField, "time must be one line");
    return {};
}

core::Result<void, Error> check_players(const std::vector<Player>& players, int at_least,
                                        const char* what) {
    const int n = static_cast<int>(players.size());
    if (n < at_least || n > MaxPlayers)
        return fail(ErrorCode::BadPlayers, std::string(what) + " needs 2 to " +
                                               std::to_string(MaxPlayers) + " players, not " +
                                               std::to_string(n));
    for (int i = 0; i < n; ++i) {
        const Player& p = players[i];
        const std::string which = "player " + std::to_string(i + 1);
        if (!text::one_line(p.name) || p.name.find_first_of("<>") != std::string::npos)
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

const char* tiebreak_name(Tiebreak t) {
    switch (t) {
        case Tiebreak::Buchholz:
            return "bh";
        case Tiebreak::BuchholzCut1:
            return "bh-c1";
        case Tiebreak::SonnebornBerger:
            return "sb";
        case Tiebreak::DirectEncounter:
            return "de";
        case Tiebreak::Wins:
            return "win";
    }
    return "?";
}

std::optional<Tiebreak> parse_tiebreak(std::string_view name) {
    for (Tiebreak t : {Tiebreak::Buchholz, Tiebreak::BuchholzCut1, Tiebreak::SonnebornBerger,
                       Tiebreak::DirectEncounter, Tiebreak::Wins})
        if (text::iequals_ascii(name, tiebreak_name(t))) return t;
    return std::nullopt;
}

std::optional<std::vector<Tiebreak>> parse_tiebreaks(std::string_view list) {
    std::vector<Tiebreak> out;
    while (!list.empty()) {
        const auto comma = list.find(',');
        const auto t = parse_tiebreak(list.substr(0, comma));
        if (!t || std::find(out.begin(), out.end(), *t) != out.end()) return std::nullopt;
        out.push_back(*t);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
        if (list.empty()) return std::nullopt;
    }
    return out;
}

std::string tiebreaks_text(const std::vector<Tiebreak>& list) {
    std::string s;
    for (Tiebreak t : list) s += (s.empty() ? "" : ",") + std::string(tiebreak_name(t));
    return s;
}

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

int cycles(const Tournament& t) { return t.kind == Kind::Double ? 2 : 1; }

std::size_t finished_games(const Tournament& t) {
    std::size_t n = 0;
    for (const Pairing& p : t.pairings)
        if (p.outcome != Outcome::Pending) ++n;
    return n;
}

std::optional<int> find_player(const Tournament& t, std::string_view address) {
    for (std::size_t i = 0; i < t.players.size(); ++i)
        if (text::iequals_ascii(t.players[i].address, address)) return static_cast<int>(i);
    return std::nullopt;
}

const Pairing* find_game(const Tournament& t, core::GameId game) {
    for (const Pairing& p : t.pairings)
        if (p.game == game) return &p;
    return nullptr;
}

Pairing* find_game(Tournament& t, core::GameId game) {
    for (Pairing& p : t.pairings)
        if (p.game == game) return &p;
    return nullptr;
}

core::Result<void, Error> record_result(Tournament& t, core::GameId game, Outcome outcome,
                                        std::string ending) {
    Pairing* p = find_game(t, game);
    if (p == nullptr)
        return fail(ErrorCode::UnknownGame,
                    "game " + to_string(game) + " is not in tournament " + t.id);
    if (!text::is_word(ending))
        return fail(ErrorCode::BadField, "ending must be a lower-case word");
    p->outcome = outcome;
    p->ending = std::move(ending);
    return {};
}

int rounds_paired(const Tournament& t) {
    int last = 0;
    for (const Pairing& p : t.pairings) last = std::max(last, p.round);
    for (const Bye& b : t.byes)
        if (b.kind == ByeKind::Pairing) last = std::max(last, b.round);
    return last;
}

bool round_complete(const Tournament& t) {
    const int r = rounds_paired(t);
    if (r == 0) return false;
    for (const Pairing& p : t.pairings)
        if (p.round == r && p.outcome == Outcome::Pending) return false;
    return true;
}

bool withdrawn(const Tournament& t, int p, int round) {
    for (const Withdrawal& w : t.withdrawals)
        if (w.player == p && w.from_round <= round) return true;
    return false;
}

int first_round(const Tournament& t, int p) {
    for (const LateEntry& e : t.late_entries)
        if (e.player == p) return e.from_round;
    return 1;
}

}  // namespace ck::club
