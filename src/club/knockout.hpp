#pragma once
// Knockout events and group stages (docs/knockout.md), as pure data over a Tournament of system
// Knockout or Groups (tournament.hpp). Nothing here is stored beside tournament.ini: the
// bracket, the groups and who advances are all derived from the players (seeding order) and
// the games recorded so far, so a crash can never leave them out of step with the games.
//
// Knockout: the players by seed (the daemon seeds by rating) go into a bracket of the next
// power of two; seed k meets seed size+1-k in round 1 in the usual bracket order (1-8, 4-5,
// 2-7, 3-6), so the seeds past the player count are byes and fall to the top seeds. A match is
// `stages.games` games, the higher seed White in the first and colours alternating. A drawn
// match gets a further 2-game match (the higher seed White in the first), up to
// `stages.tie_matches` of them; still drawn, the higher seed goes through. Round r+1 is paired
// once every match of round r is decided (event rounds: the knockout's round r is event round
// group_rounds(t) + r; all games of a match share its round).
// Groups: the players by seed are dealt into ceil(n / group_size) groups snake-wise (A B C C B
// A ...); each group is a round robin (single or double: t.kind) by the Berger tables, all
// games at once, event rounds 1..group_rounds(t). When every group game is over, the top
// `stages.advance` of each group (the round robin's order: points, Sonneborn-Berger, wins,
// seeding) go to a knockout seeded by place, then group order (A1 B1 ... A2 B2 ...).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "club/tournament_data.hpp"
#include "core/result.hpp"

namespace ck::club {

bool is_staged(const Tournament& t);  // system Knockout or Groups
bool is_staged(System s);

// Groups: the players (0-based, seeding order) of each group; empty for a knockout.
std::vector<std::vector<int>> groups(const Tournament& t);
std::string group_name(int group);  // "Group A" ... "Group Z", then "Group 27" ...
// Rounds of the group stage (0 for a knockout).
int group_rounds(const Tournament& t);
// True when the group stage has its games and all of them are over (a knockout: true).
bool group_stage_over(const Tournament& t);
// Group `g` as a round robin of its own (players in seeding order, the group's games, players
// renumbered within the group): its standings and crosstables are a round robin's.
Tournament group_event(const Tournament& t, int g);
// The players who reach the knockout, in bracket-seed order (a knockout: every player).
// Empty while the group stage is under way.
std::vector<int> knockout_entrants(const Tournament& t);

struct Match {
    int round = 0;                    // 1-based round of the knockout stage
    std::optional<int> high, low;     // players; high: the better seed. None: a bye / not known
    int high_seed = 0, low_seed = 0;  // 1-based bracket seeds; 0 when not known
    std::vector<std::size_t> games;   // indices into t.pairings, in order
    int high_half = 0, low_half = 0;  // points × 2 over the finished games
    std::optional<int> winner;
    std::string decided_by;  // "bye", "match", "tie-break", "seed"; empty while open
    int due = 0;             // games to add now (a new match or a tie-break match)
};
struct Bracket {
    bool known = false;                      // false while a group stage is under way
    std::vector<int> seeds;                  // players by bracket seed: seed k is seeds[k - 1]
    int size = 0;                            // the power of two the bracket fills
    int round_offset = 0;                    // event round of knockout round r: round_offset + r
    std::vector<std::vector<Match>> rounds;  // rounds[r - 1], in bracket order
};
Bracket make_bracket(const Tournament& t);
// Rounds of a knockout of `entrants` players: ceil(log2 entrants).
int knockout_rounds(int entrants);
// "Final", "Semi-finals", "Quarter-finals", else "Round 2".
std::string knockout_round_name(int round, int rounds);
// The event's rounds (tournament.hpp rounds): the group stage's, then the knockout's.
int stage_rounds(const Tournament& t);

// The words the crosstables (knockout_crosstable.hpp) and the daemon's mails show of the stage.
// "Knockout, matches of 2 games" or "Groups of up to 4, top 2 to a knockout, matches of 2
// games".
std::string stage_kind_text(const Tournament& t);
// "Group stage: 5 of 12 games over", "Semi-finals: 1 of 2 matches decided", "Final standings".
std::string stage_status(const Tournament& t);

// Appends the games now due, pending without game ids: the group stage's games (none paired
// yet), or the knockout's new matches and tie-break matches. Returns how many.
std::size_t extend_stages(Tournament& t);
// `tournament withdraw` in a knockout under way (docs/knockout.md "Withdrawals"): the player at
// `address` loses its match in progress (or, after a match won, its next one) and plays no
// more; returns the event round from which it is withdrawn. The caller ends the player's games
// in progress (lost by forfeit). Errors: not a knockout under way (a group stage included), not
// a player of it, out of it already.
core::Result<int, Error> withdraw_from_knockout(Tournament& t, std::string_view address);
// The final is decided.
bool stages_finished(const Tournament& t);
// The settings (also while entries are open; `players` false) and, with `players`, the player
// count's fit and the pairings (indices, rounds, game ids, endings).
core::Result<void, Error> check_stages(const Tournament& t, bool players);

}  // namespace ck::club
