#include "club/tournament.hpp"

#include <algorithm>
#include <set>

#include "club/knockout.hpp"
#include "club/pairing.hpp"
#include "club/team_match.hpp"
#include "club/text_util.hpp"

namespace ck::club {
namespace {

core::Unexpected<Error> fail(ErrorCode code, std::string message) {
    return core::unexpected(Error{code, 0, std::move(message)});
}

std::string game_name(const Pairing& p) {
    return "round " + std::to_string(p.round) + " game " + std::to_string(p.white + 1) + "-" +
           std::to_string(p.black + 1);
}

using RoundSeats = std::set<std::pair<int, int>>;  // (round, player) with a game

// The pairings of any system: real players in rounds 1..rounds, in round order, one game per
// player and round, each game id once, endings as lower-case words. Gives who plays when.
core::Result<RoundSeats, Error> check_pairing_list(const Tournament& t, int rounds) {
    const int n = static_cast<int>(t.players.size());
    RoundSeats busy;
    std::set<core::GameId> games;
    int last_round = 0;
    for (const Pairing& p : t.pairings) {
        if (p.round < 1 || p.round > rounds || p.white < 0 || p.white >= n || p.black < 0 ||
            p.black >= n || p.white == p.black)
            return fail(ErrorCode::BadPairings, "impossible pairing: " + game_name(p));
        if (p.round < last_round)
            return fail(ErrorCode::BadPairings, "pairings out of round order at " + game_name(p));
        last_round = p.round;
        if (!busy.insert({p.round, p.white}).second || !busy.insert({p.round, p.black}).second)
            return fail(ErrorCode::BadPairings,
                        "a player has two games in round " + std::to_string(p.round));
        if (p.game && !games.insert(*p.game).second)
            return fail(ErrorCode::BadPairings, "game " + to_string(*p.game) + " twice");
        if (!text::is_word(p.ending))
            return fail(ErrorCode::BadField, game_name(p) + ": ending must be a lower-case word");
    }
    return busy;
}

// A complete round robin of the kind: see validate's contract.
core::Result<void, Error> check_pairings(const Tournament& t) {
    const int n = static_cast<int>(t.players.size());
    const int per_cycle = rounds_per_cycle(n);
    const int total = rounds(t);
    // met[cycle][white][black]: games in that cycle with those colours
    std::vector<std::vector<std::vector<int>>> met(
        2, std::vector<std::vector<int>>(n, std::vector<int>(n, 0)));
    CK_TRY(check_pairing_list(t, total));
    for (const Pairing& p : t.pairings) ++met[(p.round - 1) / per_cycle][p.white][p.black];
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

// A Swiss: its settings, and rounds paired one after the other (see validate's contract).
core::Result<void, Error> check_swiss(const Tournament& t) {
    const SwissSettings& s = t.swiss;
    if (s.rounds < 1 || s.rounds > MaxSwissRounds)
        return fail(ErrorCode::BadField,
                    "a Swiss has 1 to " + std::to_string(MaxSwissRounds) + " rounds");
    const auto points_ok = [](int p) { return p == 0 || p == 5 || p == 10; };
    if (!points_ok(s.pairing_bye_points) || !points_ok(s.requested_bye_points) ||
        !points_ok(s.late_bye_points))
        return fail(ErrorCode::BadField, "bye points must be 0, 0.5 or 1");
    if (s.round_days < 0 || s.round_days > 365)
        return fail(ErrorCode::BadField, "round days must be 0 to 365");
    if (s.tiebreaks.size() > 5) return fail(ErrorCode::BadField, "too many tie-breaks");
    if (!text::one_line(t.round_started) || t.round_started.find(' ') != std::string::npos)
        return fail(ErrorCode::BadField, "round start must be one word");
    const int n = static_cast<int>(t.players.size());
    auto seats = check_pairing_list(t, s.rounds);
    if (!seats) return core::unexpected(seats.error());
    RoundSeats& busy = *seats;
    for (const Bye& b : t.byes) {
        if (b.round < 1 || b.round > s.rounds || b.player < 0 || b.player >= n)
            return fail(ErrorCode::BadPairings,
                        "impossible bye in round " + std::to_string(b.round));
        if (!busy.insert({b.round, b.player}).second)
            return fail(ErrorCode::BadPairings, "player " + std::to_string(b.player + 1) +
                                                    " has a bye and another entry in round " +
                                                    std::to_string(b.round));
    }
    std::set<int> gone;
    for (const Withdrawal& w : t.withdrawals)
        if (w.player < 0 || w.player >= n || w.from_round < 1 || !gone.insert(w.player).second)
            return fail(ErrorCode::BadPairings, "impossible withdrawal");
    std::set<int> late;
    for (const LateEntry& e : t.late_entries) {
        if (e.player < 0 || e.player >= n || e.from_round < 2 || e.from_round > s.rounds + 1 ||
            !late.insert(e.player).second)
            return fail(ErrorCode::BadPairings, "impossible late entry");
        for (const auto& [round, player] : busy)
            if (player == e.player && round < e.from_round)
                return fail(ErrorCode::BadPairings,
                            "player " + std::to_string(e.player + 1) + " entered for round " +
                                std::to_string(e.from_round) + " but has an entry in round " +
                                std::to_string(round));
    }
    return {};
}

}  // namespace

core::Result<Tournament, Error> create_tournament(NewTournament spec) {
    Tournament t;
    t.id = std::move(spec.id);
    t.name = std::move(spec.name);
    t.kind = spec.kind;
    t.settings = std::move(spec.settings);
    t.players = std::move(spec.players);
    t.entries_open = spec.entries_open;
    t.system = spec.system;
    if (t.system == System::Swiss) t.swiss = std::move(spec.swiss);
    if (t.system == System::Teams) t.match = std::move(spec.match);
    if (is_staged(t)) t.stages = spec.stages;  // paired by extend_stages (knockout.hpp)
    if (!t.entries_open && t.system == System::RoundRobin) {
        if (auto ok = check_players(t.players); !ok) return core::unexpected(ok.error());
        t.pairings = round_robin(static_cast<int>(t.players.size()), t.kind);
    }
    if (auto ok = validate(t); !ok) return core::unexpected(ok.error());
    return t;
}

core::Result<void, Error> validate(const Tournament& t) {
    if (t.system == System::Teams) return check_team_event(t);  // team_match.hpp
    if (auto ok = check_fields(t); !ok) return ok;
    if (t.entries_open) {
        if (!t.pairings.empty() || !t.byes.empty() || !t.withdrawals.empty() ||
            !t.late_entries.empty())
            return fail(ErrorCode::BadPairings, "an event taking entries has no games yet");
        if (t.system == System::Swiss)
            if (auto ok = check_swiss(t); !ok) return ok;
        if (is_staged(t))
            if (auto ok = check_stages(t, false); !ok) return ok;
        return check_players(t.players, 0);
    }
    if (is_staged(t)) {
        if (auto ok = check_players(t.players, 2, "a knockout"); !ok) return ok;
        return check_stages(t, true);
    }
    if (t.system == System::Swiss) {
        if (auto ok = check_players(t.players, 2, "a Swiss"); !ok) return ok;
        return check_swiss(t);
    }
    if (!t.byes.empty() || !t.withdrawals.empty() || !t.late_entries.empty())
        return fail(ErrorCode::BadPairings, "a round robin has no byes nor withdrawals");
    if (auto ok = check_players(t.players); !ok) return ok;
    return check_pairings(t);
}

core::Result<void, Error> add_entrant(Tournament& t, Player p) {
    if (!t.entries_open || t.system == System::Teams)  // a team's captain sets its roster
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
    if (!t.entries_open || t.system == System::Teams)
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
    // A Swiss is paired round by round (swiss_round.hpp), a round robin all at once.
    if (closed.system == System::RoundRobin)
        closed.pairings = round_robin(static_cast<int>(closed.players.size()), closed.kind);
    if (closed.system == System::Teams) closed.pairings = team_pairings(closed);
    if (auto ok = validate(closed); !ok) return ok;
    t = std::move(closed);
    return {};
}

int rounds(const Tournament& t) {
    if (t.system == System::Swiss) return t.swiss.rounds;
    if (t.system == System::Teams) return t.match.games;
    if (is_staged(t)) return stage_rounds(t);
    return rounds_per_cycle(static_cast<int>(t.players.size())) * cycles(t);
}

bool finished(const Tournament& t) {
    if (is_staged(t)) return stages_finished(t);
    if (t.system == System::Swiss && (t.entries_open || rounds_paired(t) < t.swiss.rounds))
        return false;
    return finished_games(t) == t.pairings.size();
}

std::optional<int> bye(const Tournament& t, int round) {
    if (is_staged(t)) return std::nullopt;  // a knockout's byes: its bracket (knockout.hpp)
    if (t.system == System::Swiss) {
        for (const Bye& b : t.byes)
            if (b.round == round && b.kind == ByeKind::Pairing) return b.player;
        return std::nullopt;
    }
    const int n = static_cast<int>(t.players.size());
    if (n % 2 == 0 || round < 1 || round > rounds(t)) return std::nullopt;
    std::vector<bool> plays(n, false);
    for (const Pairing& p : t.pairings)
        if (p.round == round) plays[p.white] = plays[p.black] = true;
    for (int i = 0; i < n; ++i)
        if (!plays[i]) return i;
    return std::nullopt;
}

core::Result<void, Error> request_bye(Tournament& t, std::string_view address, int round) {
    if (t.system != System::Swiss || finished(t))
        return fail(ErrorCode::EntriesClosed, "tournament " + t.id + " takes no byes");
    const auto p = find_player(t, address);
    const int next = rounds_paired(t) + 1;
    if (!p || withdrawn(t, *p, next))
        return fail(ErrorCode::NotEntered, std::string(address) + " does not play in " + t.id);
    if (round < next || round > t.swiss.rounds)
        return fail(ErrorCode::BadRound, "round " + std::to_string(round) + " of " + t.id +
                                             " cannot be asked for: rounds " +
                                             std::to_string(next) + " to " +
                                             std::to_string(t.swiss.rounds) + " can");
    for (const Bye& b : t.byes)
        if (b.round == round && b.player == *p)
            return fail(ErrorCode::AlreadyEntered, std::string(address) + " has a bye in round " +
                                                       std::to_string(round) + " already");
    auto at =
        std::find_if(t.byes.begin(), t.byes.end(), [&](const Bye& b) { return b.round > round; });
    t.byes.insert(at, Bye{round, *p, ByeKind::Requested});
    return {};
}

core::Result<int, Error> enter_late(Tournament& t, Player p) {
    if (t.system != System::Swiss || t.entries_open)
        return fail(ErrorCode::NotSwiss, "tournament " + t.id + " is not a Swiss under way");
    if (const auto in = find_player(t, p.address)) {
        if (withdrawn(t, *in, rounds_paired(t) + 1))
            return fail(ErrorCode::WithdrawnBefore, p.address + " withdrew from " + t.id);
        return fail(ErrorCode::AlreadyEntered, p.address + " plays in " + t.id + " already");
    }
    const int round = rounds_paired(t) + 1;
    if (round > t.swiss.rounds)
        return fail(ErrorCode::LastRoundPaired, "every round of " + t.id + " is paired");
    t.players.push_back(std::move(p));
    if (auto ok = check_players(t.players, 2, "a Swiss"); !ok) {
        t.players.pop_back();
        return core::unexpected(ok.error());
    }
    const int player = static_cast<int>(t.players.size()) - 1;
    if (round > 1) t.late_entries.push_back(LateEntry{player, round});
    return round;
}

core::Result<void, Error> withdraw_player(Tournament& t, std::string_view address) {
    if (t.system != System::Swiss || finished(t))
        return fail(ErrorCode::EntriesClosed, "tournament " + t.id + " is not taking entries");
    const auto p = find_player(t, address);
    const int next = rounds_paired(t) + 1;
    if (!p || withdrawn(t, *p, next))
        return fail(ErrorCode::NotEntered, std::string(address) + " does not play in " + t.id);
    t.withdrawals.push_back(Withdrawal{*p, next});
    // Byes asked for rounds the player will not play are void.
    t.byes.erase(std::remove_if(t.byes.begin(), t.byes.end(),
                                [&](const Bye& b) { return b.player == *p && b.round >= next; }),
                 t.byes.end());
    return {};
}

}  // namespace ck::club
