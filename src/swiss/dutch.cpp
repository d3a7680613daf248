#include "swiss/dutch.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "swiss/matching.hpp"
#include "swiss/player_state.hpp"

namespace ck::swiss {
namespace {

int bits_for(std::uint64_t n) {
    int b = 1;
    while (n >>= 1) ++b;
    return b;
}

// The bit fields of one bracket's edge weights, the first added the most significant
// (wide_weight.hpp). Each field is exactly as wide as the largest sum it can hold over a whole
// matching, so that no field carries into the next. A "score field" is a group of sub-fields, one
// per score, the higher score more significant: it compares matchings score group by score group
// (C6's "the scores paired").
class Layout {
public:
    int add(int width) {
        widths_.push_back(width);
        return static_cast<int>(widths_.size()) - 1;
    }
    // A field per distinct score of `scores` (one entry per player, any order), each wide enough
    // for a sum of up to `per_player` per player of that score.
    std::map<int, int> add_scores(std::vector<int> scores, int per_player) {
        std::map<int, int> counts;
        for (int s : scores) ++counts[s];
        std::map<int, int> fields;
        for (auto it = counts.rbegin(); it != counts.rend(); ++it)
            fields[it->first] = add(bits_for(static_cast<std::uint64_t>(it->second * per_player)));
        return fields;
    }
    int finish() {
        shifts_.assign(widths_.size(), 0);
        int shift = 0;
        for (std::size_t i = widths_.size(); i-- > 0;) {
            shifts_[i] = shift;
            shift += widths_[i];
        }
        return shift;
    }
    void put(WideWeight& w, int field, std::uint64_t v) const {
        if (v != 0) w.add_at(v, shifts_[static_cast<std::size_t>(field)]);
    }

private:
    std::vector<int> widths_;
    std::vector<int> shifts_;
};

constexpr int MaxWeightBits = 240;

class DutchRound {
public:
    DutchRound(const Event& event, int round)
        : event_(event), round_(round), states_(player_states(event, round)) {}

    core::Result<RoundPairing, core::Error> run();

private:
    const PlayerState& st(int v) const {
        return states_[static_cast<std::size_t>(order_[static_cast<std::size_t>(v)] - 1)];
    }
    bool topscorer(int v) const { return final_round_ && st(v).score > top_threshold_; }
    // C.04.3 absolute criteria: no rematch (C1), and (C3) no two players with the same absolute
    // colour preference, unless one is a topscorer in the last round.
    bool compatible(int a, int b) const {
        const PlayerState& x = st(a);
        const PlayerState& y = st(b);
        if (x.has_met(y.number)) return false;
        if (x.absolute && y.absolute && x.preference == y.preference && !topscorer(a) &&
            !topscorer(b))
            return false;
        return true;
    }
    bool bye_candidate(int v) const {
        return odd_ && st(v).bye_allowed && st(v).score <= bye_score_;
    }
    core::Result<void, core::Error> choose_bye_score();
    void pair_bracket();

    struct Edge {
        int u, v;  // u < v: u is the higher-ranked
        WideWeight base;
    };
    // One matching over rem_ with the fixings made so far; `bonus(u, v)` adds the low fields.
    template <typename Bonus>
    std::vector<int> solve(const std::vector<Edge>& edges, Bonus bonus, bool bracket_only);

    const Event& event_;
    int round_;
    std::vector<PlayerState> states_;
    std::vector<int> order_;  // participants' numbers by score, then pairing number
    std::vector<std::vector<char>> compat_;
    bool final_round_ = false;
    int top_threshold_ = 0;
    bool odd_ = false;
    int bye_score_ = 0;

    // Bracket state, in order_ indices.
    std::vector<int> rem_;        // players still unpaired, by order
    std::vector<int> mdp_;        // moved-down players into the current bracket
    std::vector<int> partner_;    // final pairs (order index), -1 while unpaired
    std::vector<int> forced_;     // fixed partner within the current bracket
    std::vector<char> floating_;  // decided to float down from the current bracket
    std::vector<char> in_bracket_;
    Layout layout_;
    bool narrow_ = false;           // the bracket's weights fit below 2^120 (matching.hpp)
    bool too_wide_ = false;         // a bracket's fields did not fit in MaxWeightBits
    std::vector<int> global_mate_;  // the last optimal matching over all unpaired players
    int f_mdp_ = 0, f_x1_ = 0, f_x2_ = 0, f_x3_ = 0, f_x4_ = 0, f_bonus_ = 0, f_default_ = 0;
};

template <typename Bonus>
std::vector<int> DutchRound::solve(const std::vector<Edge>& edges, Bonus bonus, bool bracket_only) {
    const int n = static_cast<int>(order_.size());
    std::vector<int> index(static_cast<std::size_t>(n), -1);
    std::vector<int> vertex;
    for (int v : rem_) {
        if (bracket_only && !in_bracket_[static_cast<std::size_t>(v)]) continue;
        index[static_cast<std::size_t>(v)] = static_cast<int>(vertex.size());
        vertex.push_back(v);
    }
    std::vector<WeightedEdge> list;
    list.reserve(edges.size());
    for (const auto& e : edges) {
        const int iu = index[static_cast<std::size_t>(e.u)];
        const int iv = index[static_cast<std::size_t>(e.v)];
        if (iu < 0 || iv < 0) continue;
        const int fu = forced_[static_cast<std::size_t>(e.u)];
        const int fv = forced_[static_cast<std::size_t>(e.v)];
        if ((fu >= 0 || fv >= 0) && !(fu == e.v && fv == e.u)) continue;
        const bool both = in_bracket_[static_cast<std::size_t>(e.u)] &&
                          in_bracket_[static_cast<std::size_t>(e.v)];
        if (both &&
            (floating_[static_cast<std::size_t>(e.u)] || floating_[static_cast<std::size_t>(e.v)]))
            continue;
        WeightedEdge w{iu, iv, e.base};
        bonus(e.u, e.v, w.weight);
        list.push_back(w);
    }
    const Matching m = max_weight_matching(static_cast<int>(vertex.size()), list, narrow_);
    std::vector<int> mate(static_cast<std::size_t>(n), -1);
    for (std::size_t i = 0; i < vertex.size(); ++i) {
        if (m.mate[i] >= 0)
            mate[static_cast<std::size_t>(vertex[i])] = vertex[static_cast<std::size_t>(m.mate[i])];
    }
    if (!bracket_only) global_mate_ = mate;
    return mate;
}

core::Result<void, core::Error> DutchRound::choose_bye_score() {
    // C.04.1 / C.04.3 C2 and C4: the round must be completed with every player paired but one
    // (when their number is odd), who must be allowed the bye; among such pairings the bye goes
    // to the lowest score for which one exists.
    std::vector<int> scores;
    for (std::size_t v = 0; v < order_.size(); ++v) scores.push_back(st(static_cast<int>(v)).score);
    std::sort(scores.begin(), scores.end());
    scores.erase(std::unique(scores.begin(), scores.end()), scores.end());
    if (!odd_) scores = {0};
    const int n = static_cast<int>(order_.size());
    for (int s : scores) {
        bye_score_ = s;
        std::vector<WeightedEdge> edges;
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                if (!compat_[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)]) continue;
                edges.push_back({a, b, WideWeight(1 + !bye_candidate(a) + !bye_candidate(b))});
            }
        }
        const Matching m = max_weight_matching(n, edges, true);
        int unmatched = 0;
        bool ok = true;
        for (int v = 0; v < n; ++v) {
            if (m.mate[static_cast<std::size_t>(v)] >= 0) continue;
            ++unmatched;
            if (!bye_candidate(v)) ok = false;
        }
        if (ok && unmatched == (odd_ ? 1 : 0)) {
            global_mate_ = m.mate;
            return {};
        }
    }
    return core::unexpected(
        core::invalid_error("round " + std::to_string(round_) +
                            ": no pairing satisfies the absolute criteria (C.04.3 C1-C3) for all " +
                            std::to_string(n) + " players"));
}

void DutchRound::pair_bracket() {
    const std::size_t n = order_.size();
    // The bracket: the moved-down players and the next scoregroup (C.04.3 1.3).
    int resident_score = -1;
    for (int v : rem_) {
        if (std::find(mdp_.begin(), mdp_.end(), v) == mdp_.end()) {
            resident_score = st(v).score;
            break;
        }
    }
    in_bracket_.assign(n, 0);
    std::vector<int> bracket;
    std::vector<char> in_next(n, 0);
    int next_score = -1;
    for (int v : rem_) {
        const bool mdp = std::find(mdp_.begin(), mdp_.end(), v) != mdp_.end();
        if (mdp || st(v).score == resident_score) {
            in_bracket_[static_cast<std::size_t>(v)] = 1;
            bracket.push_back(v);
        } else if (next_score < 0 || st(v).score == next_score) {
            next_score = st(v).score;
            in_next[static_cast<std::size_t>(v)] = 1;
        }
    }
    const int b = static_cast<int>(bracket.size());
    const int m = static_cast<int>(rem_.size());
    int next_size = 0;
    for (int v : rem_) next_size += in_next[static_cast<std::size_t>(v)];
    std::vector<int> bracket_scores, next_scores;
    for (int v : bracket) bracket_scores.push_back(st(v).score);
    next_scores = bracket_scores;
    for (int v : rem_)
        if (in_next[static_cast<std::size_t>(v)]) next_scores.push_back(st(v).score);

    // Unplayed-game ranks for C9 (2026): the bye should go to the candidate with the fewest
    // unplayed games; those with more unplayed games are rewarded for being paired.
    std::vector<int> played_counts;
    for (int v : rem_)
        if (bye_candidate(v) && st(v).score == bye_score_) played_counts.push_back(st(v).played);
    std::sort(played_counts.begin(), played_counts.end());
    played_counts.erase(std::unique(played_counts.begin(), played_counts.end()),
                        played_counts.end());
    // It counts in a bracket whose single downfloater is the bye assignee: the bye's score is
    // this bracket's, and in the optimal matching so far nobody of the bracket plays a lower
    // score (they pair among themselves, one is left for the bye).
    bool single_downfloater_is_bye = odd_ && bye_score_ >= resident_score;
    for (int v : bracket) {
        const int p = global_mate_[static_cast<std::size_t>(v)];
        if (p >= 0 && st(p).score < resident_score) single_downfloater_is_bye = false;
    }
    const bool bye_field = single_downfloater_is_bye && played_counts.size() > 1;
    auto unplayed_rank = [&](int v) -> std::uint64_t {
        if (!bye_candidate(v) || st(v).score != bye_score_) return 0;
        const auto it = std::lower_bound(played_counts.begin(), played_counts.end(), st(v).played);
        return static_cast<std::uint64_t>(played_counts.end() - it - 1);
    };

    // Fields that cannot tell two matchings apart are left out, to keep the weights narrow: no
    // floats before round 2, none two rounds back before round 3, and no score-by-score fields
    // in a homogeneous bracket (they would repeat the count fields).
    const bool one_back = round_ > 1;
    const bool two_back = round_ > 2;
    std::vector<int> distinct = bracket_scores;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    const bool heterogeneous = distinct.size() > 1;
    bool score_floats = heterogeneous;
    int f_comp, f_pairs, f_next_pairs, f_bye = -1;
    int f_col[4], f_flt[4];
    std::map<int, int> f_scores, f_next_scores, f_sflt[4];
    for (;;) {
        layout_ = Layout();
        const int cw = bits_for(static_cast<std::uint64_t>(b));
        const int fw = bits_for(static_cast<std::uint64_t>(2 * b));
        f_comp = layout_.add(bits_for(static_cast<std::uint64_t>(3 * m)));
        f_pairs = layout_.add(cw);
        f_scores.clear();
        if (heterogeneous) f_scores = layout_.add_scores(bracket_scores, 1);
        f_next_pairs = layout_.add(bits_for(static_cast<std::uint64_t>(b + next_size)));
        f_next_scores = layout_.add_scores(next_scores, 1);
        if (bye_field)
            f_bye = layout_.add(bits_for(static_cast<std::uint64_t>(m) *
                                         static_cast<std::uint64_t>(played_counts.size())));
        for (int& f : f_col) f = layout_.add(cw);
        for (int i = 0; i < 4; ++i)
            f_flt[i] = ((i < 2 && one_back) || two_back) ? layout_.add(fw) : -1;
        for (int i = 0; i < 4; ++i) {
            f_sflt[i].clear();
            if (score_floats && (i < 2 || two_back))
                f_sflt[i] = layout_.add_scores(bracket_scores, 1);
        }
        f_mdp_ = layout_.add(bits_for(static_cast<std::uint64_t>(2 * b)));
        f_x1_ = layout_.add(cw);
        f_x2_ =
            layout_.add(bits_for(static_cast<std::uint64_t>(b) * static_cast<std::uint64_t>(b)));
        f_x3_ =
            layout_.add(bits_for(static_cast<std::uint64_t>(b) * static_cast<std::uint64_t>(b)));
        f_x4_ =
            layout_.add(bits_for(static_cast<std::uint64_t>(b) * static_cast<std::uint64_t>(b)));
        f_bonus_ = layout_.add(bits_for(static_cast<std::uint64_t>(b)) + 1);
        f_default_ =
            layout_.add(bits_for(static_cast<std::uint64_t>(b) * static_cast<std::uint64_t>(b) *
                                 static_cast<std::uint64_t>(b)));
        const int total = layout_.finish();
        narrow_ = total <= 120;
        if (total <= MaxWeightBits) break;
        if (!score_floats) {
            too_wide_ = true;  // thousands of players in one bracket: refuse rather than overflow
            return;
        }
        score_floats = false;
    }

    // Base weights of every allowed edge among the unpaired players.
    std::vector<Edge> edges;
    for (int i = 0; i < m; ++i) {
        const int u = rem_[static_cast<std::size_t>(i)];
        for (int j = i + 1; j < m; ++j) {
            const int v = rem_[static_cast<std::size_t>(j)];
            if (!compat_[static_cast<std::size_t>(u)][static_cast<std::size_t>(v)]) continue;
            const PlayerState& hi = st(u);
            const PlayerState& lo = st(v);
            WideWeight w;
            layout_.put(w, f_comp, 1u + !bye_candidate(u) + !bye_candidate(v));
            const bool both = in_bracket_[static_cast<std::size_t>(u)] &&
                              in_bracket_[static_cast<std::size_t>(v)];
            if (both) {
                layout_.put(w, f_pairs, 1);
                if (heterogeneous) layout_.put(w, f_scores.at(hi.score), 1);
            }
            if (in_next[static_cast<std::size_t>(v)] && (in_bracket_[static_cast<std::size_t>(u)] ||
                                                         in_next[static_cast<std::size_t>(u)])) {
                layout_.put(w, f_next_pairs, 1);
                layout_.put(w, f_next_scores.at(hi.score), 1);
            }
            if (bye_field) layout_.put(w, f_bye, unplayed_rank(u) + unplayed_rank(v));
            if (both) {
                // Colours (C.04.3 C10-C13).
                const bool same = hi.preference != Colour::None && hi.preference == lo.preference;
                layout_.put(w, f_col[0], !(same && hi.imbalance() > 1 && lo.imbalance() > 1));
                bool third_ok = true;
                if (same && hi.absolute && lo.absolute) {
                    if (hi.imbalance() == lo.imbalance())
                        third_ok = lo.repeated == Colour::None || lo.repeated != hi.repeated;
                    else
                        third_ok = (hi.imbalance() > lo.imbalance() ? lo : hi).repeated !=
                                   opposite(hi.preference);
                }
                layout_.put(w, f_col[1], third_ok);
                layout_.put(w, f_col[2], !same);
                const bool hi_strong = hi.strong || hi.absolute;
                const bool lo_strong = lo.strong || lo.absolute;
                layout_.put(w, f_col[3],
                            !same || !hi_strong || !lo_strong || (hi.absolute && lo.absolute));
                // Floats (C.04.3 C14-C21): reward pairing within the bracket those who floated
                // down before, and pairings that do not float up again a player who floated up.
                const bool down_pair = hi.score > lo.score;
                const Float f1[2] = {hi.float1, lo.float1};
                const Float f2[2] = {hi.float2, lo.float2};
                for (int back = 0; back < 2; ++back) {
                    if ((back == 0 && !one_back) || (back == 1 && !two_back)) break;
                    const Float* f = back == 0 ? f1 : f2;
                    layout_.put(w, f_flt[2 * back],
                                static_cast<std::uint64_t>(f[1] == Float::Down) +
                                    static_cast<std::uint64_t>(!down_pair && f[0] == Float::Down));
                    layout_.put(w, f_flt[2 * back + 1], !(down_pair && f[1] == Float::Up));
                    if (!f_sflt[2 * back].empty()) {
                        layout_.put(w, f_sflt[2 * back].at(lo.score), f[1] == Float::Down);
                        layout_.put(w, f_sflt[2 * back].at(hi.score), f[0] == Float::Down);
                        layout_.put(w, f_sflt[2 * back + 1].at(hi.score),
                                    !(down_pair && f[1] == Float::Up));
                    }
                }
            }
            edges.push_back({u, v, w});
        }
    }

    forced_.assign(n, -1);
    floating_.assign(n, 0);
    std::vector<int> bsn(n, -1);
    for (int i = 0; i < b; ++i)
        bsn[static_cast<std::size_t>(bracket[static_cast<std::size_t>(i)])] = i;

    auto fix = [&](int k, const std::vector<int>& mt) {
        const int p = mt[static_cast<std::size_t>(k)];
        if (p >= 0 && in_bracket_[static_cast<std::size_t>(p)]) {
            forced_[static_cast<std::size_t>(k)] = p;
            forced_[static_cast<std::size_t>(p)] = k;
        } else {
            floating_[static_cast<std::size_t>(k)] = 1;
        }
    };
    auto free_in_bracket = [&](int v) {
        return in_bracket_[static_cast<std::size_t>(v)] &&
               forced_[static_cast<std::size_t>(v)] < 0 && !floating_[static_cast<std::size_t>(v)];
    };
    auto can_meet = [&](int u, int v) {
        return compat_[static_cast<std::size_t>(u)][static_cast<std::size_t>(v)] != 0;
    };
    // Each player's choice below is the first candidate (in the rules' order) that keeps every
    // criterion at its best. A matching that is already optimal for every field above the bonus
    // and gives the player its first possible candidate needs no new matching; otherwise one more
    // matching with a bonus for that player's candidates (earlier ones more) decides.

    // The remainder (or the homogeneous bracket): S1 the first pR residents still free, S2 the
    // rest; exchanges as few and as small as C.04.3 4.3 orders them, then each player in order
    // takes the first player after it that keeps the best bracket (transpositions of S2).
    std::vector<int> rest;
    std::vector<char> in_s1(n, 0), in_rest(n, 0);
    std::vector<int> rest_rank(n, 0);
    int rn = 0;
    int rest_pr = 0;
    auto prepare_rest = [&](int pr) {
        rest.clear();
        std::fill(in_s1.begin(), in_s1.end(), 0);
        std::fill(in_rest.begin(), in_rest.end(), 0);
        for (int v : bracket)
            if (free_in_bracket(v) && st(v).score == resident_score) rest.push_back(v);
        for (std::size_t i = 0; i < rest.size(); ++i) {
            const auto v = static_cast<std::size_t>(rest[i]);
            in_rest[v] = 1;
            in_s1[v] = static_cast<int>(i) < pr;
            rest_rank[v] = static_cast<int>(i);
        }
        rn = static_cast<int>(rest.size());
    };
    // MDPs in order (C.04.3 4.x: S1 are the MDPs, highest first; each takes the first resident
    // that still allows the best bracket).
    std::vector<int> mdps, mdp_index(n, 0);
    for (int v : bracket)
        if (st(v).score != resident_score) {
            mdp_index[static_cast<std::size_t>(v)] = static_cast<int>(mdps.size());
            mdps.push_back(v);
        }
    auto mdp_default = [&](int u, int v, WideWeight& w) {
        if (!free_in_bracket(u) || !free_in_bracket(v)) return;
        if (st(u).score == resident_score || st(v).score != resident_score) return;
        layout_.put(w, f_default_,
                    static_cast<std::uint64_t>(b - bsn[static_cast<std::size_t>(v)]));
    };
    // C.04.3 4.3 (exchanges): the fewest S1 players moved to S2 (x1), the smallest difference of
    // the moved players' sequence numbers (x2), the S1 players moved the lowest ones (x3) and the
    // S2 players moved the highest ones (x4). The sequence numbers are the remainder's own (the
    // residents still free, in order), not the bracket's: an MDP's partner between two residents
    // must not change which exchange is the smaller. Below the bonus, a guess at the whole order
    // (the standard S1[i]-S2[i] pairing) that spares most of the per-player matchings.
    auto rest_fields = [&](int u, int v, WideWeight& w) {
        if (!in_rest[static_cast<std::size_t>(u)] || !in_rest[static_cast<std::size_t>(v)]) return;
        if (!free_in_bracket(u) || !free_in_bracket(v)) return;
        const int iu = rest_rank[static_cast<std::size_t>(u)];
        const int iv = rest_rank[static_cast<std::size_t>(v)];
        const auto ru = static_cast<std::uint64_t>(rn - iu);
        layout_.put(w, f_x1_, in_s1[static_cast<std::size_t>(u)]);
        layout_.put(w, f_x2_, static_cast<std::uint64_t>(rn - iu));
        if (in_s1[static_cast<std::size_t>(u)]) {
            layout_.put(w, f_x3_, ru);
            const int off = iv - (rest_pr + iu);
            const int dist = off < 0 ? -off : off;
            layout_.put(w, f_default_, static_cast<std::uint64_t>(dist < rn ? rn - dist : 0) * ru);
        } else {
            layout_.put(w, f_x4_, ru);
        }
    };
    // Pass 1: the criteria alone tell how many pairs the bracket gets and whether any of its
    // players floats down; if none does, the rest of the bracket's choices do not touch the lower
    // players and the bracket alone is matched from here on.
    // A homogeneous bracket most often pairs all but (at most) one: its remainder fields go into
    // this first matching on that guess, which spares the matching after the MDPs.
    const bool homogeneous = mdps.empty();
    const int guess = b / 2;
    if (homogeneous) {
        rest_pr = guess;
        prepare_rest(guess);
    }
    auto first_fields = [&](int u, int v, WideWeight& w) {
        mdp_default(u, v, w);
        if (homogeneous) rest_fields(u, v, w);
    };
    std::vector<int> mate = solve(edges, first_fields, false);
    int pairs = 0;
    bool floaters = false;
    for (int v : bracket) {
        const int p = mate[static_cast<std::size_t>(v)];
        if (p >= 0 && in_bracket_[static_cast<std::size_t>(p)])
            pairs += v < p;
        else
            floaters = true;
    }
    const bool local = !floaters;

    // Which MDPs are paired (C.04.3 4.x: S1 holds the highest MDPs, the rest wait in limbo, and
    // every transposition of S2 is tried before an MDP is exchanged with one in limbo): each MDP
    // in order is paired in the bracket if some optimal matching pairs it with a resident together
    // with the MDPs chosen before it; only then are their opponents chosen. Choosing the opponents
    // MDP by MDP at once would let an earlier MDP's first resident push a later MDP into limbo.
    std::vector<char> mdp_chosen(n, 0);
    auto mdp_fields = [&](int u, int v, WideWeight& w, int trying) {
        mdp_default(u, v, w);
        if (!free_in_bracket(u) || !free_in_bracket(v)) return;
        if (st(u).score == resident_score || st(v).score != resident_score) return;
        if (mdp_chosen[static_cast<std::size_t>(u)])
            layout_.put(w, f_mdp_, 2);
        else if (u == trying)
            layout_.put(w, f_mdp_, 1);
    };
    auto paired_in_bracket = [&](int k) {
        const int p = mate[static_cast<std::size_t>(k)];
        return p >= 0 && in_bracket_[static_cast<std::size_t>(p)];
    };
    for (int k : mdps) {
        if (!paired_in_bracket(k)) {
            mate = solve(
                edges, [&](int u, int v, WideWeight& w) { mdp_fields(u, v, w, k); }, local);
        }
        if (paired_in_bracket(k))
            mdp_chosen[static_cast<std::size_t>(k)] = 1;
        else
            floating_[static_cast<std::size_t>(k)] = 1;
    }

    int fixed_pairs = 0;
    for (int k : mdps) {
        if (!mdp_chosen[static_cast<std::size_t>(k)]) continue;
        if (forced_[static_cast<std::size_t>(k)] >= 0) continue;  // paired to an earlier MDP
        int first = -1;
        for (int v : bracket)
            if (v != k && st(v).score == resident_score && free_in_bracket(v) && can_meet(k, v)) {
                first = v;
                break;
            }
        if (first < 0 || mate[static_cast<std::size_t>(k)] != first) {
            auto bonus = [&](int u, int v, WideWeight& w) {
                mdp_fields(u, v, w, -1);
                const int other = u == k ? v : v == k ? u : -1;
                if (other < 0 || !in_bracket_[static_cast<std::size_t>(other)] ||
                    st(other).score != resident_score)
                    return;
                layout_.put(
                    w, f_bonus_,
                    static_cast<std::uint64_t>(b - bsn[static_cast<std::size_t>(other)] + 1));
            };
            mate = solve(edges, bonus, local);
        }
        fix(k, mate);
        if (forced_[static_cast<std::size_t>(k)] >= 0) ++fixed_pairs;
    }

    if (!homogeneous || pairs != guess) {
        rest_pr = std::max(0, pairs - fixed_pairs);
        prepare_rest(rest_pr);
        if (rn > 1) mate = solve(edges, rest_fields, local);
    }
    // The candidates' order: S2 after the exchanges (the players who are the lower of their pair
    // in a matching that is optimal so far, and those left over) by sequence number, then the
    // others.
    std::vector<int> candidates;
    std::vector<int> cand_rank(n, 0);
    for (int pass = 0; pass < 2; ++pass) {
        for (int v : rest) {
            const int p = mate[static_cast<std::size_t>(v)];
            const bool lower =
                p < 0 || !in_rest[static_cast<std::size_t>(p)] ||
                rest_rank[static_cast<std::size_t>(p)] < rest_rank[static_cast<std::size_t>(v)];
            if (lower == (pass == 0)) {
                cand_rank[static_cast<std::size_t>(v)] = static_cast<int>(candidates.size());
                candidates.push_back(v);
            }
        }
    }
    for (int k : rest) {
        if (!free_in_bracket(k)) continue;
        int first = -1;
        for (int v : candidates)
            if (rest_rank[static_cast<std::size_t>(v)] > rest_rank[static_cast<std::size_t>(k)] &&
                free_in_bracket(v) && can_meet(k, v)) {
                first = v;
                break;
            }
        if (first < 0 || mate[static_cast<std::size_t>(k)] != first) {
            auto bonus = [&](int u, int v, WideWeight& w) {
                rest_fields(u, v, w);
                const int other = u == k ? v : v == k ? u : -1;
                if (other < 0 || !in_rest[static_cast<std::size_t>(other)]) return;
                layout_.put(w, f_bonus_,
                            static_cast<std::uint64_t>(
                                rn - cand_rank[static_cast<std::size_t>(other)] + 1));
            };
            mate = solve(edges, bonus, local);
        }
        fix(k, mate);
    }

    // The bracket is paired: record its pairs, and float down the rest.
    std::vector<int> next_rem, next_mdp;
    for (int v : rem_) {
        const int p = forced_[static_cast<std::size_t>(v)];
        if (in_bracket_[static_cast<std::size_t>(v)] && p >= 0) {
            partner_[static_cast<std::size_t>(v)] = p;
            continue;
        }
        next_rem.push_back(v);
        if (in_bracket_[static_cast<std::size_t>(v)]) next_mdp.push_back(v);
    }
    rem_ = std::move(next_rem);
    mdp_ = std::move(next_mdp);
}

core::Result<RoundPairing, core::Error> DutchRound::run() {
    final_round_ = round_ >= event_.total_rounds;
    top_threshold_ = (round_ - 1) * std::max(event_.points.win, event_.points.draw) / 2;
    for (const auto& p : event_.players) {
        if (p.round(round_).outcome == Outcome::Absent &&
            static_cast<int>(p.rounds.size()) < round_)
            order_.push_back(p.number);
    }
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
        return states_[static_cast<std::size_t>(a - 1)].score >
               states_[static_cast<std::size_t>(b - 1)].score;
    });
    const std::size_t n = order_.size();
    compat_.assign(n, std::vector<char>(n, 0));
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            compat_[a][b] = compat_[b][a] = compatible(static_cast<int>(a), static_cast<int>(b));
    odd_ = n % 2 == 1;
    CK_TRY(choose_bye_score());

    partner_.assign(n, -1);
    for (std::size_t v = 0; v < n; ++v) rem_.push_back(static_cast<int>(v));
    while (rem_.size() > 1) {
        const std::size_t before = rem_.size();
        pair_bracket();
        if (too_wide_) {
            return core::unexpected(
                core::invalid_error("round " + std::to_string(round_) + ": " + std::to_string(n) +
                                    " players are too many for the pairing weights (" +
                                    std::to_string(MaxWeightBits) + " bits)"));
        }
        if (rem_.size() == before && mdp_.size() == rem_.size()) break;  // nothing left to pair
    }

    RoundPairing out;
    std::vector<std::pair<int, int>> pairs;  // (higher, lower) order indices
    for (std::size_t v = 0; v < n; ++v) {
        const int p = partner_[v];
        if (p < 0) {
            if (out.bye != 0)
                return core::unexpected(core::invalid_error(
                    "round " + std::to_string(round_) + ": more than one player left unpaired"));
            out.bye = order_[v];
        } else if (static_cast<int>(v) < p) {
            pairs.emplace_back(static_cast<int>(v), p);
        }
    }
    if (out.bye != 0 && !bye_candidate(static_cast<int>(
                            std::find(order_.begin(), order_.end(), out.bye) - order_.begin())))
        return core::unexpected(core::invalid_error("round " + std::to_string(round_) +
                                                    ": the unpaired player may not get the bye"));
    // Boards as bbpPairings orders them: the higher score of the pair, the lower, then rank.
    std::sort(pairs.begin(), pairs.end(), [&](const auto& x, const auto& y) {
        const auto key = [&](const std::pair<int, int>& q) {
            return std::make_tuple(-st(q.first).score, -st(q.second).score,
                                   order_[static_cast<std::size_t>(q.first)]);
        };
        return key(x) < key(y);
    });
    for (const auto& [h, l] : pairs) {
        const int hn = order_[static_cast<std::size_t>(h)];
        const int ln = order_[static_cast<std::size_t>(l)];
        const Colour c = allocate_colour(event_, hn, ln);
        out.boards.push_back(c == Colour::White ? Board{hn, ln} : Board{ln, hn});
    }
    return out;
}

}  // namespace

Colour allocate_colour(const Event& event, int higher, int lower) {
    const int round = event.rounds_paired() + 1;
    const auto states = player_states(event, round);
    const PlayerState& h = states[static_cast<std::size_t>(higher - 1)];
    const PlayerState& l = states[static_cast<std::size_t>(lower - 1)];
    // C.04.3 article 5 (colour allocation), in order.
    if (h.preference == Colour::None || l.preference == Colour::None ||
        h.preference != l.preference) {
        // 5.2.1: grant both preferences (or the one there is).
        if (h.preference != Colour::None) return h.preference;
        if (l.preference != Colour::None) return opposite(l.preference);
    } else {
        // 5.2.2: the stronger preference (absolute: the larger colour difference).
        if (h.absolute && (h.imbalance() > l.imbalance() || !l.absolute)) return h.preference;
        if (l.absolute && (l.imbalance() > h.imbalance() || !h.absolute))
            return opposite(l.preference);
        if (h.strong && !l.strong) return h.preference;
        if (l.strong && !h.strong) return opposite(l.preference);
        // 5.2.3: alternate to the most recent round in which they had different colours.
        auto hi = h.colours.rbegin();
        auto lo = l.colours.rbegin();
        while (hi != h.colours.rend() && lo != l.colours.rend() && *hi == *lo) {
            ++hi;
            ++lo;
        }
        if (hi != h.colours.rend() && lo != l.colours.rend()) return *lo;
        // 5.2.4: the higher-ranked player's preference.
        return h.preference;
    }
    // 5.2.5: by the higher-ranked player's pairing number: odd gets the initial colour. The
    // number counts only the players in the event so far (C.04.2: players not yet entered and
    // never paired hold no place in the ranking list), as bbpPairings and JaVaFo count it.
    int effective = 0;
    for (const auto& p : event.players) {
        if (p.number > higher) break;
        bool in = static_cast<int>(p.rounds.size()) < round;
        for (const auto& e : p.rounds)
            in = in || e.opponent != 0 || e.outcome == Outcome::PairingBye;
        effective += in;
    }
    return effective % 2 == 1 ? event.initial_colour : opposite(event.initial_colour);
}

core::Result<RoundPairing, core::Error> pair_dutch(const Event& event) {
    const int round = event.rounds_paired() + 1;
    if (event.total_rounds > 0 && round > event.total_rounds) {
        return core::unexpected(core::invalid_error("all " + std::to_string(event.total_rounds) +
                                                    " rounds are paired already"));
    }
    DutchRound r(event, round);
    return r.run();
}

}  // namespace ck::swiss
