#include "club/tiebreaks.hpp"

#include <algorithm>
#include <map>

#include "club/swiss_round.hpp"

namespace ck::club {
namespace {

using SOutcome = swiss::Outcome;

bool voluntary_unplayed(SOutcome o) {
    return o == SOutcome::HalfBye || o == SOutcome::FullBye || o == SOutcome::ZeroBye ||
           o == SOutcome::ForfeitLoss;
}

bool unplayed(SOutcome o) { return !swiss::is_played(o) && o != SOutcome::Absent; }

struct Scores {
    std::vector<int> own;       // tenths over the rounds counted
    std::vector<int> adjusted;  // for the others' tie-breaks (VURs as draws)
};

Scores scores(const swiss::Event& e, int rounds) {
    Scores s;
    for (const swiss::Player& p : e.players) {
        int own = 0, adj = 0;
        for (int r = 1; r <= rounds; ++r) {
            const SOutcome o = p.round(r).outcome;
            const int pts = e.points.points(o);
            own += pts;
            adj += voluntary_unplayed(o) ? e.points.draw : pts;
        }
        s.own.push_back(own);
        s.adjusted.push_back(adj);
    }
    return s;
}

}  // namespace

std::vector<int> tiebreak_values(const swiss::Event& e, int rounds, Tiebreak kind,
                                 const std::vector<int>& group) {
    const Scores s = scores(e, rounds);
    const std::size_t n = e.players.size();
    std::vector<int> out(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const swiss::Player& p = e.players[i];
        std::vector<int> contributions;  // BH per round
        int sb = 0, wins = 0, de = 0;
        bool vur = false;
        for (int r = 1; r <= rounds; ++r) {
            const swiss::RoundEntry& x = p.round(r);
            if (x.outcome == SOutcome::Absent) continue;  // pending: not counted yet
            const int pts = e.points.points(x.outcome);
            if (pts == e.points.win && pts > 0) ++wins;
            int opp;
            if (unplayed(x.outcome) || x.opponent == 0) {
                opp = s.own[i];  // the dummy opponent: the participant's own score
                vur = vur || voluntary_unplayed(x.outcome);
            } else {
                opp = s.adjusted[static_cast<std::size_t>(x.opponent - 1)];
                if (!group.empty() && group[static_cast<std::size_t>(x.opponent - 1)] == group[i])
                    de += pts;
            }
            contributions.push_back(opp);
            sb += opp * pts;
        }
        int bh = 0;
        for (int c : contributions) bh += c;
        switch (kind) {
            case Tiebreak::Buchholz:
                out[i] = bh;
                break;
            case Tiebreak::BuchholzCut1:
                if (!contributions.empty())
                    out[i] =
                        bh - (vur ? s.own[i]
                                  : *std::min_element(contributions.begin(), contributions.end()));
                break;
            case Tiebreak::SonnebornBerger:
                out[i] = sb;  // tenths × tenths: hundredths of a point
                break;
            case Tiebreak::Wins:
                out[i] = wins;
                break;
            case Tiebreak::DirectEncounter:
                out[i] = de;
                break;
        }
    }
    if (kind != Tiebreak::DirectEncounter) return out;
    // DE separates a group only when every pair of it met (in a game played).
    std::map<int, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < n && !group.empty(); ++i) groups[group[i]].push_back(i);
    for (std::size_t i = 0; i < n && group.empty(); ++i) out[i] = 0;
    for (const auto& [g, members] : groups) {
        bool all_met = members.size() > 1;
        for (std::size_t a = 0; a < members.size() && all_met; ++a)
            for (std::size_t b = a + 1; b < members.size() && all_met; ++b) {
                bool met = false;
                for (int r = 1; r <= rounds && !met; ++r) {
                    const auto& x = e.players[members[a]].round(r);
                    met = x.opponent == static_cast<int>(members[b]) + 1 &&
                          swiss::is_played(x.outcome);
                }
                all_met = met;
            }
        if (!all_met)
            for (std::size_t m : members) out[m] = 0;
    }
    return out;
}

std::vector<SwissStanding> swiss_standings(const Tournament& t) {
    const int rounds = rounds_paired(t);
    const swiss::Event e = to_swiss_event(t, rounds);
    const Scores s = scores(e, rounds);
    const std::size_t n = t.players.size();
    std::vector<SwissStanding> rows(n);
    for (std::size_t i = 0; i < n; ++i) {
        rows[i].player = static_cast<int>(i);
        rows[i].points = s.own[i];
    }
    for (std::size_t k = 0; k < t.swiss.tiebreaks.size(); ++k) {
        const Tiebreak kind = t.swiss.tiebreaks[k];
        std::vector<int> group;
        if (kind == Tiebreak::DirectEncounter) {
            std::map<std::vector<int>, int> ids;  // (points, tie-breaks so far) -> group
            for (const SwissStanding& r : rows) {
                std::vector<int> key{r.points};
                key.insert(key.end(), r.tiebreaks.begin(), r.tiebreaks.end());
                group.push_back(ids.emplace(key, static_cast<int>(ids.size())).first->second);
            }
        }
        const std::vector<int> v = tiebreak_values(e, rounds, kind, group);
        for (std::size_t i = 0; i < n; ++i) rows[i].tiebreaks.push_back(v[i]);
    }
    const auto key = [](const SwissStanding& r) {
        std::vector<int> k{r.points};
        k.insert(k.end(), r.tiebreaks.begin(), r.tiebreaks.end());
        return k;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const SwissStanding& a, const SwissStanding& b) {
        return key(a) > key(b);
    });
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i;
        while (j < n && key(rows[j]) == key(rows[i])) ++j;
        for (std::size_t k = i; k < j; ++k) {
            rows[k].place_first = static_cast<int>(i) + 1;
            rows[k].place_last = static_cast<int>(j);
        }
        i = j;
    }
    return rows;
}

std::string tenths_text(int tenths) {
    const std::string whole = std::to_string(tenths / 10);
    return tenths % 10 == 0 ? whole : whole + "." + std::to_string(tenths % 10);
}

std::string tiebreak_text(Tiebreak kind, int value) {
    if (kind == Tiebreak::Wins) return std::to_string(value);
    if (kind == Tiebreak::SonnebornBerger) {
        const int cents = value % 100;
        return std::to_string(value / 100) + "." + (cents < 10 ? "0" : "") + std::to_string(cents);
    }
    return tenths_text(value);
}

const char* tiebreak_heading(Tiebreak kind) {
    switch (kind) {
        case Tiebreak::Buchholz:
            return "BH";
        case Tiebreak::BuchholzCut1:
            return "BH-C1";
        case Tiebreak::SonnebornBerger:
            return "SB";
        case Tiebreak::DirectEncounter:
            return "DE";
        case Tiebreak::Wins:
            return "WIN";
    }
    return "?";
}

}  // namespace ck::club
