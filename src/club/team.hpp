#pragma once
// The teams of a team match (system Teams; docs/teams.md "Team matches"), as data only: the
// rules that bind them to the players and the games are in team_match.hpp.
//
// Contracts:
// - A team's roster holds player indices (Tournament::players, 0-based); every player of a
//   team match is on exactly one roster.
// - Before the match starts (entries open) the roster is the captain's order when `ordered`,
//   else any order (the daemon orders it by pool rating at the start). Once started, roster
//   position n is board n + 1, for good.
#include <string>
#include <vector>

namespace ck::club {

struct Team {
    std::string name;         // one line, unique in the match (ASCII case-insensitive)
    std::string captain;      // the address whose `roster` mail sets the roster; may be empty
    std::vector<int> roster;  // player indices, board order (see above)
    bool ordered = false;     // the captain (or organiser) fixed the order: no rating sort
};

struct TeamMatch {
    int games = 2;            // games per board pair: 1 (colours alternate by board) or 2
    std::vector<Team> teams;  // exactly two
};

}  // namespace ck::club
