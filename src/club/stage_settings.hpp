#pragma once
// Settings of a knockout or a group stage (docs/knockout.md): matches of `games` games, the tie
// rule for a drawn match, and for a group stage the group size and how many advance.
#include <optional>
#include <string>
#include <string_view>

namespace ck::club {

inline constexpr int MaxMatchGames = 10;  // games of a match's first part
inline constexpr int MaxTieMatches = 3;   // further 2-game matches for a drawn match
inline constexpr int MinGroupSize = 2;
inline constexpr int MaxGroupSize = 12;

struct StageSettings {
    int games = 2;        // games of a match, 1..MaxMatchGames; colours alternate
    int tie_matches = 1;  // further 2-game matches while drawn (0..3); then the higher seed
    int group_size = 0;   // system groups: the largest group, MinGroupSize..MaxGroupSize
    int advance = 0;      // system groups: the top `advance` of each group go to the knockout
};

// The tie rule as written on the command line and in tournament.ini: "seed" (0 further
// matches), "match" (1), "match:N" (N, 1..MaxTieMatches).
std::string tie_rule_text(int tie_matches);
std::optional<int> parse_tie_rule(std::string_view text);

}  // namespace ck::club
