#pragma once
// What the organiser asks for when creating an event (`crazykrieg tournament new`; README
// "Tournaments"): read by create_tournament (tournaments.hpp) and, for a team match, by
// team_match_spec (team_matches.hpp), which stands below it.
#include <optional>
#include <string>
#include <vector>

#include "club/tournament.hpp"

namespace ck::daemon {

struct TournamentSpec {
    std::string name;
    bool double_round = false;
    std::string variant;  // as `game new --variant` takes it
    bool hidden = false;
    std::string rules;                 // Kriegspiel rule set (docs/rulesets.md); empty: default
    std::string time;                  // time-control spec; empty: the club default
    std::vector<std::string> players;  // registered addresses, seeding order
    // Take entries by mail (tournament_entries.hpp): `players` (any number, maybe none) are the
    // first entrants and no game starts until start_tournament.
    bool entries_open = false;
    std::optional<bool> rated;  // README "Ratings"; nullopt: the club's default
    // A Swiss (docs/swiss.md "Swiss events by mail"): round 1 is paired at the start, each
    // further round when the last game of the round before ends (league/tournament_rounds.hpp).
    club::System system = club::System::RoundRobin;
    club::SwissSettings swiss;
    // A knockout or group stage (docs/knockout.md; league/tournament_rounds.hpp): seeded by
    // rating (knockout_rounds.hpp).
    club::StageSettings stages;
    // A team match (docs/teams.md "Team matches"; team_matches.hpp): `players` is unused; the
    // event takes rosters (captains' `roster` mails) until start_tournament starts every game.
    struct TeamSpec {
        std::string name;
        std::string captain;               // a registered address; empty: none
        std::vector<std::string> players;  // registered addresses (ordered by rating at start)
    };
    std::vector<TeamSpec> teams;
    int team_games = 2;  // 1 or 2 games a board pair
};

}  // namespace ck::daemon
