// Team matches (team_match.hpp).
#include "club/team_match.hpp"

#include <algorithm>
#include <set>

#include "club/standings.hpp"
#include "club/text_util.hpp"

namespace ck::club {
namespace {

core::Unexpected<Error> fail(ErrorCode code, std::string message) {
    return core::unexpected(Error{code, 0, std::move(message)});
}

bool one_line(std::string_view s) {
    return !s.empty() && !text::has_control(s) && s.front() != ' ' && s.back() != ' ';
}

bool plain_address(std::string_view a) {
    return !a.empty() && !text::has_control(a) && a.find_first_of(" <>,") == std::string::npos &&
           a.find('@') != std::string::npos;
}

int half_points(Outcome o, bool white) {
    if (o == Outcome::Pending) return 0;
    if (o == Outcome::Draw) return 1;
    return (o == Outcome::WhiteWins) == white ? 2 : 0;
}

core::Result<void, Error> check_teams(const Tournament& t) {
    const TeamMatch& m = t.match;
    if (m.games != 1 && m.games != 2)
        return fail(ErrorCode::BadField, "a team match plays 1 or 2 games a board pair");
    if (m.teams.size() != 2) return fail(ErrorCode::BadField, "a team match has two teams");
    const std::size_t n = t.players.size();
    std::vector<int> seen(n, 0);
    for (std::size_t i = 0; i < m.teams.size(); ++i) {
        const Team& team = m.teams[i];
        const std::string which = "team " + std::to_string(i + 1);
        if (!one_line(team.name))
            return fail(ErrorCode::BadField, which + ": name must be one non-empty line");
        for (std::size_t j = 0; j < i; ++j)
            if (text::iequals_ascii(m.teams[j].name, team.name))
                return fail(ErrorCode::BadField, which + " repeats the name '" + team.name + "'");
        if (!team.captain.empty() && !plain_address(team.captain))
            return fail(ErrorCode::BadField,
                        which + ": bad captain address '" + team.captain + "'");
        for (int p : team.roster) {
            if (p < 0 || static_cast<std::size_t>(p) >= n)
                return fail(ErrorCode::BadPlayers, which + ": no player " + std::to_string(p + 1));
            if (++seen[static_cast<std::size_t>(p)] > 1)
                return fail(ErrorCode::BadPlayers,
                            "player " + std::to_string(p + 1) + " is on two rosters");
        }
    }
    for (std::size_t p = 0; p < n; ++p)
        if (seen[p] == 0)
            return fail(ErrorCode::BadPlayers,
                        "player " + std::to_string(p + 1) + " is on no team's roster");
    return {};
}

core::Result<void, Error> check_games(const Tournament& t) {
    const auto& a = t.match.teams[0].roster;
    const auto& b = t.match.teams[1].roster;
    if (a.empty() || a.size() != b.size())
        return fail(ErrorCode::BadPlayers,
                    "the teams " + t.match.teams[0].name + " (" + std::to_string(a.size()) +
                        ") and " + t.match.teams[1].name + " (" + std::to_string(b.size()) +
                        ") need rosters of the same size to play");
    const std::vector<Pairing> want = team_pairings(t);
    if (want.size() != t.pairings.size())
        return fail(ErrorCode::BadPairings, "a team match of " + std::to_string(a.size()) +
                                                " boards has " + std::to_string(want.size()) +
                                                " games, not " + std::to_string(t.pairings.size()));
    std::set<core::GameId> ids;
    for (std::size_t i = 0; i < want.size(); ++i) {
        const Pairing& p = t.pairings[i];
        const std::string name = "game " + std::to_string(i + 1) + " of the match";
        if (p.round != want[i].round || p.white != want[i].white || p.black != want[i].black)
            return fail(ErrorCode::BadPairings, name + " is not board against board");
        if (p.game && !ids.insert(*p.game).second)
            return fail(ErrorCode::BadPairings, "game " + to_string(*p.game) + " twice");
        if (!text::is_word(p.ending))
            return fail(ErrorCode::BadField, name + ": ending must be a lower-case word");
    }
    return {};
}

}  // namespace

core::Result<void, Error> check_team_match(const Tournament& t) {
    if (t.kind != Kind::Single) return fail(ErrorCode::BadField, "a team match is of kind single");
    if (!t.byes.empty() || !t.withdrawals.empty())
        return fail(ErrorCode::BadPairings, "a team match has no byes nor withdrawals");
    if (auto ok = check_teams(t); !ok) return ok;
    if (t.entries_open) {
        if (!t.pairings.empty())
            return fail(ErrorCode::BadPairings, "a team match taking rosters has no games yet");
        return {};
    }
    return check_games(t);
}

core::Result<void, Error> check_team_event(const Tournament& t) {
    if (auto ok = check_fields(t); !ok) return ok;
    if (auto ok = check_players(t.players, t.entries_open ? 0 : 2, "a team match"); !ok) return ok;
    return check_team_match(t);
}

int boards(const Tournament& t) {
    if (t.match.teams.size() != 2) return 0;
    return static_cast<int>(
        std::min(t.match.teams[0].roster.size(), t.match.teams[1].roster.size()));
}

std::vector<Pairing> team_pairings(const Tournament& t) {
    std::vector<Pairing> out;
    const int n = boards(t);
    for (int game = 1; game <= t.match.games; ++game)
        for (int b = 0; b < n; ++b) {
            const int first = t.match.teams[0].roster[static_cast<std::size_t>(b)];
            const int second = t.match.teams[1].roster[static_cast<std::size_t>(b)];
            const bool first_white = (b % 2 == 0) == (game == 1);
            Pairing p;
            p.round = game;
            p.white = first_white ? first : second;
            p.black = first_white ? second : first;
            out.push_back(p);
        }
    return out;
}

std::optional<std::size_t> captain_team(const Tournament& t, std::string_view address) {
    for (std::size_t i = 0; i < t.match.teams.size(); ++i)
        if (!t.match.teams[i].captain.empty() &&
            text::iequals_ascii(t.match.teams[i].captain, address))
            return i;
    return std::nullopt;
}

std::optional<std::size_t> team_of(const Tournament& t, int player) {
    for (std::size_t i = 0; i < t.match.teams.size(); ++i) {
        const auto& r = t.match.teams[i].roster;
        if (std::find(r.begin(), r.end(), player) != r.end()) return i;
    }
    return std::nullopt;
}

core::Result<void, Error> set_roster(Tournament& t, std::size_t team, std::vector<Player> members) {
    if (t.system != System::Teams || !t.entries_open || team >= t.match.teams.size())
        return fail(ErrorCode::EntriesClosed,
                    "the rosters of " + t.id + " are fixed: the match has started");
    // The rosters as players, with the new one in its place.
    std::vector<std::vector<Player>> rosters;
    for (std::size_t i = 0; i < t.match.teams.size(); ++i) {
        if (i == team) {
            rosters.push_back(members);
            continue;
        }
        std::vector<Player> kept;
        for (int p : t.match.teams[i].roster)
            kept.push_back(t.players[static_cast<std::size_t>(p)]);
        rosters.push_back(std::move(kept));
    }
    for (std::size_t i = 0; i < rosters.size(); ++i) {
        if (i == team) continue;
        for (const Player& m : members)
            for (const Player& other : rosters[i])
                if (text::iequals_ascii(m.address, other.address))
                    return fail(ErrorCode::BadPlayers,
                                m.address + " is on the roster of " + t.match.teams[i].name);
    }
    Tournament changed = t;
    changed.players.clear();
    for (std::size_t i = 0; i < rosters.size(); ++i) {
        Team& tm = changed.match.teams[i];
        tm.roster.clear();
        for (Player& p : rosters[i]) {
            tm.roster.push_back(static_cast<int>(changed.players.size()));
            changed.players.push_back(std::move(p));
        }
    }
    changed.match.teams[team].ordered = true;
    if (auto ok = check_team_event(changed); !ok) return ok;
    t = std::move(changed);
    return {};
}

void order_rosters(Tournament& t, const std::function<double(const std::string&)>& rating) {
    for (Team& team : t.match.teams) {
        if (team.ordered) continue;
        std::stable_sort(team.roster.begin(), team.roster.end(), [&](int a, int b) {
            return rating(t.players[static_cast<std::size_t>(a)].address) >
                   rating(t.players[static_cast<std::size_t>(b)].address);
        });
    }
}

std::vector<Board> match_boards(const Tournament& t) {
    std::vector<Board> out;
    const int n = boards(t);
    for (int b = 0; b < n; ++b) {
        Board board;
        board.number = b + 1;
        board.first = t.match.teams[0].roster[static_cast<std::size_t>(b)];
        board.second = t.match.teams[1].roster[static_cast<std::size_t>(b)];
        out.push_back(board);
    }
    if (t.entries_open) return out;
    for (const Pairing& p : t.pairings) {
        for (Board& board : out) {
            const bool first_white = p.white == board.first && p.black == board.second;
            if (!first_white && !(p.white == board.second && p.black == board.first)) continue;
            board.games.push_back(&p);
            board.first_half += half_points(p.outcome, first_white);
            board.second_half += half_points(p.outcome, !first_white);
        }
    }
    return out;
}

MatchScore match_score(const Tournament& t) {
    MatchScore s;
    for (const Board& b : match_boards(t)) {
        s.first_half += b.first_half;
        s.second_half += b.second_half;
    }
    s.total = t.pairings.size();
    s.over = finished_games(t);
    return s;
}

std::string team_subtitle(const Tournament& t) {
    std::string s = "Team match, ";
    if (!t.entries_open) {
        const int n = boards(t);
        s += std::to_string(n) + (n == 1 ? " board, " : " boards, ");
    }
    return s + std::to_string(t.match.games) +
           (t.match.games == 1 ? " game a pair" : " games a pair");
}

std::string team_status(const Tournament& t) {
    if (t.entries_open) return "Rosters open: the games start when the organiser starts the match";
    const MatchScore s = match_score(t);
    if (s.over == s.total) return "Final result";
    return "Match in progress: " + std::to_string(s.over) + " of " + std::to_string(s.total) +
           " games over";
}

std::string team_result(const Tournament& t) {
    if (t.entries_open) return {};
    const MatchScore s = match_score(t);
    if (s.over != s.total) return {};
    const std::string score = points_text(std::max(s.first_half, s.second_half)) + "-" +
                              points_text(std::min(s.first_half, s.second_half));
    if (s.first_half == s.second_half) return "The match is drawn " + score;
    return t.match.teams[s.first_half > s.second_half ? 0 : 1].name + " win the match " + score;
}

}  // namespace ck::club
