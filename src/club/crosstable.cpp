#include "club/crosstable.hpp"

#include "club/knockout.hpp"
#include "club/team_match.hpp"

namespace ck::club {
namespace {

// The row player's symbol for one game (see crosstable.hpp).
std::string symbol(const Pairing& p, int row_player) {
    if (p.outcome == Outcome::Pending) return ".";
    if (p.outcome == Outcome::Draw) return "\xc2\xbd";
    const bool won = (p.outcome == Outcome::WhiteWins) == (p.white == row_player);
    if (p.ending == ForfeitEnding) return won ? "+" : "-";
    return won ? "1" : "0";
}

std::string subtitle(const Tournament& t) {
    std::string s;
    if (t.system == System::Teams)
        s = team_subtitle(t);
    else if (is_staged(t))
        s = stage_kind_text(t);
    else if (t.system == System::Swiss)
        s = "Swiss, " + std::to_string(t.swiss.rounds) +
            (t.swiss.rounds == 1 ? " round" : " rounds");
    else
        s = std::string(t.kind == Kind::Double ? "Double" : "Single") + " round robin";
    if (!t.entries_open && t.system != System::Teams)
        s += ", " + std::to_string(t.players.size()) + " players";
    s += "; " + t.settings.variant;
    if (t.settings.hidden) s += ", hidden";
    if (t.settings.hidden && t.settings.rules && *t.settings.rules != referee::RuleSet::CrazyKrieg)
        s += " (" + std::string(referee::rule_set_name(*t.settings.rules)) + " rules)";
    if (!t.settings.time.empty()) s += ", time " + t.settings.time;
    return s;
}

std::string status(const Tournament& t) {
    if (t.system == System::Teams) return team_status(t);
    if (t.entries_open) return entries_status(t);
    if (finished(t)) return "Final standings";
    if (t.system == System::Swiss) return swiss_status(t);
    if (is_staged(t)) return stage_status(t);
    return "Standings after " + std::to_string(finished_games(t)) + " of " +
           std::to_string(t.pairings.size()) + " games";
}

std::vector<std::string> legend(const Tournament& t) {
    std::vector<std::string> out;
    out.push_back(
        "1 win, \xc2\xbd draw, 0 loss, + won by forfeit, - lost by forfeit, . not finished.");
    if (t.kind == Kind::Double)
        out.push_back("Each cell shows the first-cycle game, then the second.");
    out.push_back("Order: points, Sonneborn-Berger (SB), wins, then seeding;");
    out.push_back("players equal on points, SB and wins share a place.");
    if (t.players.size() % 2 != 0) out.push_back("A bye scores nothing.");
    return out;
}

}  // namespace

std::string swiss_status(const Tournament& t) {
    const int r = rounds_paired(t);
    if (r == 0) return "Round 1 not paired yet";
    std::size_t games = 0, over = 0;
    for (const Pairing& p : t.pairings)
        if (p.round == r) {
            ++games;
            if (p.outcome != Outcome::Pending) ++over;
        }
    const std::string of = " of " + std::to_string(t.swiss.rounds);
    if (over == games) return "Standings after round " + std::to_string(r) + of;
    return "Round " + std::to_string(r) + of + " in progress: " + std::to_string(over) + " of " +
           std::to_string(games) + " games over";
}

std::string entries_status(const Tournament& t) {
    const std::size_t n = t.players.size();
    return "Entries open: " + std::to_string(n) + (n == 1 ? " player" : " players") + " so far";
}

Crosstable make_crosstable(const Tournament& t) {
    Crosstable c;
    c.title = t.name;
    c.subtitle = subtitle(t);
    c.status = status(t);
    // A Swiss: swiss_crosstable.hpp; a team match: team_crosstable.hpp.
    if (t.entries_open || t.system != System::RoundRobin) return c;
    c.rows = standings(t);
    c.legend = legend(t);
    const std::size_t n = c.rows.size();
    c.cells.assign(n, std::vector<std::string>(n));
    for (std::size_t r = 0; r < n; ++r) {
        const int me = c.rows[r].player;
        for (std::size_t col = 0; col < n; ++col) {
            const int them = c.rows[col].player;
            std::string& cell = c.cells[r][col];
            if (me == them) {
                cell = std::string(cycles(t), 'X');
                continue;
            }
            for (const Pairing& p : t.pairings)  // by round: first cycle first
                if ((p.white == me && p.black == them) || (p.white == them && p.black == me))
                    cell += symbol(p, me);
        }
    }
    return c;
}

}  // namespace ck::club
