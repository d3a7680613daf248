// Knockout events and group stages (knockout.hpp).
#include "club/knockout.hpp"

#include <algorithm>
#include <set>

#include "club/pairing.hpp"
#include "club/standings.hpp"
#include "club/text_util.hpp"

namespace ck::club {
namespace {

core::Unexpected<Error> fail(ErrorCode code, std::string message) {
    return core::unexpected(Error{code, 0, std::move(message)});
}

int group_count(const Tournament& t) {
    const int n = static_cast<int>(t.players.size());
    const int size = std::max(t.stages.group_size, 1);
    return std::max(1, (n + size - 1) / size);
}

// Bracket positions of seeds 1..size: 1 8 4 5 2 7 3 6 for 8; slots 2i and 2i+1 meet.
std::vector<int> bracket_order(int size) {
    std::vector<int> order{1};
    while (static_cast<int>(order.size()) < size) {
        const int next = static_cast<int>(order.size()) * 2;
        std::vector<int> grown;
        for (int s : order) {
            grown.push_back(s);
            grown.push_back(next + 1 - s);
        }
        order = std::move(grown);
    }
    return order;
}

int half_points(Outcome o, bool white) {
    if (o == Outcome::Draw) return 1;
    return (o == Outcome::WhiteWins) == white ? 2 : 0;
}

// Fills the match's games, points, winner and due games from t's pairings (knockout.hpp).
void evaluate(const Tournament& t, int event_round, Match& m) {
    if (!m.high) return;
    if (!m.low) {
        m.winner = m.high;
        m.decided_by = "bye";
        return;
    }
    const int a = *m.high, b = *m.low;
    bool pending = false;
    for (std::size_t i = 0; i < t.pairings.size(); ++i) {
        const Pairing& p = t.pairings[i];
        if (p.round != event_round ||
            !((p.white == a && p.black == b) || (p.white == b && p.black == a)))
            continue;
        m.games.push_back(i);
        pending = pending || p.outcome == Outcome::Pending;
        if (p.outcome == Outcome::Pending) continue;
        m.high_half += half_points(p.outcome, p.white == a);
        m.low_half += half_points(p.outcome, p.white == b);
    }
    // A player withdrawn from this round on loses the match once its games are over (the
    // organiser's withdrawal ends them as forfeits: docs/knockout.md "Withdrawals"); both
    // withdrawn: the higher seed goes through, to lose its next match the same way.
    if (withdrawn(t, a, event_round) || withdrawn(t, b, event_round)) {
        if (pending) return;
        m.winner = withdrawn(t, a, event_round) && !withdrawn(t, b, event_round) ? b : a;
        m.decided_by = "withdrawal";
        return;
    }
    std::size_t at = 0;
    for (int part = 0;; ++part) {
        const std::size_t need = part == 0 ? static_cast<std::size_t>(t.stages.games) : 2;
        const std::size_t have = std::min(need, m.games.size() - at);
        if (have < need) {
            m.due = static_cast<int>(need - have);
            return;
        }
        int high = 0, low = 0;
        for (std::size_t k = at; k < at + need; ++k) {
            const Pairing& p = t.pairings[m.games[k]];
            if (p.outcome == Outcome::Pending) return;  // still playing
            high += half_points(p.outcome, p.white == a);
            low += half_points(p.outcome, p.white == b);
        }
        if (high != low) {
            m.winner = high > low ? a : b;
            m.decided_by = part == 0 ? "match" : "tie-break";
            return;
        }
        if (part >= t.stages.tie_matches) {
            m.winner = a;
            m.decided_by = "seed";
            return;
        }
        at += need;
    }
}

}  // namespace

bool is_staged(System s) { return s == System::Knockout || s == System::Groups; }
bool is_staged(const Tournament& t) { return is_staged(t.system); }

std::string tie_rule_text(int tie_matches) {
    if (tie_matches <= 0) return "seed";
    if (tie_matches == 1) return "match";
    return "match:" + std::to_string(tie_matches);
}

std::optional<int> parse_tie_rule(std::string_view text) {
    if (text == "seed") return 0;
    if (text == "match") return 1;
    if (text.size() == 7 && text.substr(0, 6) == "match:" && text[6] >= '1' &&
        text[6] <= '0' + MaxTieMatches)
        return text[6] - '0';
    return std::nullopt;
}

std::vector<std::vector<int>> groups(const Tournament& t) {
    if (t.system != System::Groups) return {};
    const int count = group_count(t);
    std::vector<std::vector<int>> out(static_cast<std::size_t>(count));
    for (int i = 0; i < static_cast<int>(t.players.size()); ++i) {
        const int row = i / count, col = i % count;
        out[static_cast<std::size_t>(row % 2 == 0 ? col : count - 1 - col)].push_back(i);
    }
    return out;
}

std::string group_name(int group) {
    if (group < 26) return std::string("Group ") + static_cast<char>('A' + group);
    return "Group " + std::to_string(group + 1);
}

int group_rounds(const Tournament& t) {
    int most = 0;
    for (const auto& g : groups(t))
        most = std::max(most, rounds_per_cycle(static_cast<int>(g.size())) * cycles(t));
    return most;
}

bool group_stage_over(const Tournament& t) {
    if (t.system != System::Groups) return true;
    const int last = group_rounds(t);
    bool any = false;
    for (const Pairing& p : t.pairings) {
        if (p.round > last) continue;
        any = true;
        if (p.outcome == Outcome::Pending) return false;
    }
    return any;
}

Tournament group_event(const Tournament& t, int g) {
    const std::vector<int> members = groups(t).at(static_cast<std::size_t>(g));
    Tournament e;
    e.id = t.id;
    e.name = group_name(g);
    e.kind = t.kind;
    e.settings = t.settings;
    std::vector<int> local(t.players.size(), -1);
    for (std::size_t k = 0; k < members.size(); ++k) {
        local[static_cast<std::size_t>(members[k])] = static_cast<int>(k);
        e.players.push_back(t.players[static_cast<std::size_t>(members[k])]);
    }
    const int last = group_rounds(t);
    for (const Pairing& p : t.pairings) {
        if (p.round > last || local[static_cast<std::size_t>(p.white)] < 0 ||
            local[static_cast<std::size_t>(p.black)] < 0)
            continue;
        Pairing q = p;
        q.white = local[static_cast<std::size_t>(p.white)];
        q.black = local[static_cast<std::size_t>(p.black)];
        e.pairings.push_back(std::move(q));
    }
    return e;
}

std::vector<int> knockout_entrants(const Tournament& t) {
    std::vector<int> out;
    if (t.system == System::Knockout) {
        for (int i = 0; i < static_cast<int>(t.players.size()); ++i) out.push_back(i);
        return out;
    }
    if (!group_stage_over(t)) return out;
    const auto all = groups(t);
    std::vector<std::vector<int>> ranked;
    for (std::size_t g = 0; g < all.size(); ++g) {
        std::vector<int> order;
        for (const Standing& s : standings(group_event(t, static_cast<int>(g))))
            order.push_back(all[g][static_cast<std::size_t>(s.player)]);
        ranked.push_back(std::move(order));
    }
    for (int place = 0; place < t.stages.advance; ++place)
        for (const auto& order : ranked)
            if (place < static_cast<int>(order.size()))
                out.push_back(order[static_cast<std::size_t>(place)]);
    return out;
}

int knockout_rounds(int entrants) {
    int rounds = 0;
    for (int size = 1; size < entrants; size *= 2) ++rounds;
    return rounds;
}

std::string knockout_round_name(int round, int rounds) {
    if (round == rounds) return "Final";
    if (round == rounds - 1) return "Semi-finals";
    if (round == rounds - 2) return "Quarter-finals";
    return "Round " + std::to_string(round);
}

int stage_rounds(const Tournament& t) {
    return group_rounds(t) +
           knockout_rounds(t.system == System::Knockout
                               ? static_cast<int>(t.players.size())
                               : static_cast<int>(groups(t).size()) * t.stages.advance);
}

std::string stage_kind_text(const Tournament& t) {
    const std::string games =
        "matches of " + std::to_string(t.stages.games) + (t.stages.games == 1 ? " game" : " games");
    if (t.system == System::Knockout) return "Knockout, " + games;
    return std::string(t.kind == Kind::Double ? "Double round robin groups" : "Groups") +
           " of up to " + std::to_string(t.stages.group_size) + ", top " +
           std::to_string(t.stages.advance) + " to a knockout, " + games;
}

std::string stage_status(const Tournament& t) {
    if (!group_stage_over(t)) {
        std::size_t over = 0;
        for (const Pairing& p : t.pairings)
            if (p.outcome != Outcome::Pending) ++over;
        return "Group stage: " + std::to_string(over) + " of " + std::to_string(t.pairings.size()) +
               " games over";
    }
    const Bracket b = make_bracket(t);
    for (std::size_t r = 0; r < b.rounds.size(); ++r) {
        std::size_t decided = 0;
        for (const Match& m : b.rounds[r])
            if (m.winner) ++decided;
        if (decided < b.rounds[r].size())
            return knockout_round_name(static_cast<int>(r + 1), static_cast<int>(b.rounds.size())) +
                   ": " + std::to_string(decided) + " of " + std::to_string(b.rounds[r].size()) +
                   (b.rounds[r].size() == 1 ? " match" : " matches") + " decided";
    }
    return "Final standings";
}

Bracket make_bracket(const Tournament& t) {
    Bracket b;
    b.seeds = knockout_entrants(t);
    b.known = !b.seeds.empty();
    b.round_offset = group_rounds(t);
    if (!b.known) return b;
    const int m = static_cast<int>(b.seeds.size());
    const int rounds = knockout_rounds(m);
    b.size = 1 << rounds;
    std::vector<int> seed_of(t.players.size(), 0);
    for (int k = 0; k < m; ++k) seed_of[static_cast<std::size_t>(b.seeds[k])] = k + 1;
    const std::vector<int> order = bracket_order(b.size);
    bool before_decided = true;  // every match of the round before is decided
    for (int r = 1; r <= rounds; ++r) {
        std::vector<Match> round;
        const std::size_t matches = static_cast<std::size_t>(b.size >> r);
        for (std::size_t i = 0; i < matches; ++i) {
            Match mt;
            mt.round = r;
            std::optional<int> x, y;
            if (r == 1) {
                const int s1 = order[2 * i], s2 = order[2 * i + 1];
                if (s1 <= m) x = b.seeds[static_cast<std::size_t>(s1 - 1)];
                if (s2 <= m) y = b.seeds[static_cast<std::size_t>(s2 - 1)];
            } else if (before_decided) {
                const auto& prev = b.rounds.back();
                x = prev[2 * i].winner;
                y = prev[2 * i + 1].winner;
            }
            if (x && y &&
                seed_of[static_cast<std::size_t>(*y)] < seed_of[static_cast<std::size_t>(*x)])
                std::swap(x, y);
            if (!x && y) std::swap(x, y);
            mt.high = x;
            mt.low = y;
            if (x) mt.high_seed = seed_of[static_cast<std::size_t>(*x)];
            if (y) mt.low_seed = seed_of[static_cast<std::size_t>(*y)];
            if (r == 1 || before_decided) evaluate(t, b.round_offset + r, mt);
            round.push_back(std::move(mt));
        }
        before_decided = std::all_of(round.begin(), round.end(),
                                     [](const Match& mt) { return mt.winner.has_value(); });
        b.rounds.push_back(std::move(round));
    }
    return b;
}

std::size_t extend_stages(Tournament& t) {
    if (!is_staged(t) || t.entries_open) return 0;
    if (t.system == System::Groups && t.pairings.empty()) {
        std::vector<Pairing> all;
        for (const auto& members : groups(t))
            for (Pairing p : round_robin(static_cast<int>(members.size()), t.kind)) {
                p.white = members[static_cast<std::size_t>(p.white)];
                p.black = members[static_cast<std::size_t>(p.black)];
                all.push_back(std::move(p));
            }
        std::stable_sort(all.begin(), all.end(),
                         [](const Pairing& a, const Pairing& b) { return a.round < b.round; });
        t.pairings = std::move(all);
        return t.pairings.size();
    }
    const Bracket b = make_bracket(t);
    std::size_t added = 0;
    for (const auto& round : b.rounds)
        for (const Match& m : round) {
            if (m.due == 0 || !m.high || !m.low) continue;
            // The part's games so far: colours alternate within it, the higher seed first.
            const std::size_t first_part = static_cast<std::size_t>(t.stages.games);
            const std::size_t part_start = m.games.size() < first_part
                                               ? 0
                                               : first_part + (m.games.size() - first_part) / 2 * 2;
            for (int k = 0; k < m.due; ++k) {
                const std::size_t index = m.games.size() - part_start + static_cast<std::size_t>(k);
                Pairing p;
                p.round = b.round_offset + m.round;
                p.white = index % 2 == 0 ? *m.high : *m.low;
                p.black = index % 2 == 0 ? *m.low : *m.high;
                t.pairings.push_back(std::move(p));
                ++added;
            }
        }
    return added;
}

core::Result<int, Error> withdraw_from_knockout(Tournament& t, std::string_view address) {
    if (t.system != System::Knockout || t.entries_open || stages_finished(t))
        return fail(ErrorCode::EntriesClosed,
                    "tournament " + t.id + " is not a knockout under way");
    const auto p = find_player(t, address);
    if (!p) return fail(ErrorCode::NotEntered, std::string(address) + " does not play in " + t.id);
    const Bracket b = make_bracket(t);
    // The round of the player's newest match: the one still open, or, after a match won, the
    // next round (its opponent may not be known yet).
    int from = 0;
    for (const auto& round : b.rounds)
        for (const Match& m : round) {
            if (m.high != *p && m.low != *p) continue;
            from = b.round_offset + m.round;
            if (m.winner == *p) from += 1;
            if (m.winner && m.winner != *p) from = -1;  // out of the event already
        }
    if (from == -1 || withdrawn(t, *p, from))
        return fail(ErrorCode::NotEntered,
                    std::string(address) + " plays no more in " + t.id + ": out of it already");
    if (from == 0) from = b.round_offset + 1;
    t.withdrawals.push_back(Withdrawal{*p, from});
    return from;
}

bool stages_finished(const Tournament& t) {
    if (t.entries_open) return false;
    const Bracket b = make_bracket(t);
    return b.known && !b.rounds.empty() && b.rounds.back().size() == 1 &&
           b.rounds.back()[0].winner.has_value();
}

core::Result<void, Error> check_stages(const Tournament& t, bool players) {
    const StageSettings& s = t.stages;
    if (s.games < 1 || s.games > MaxMatchGames)
        return fail(ErrorCode::BadField,
                    "a match has 1 to " + std::to_string(MaxMatchGames) + " games");
    if (s.tie_matches < 0 || s.tie_matches > MaxTieMatches)
        return fail(ErrorCode::BadField,
                    "a drawn match has 0 to " + std::to_string(MaxTieMatches) + " further matches");
    if (t.system == System::Groups) {
        if (s.group_size < MinGroupSize || s.group_size > MaxGroupSize)
            return fail(ErrorCode::BadField, "groups have " + std::to_string(MinGroupSize) +
                                                 " to " + std::to_string(MaxGroupSize) +
                                                 " players (--group-size)");
        if (s.advance < 1 || s.advance >= s.group_size)
            return fail(ErrorCode::BadField,
                        "1 to group size - 1 players of each group advance (--advance)");
    } else if (s.group_size != 0 || s.advance != 0) {
        return fail(ErrorCode::BadField, "--group-size and --advance are for --system groups");
    }
    if (!t.byes.empty())
        return fail(ErrorCode::BadPairings, "a knockout or group stage has no requested byes");
    if (t.system != System::Knockout && !t.withdrawals.empty())
        return fail(ErrorCode::BadPairings, "a group stage has no withdrawals");
    for (std::size_t i = 0; i < t.withdrawals.size(); ++i) {
        const Withdrawal& w = t.withdrawals[i];
        if (w.player < 0 || w.player >= static_cast<int>(t.players.size()) || w.from_round < 1 ||
            w.from_round > stage_rounds(t))
            return fail(ErrorCode::BadPairings,
                        "impossible withdrawal from round " + std::to_string(w.from_round));
        for (std::size_t j = 0; j < i; ++j)
            if (t.withdrawals[j].player == w.player)
                return fail(ErrorCode::BadPairings, "a player withdrawn twice");
    }
    if (!players) return {};
    const int n = static_cast<int>(t.players.size());
    if (t.system == System::Groups) {
        const auto all = groups(t);
        std::size_t smallest = all.empty() ? 0 : all.back().size();
        for (const auto& g : all) smallest = std::min(smallest, g.size());
        if (static_cast<int>(smallest) <= s.advance)
            return fail(ErrorCode::BadPlayers, std::to_string(n) + " players make groups of " +
                                                   std::to_string(smallest) + ": too small for " +
                                                   std::to_string(s.advance) + " to advance");
        if (all.size() * static_cast<std::size_t>(s.advance) < 2)
            return fail(ErrorCode::BadPlayers,
                        "one group with one advancing leaves no knockout: advance 2 or more");
    }
    const int last = stage_rounds(t);
    std::set<core::GameId> ids;
    for (const Pairing& p : t.pairings) {
        const std::string which = "round " + std::to_string(p.round) + " game " +
                                  std::to_string(p.white + 1) + "-" + std::to_string(p.black + 1);
        if (p.round < 1 || p.round > last || p.white < 0 || p.white >= n || p.black < 0 ||
            p.black >= n || p.white == p.black)
            return fail(ErrorCode::BadPairings, "impossible pairing: " + which);
        if (p.game && !ids.insert(*p.game).second)
            return fail(ErrorCode::BadPairings, "game " + to_string(*p.game) + " twice");
        if (!text::is_word(p.ending))
            return fail(ErrorCode::BadField, which + ": ending must be a lower-case word");
    }
    return {};
}

}  // namespace ck::club
