#pragma once
// What a tournament's system decides (README "Challenges and tournaments by mail"): creating a
// tournament, its entries, validating it, its rounds, when it is finished, byes and withdrawals.
// Each asks the system's own component: the Berger tables (pairing.hpp) for a round robin, the
// Swiss rules here, knockout.hpp for a knockout or group stage, team_match.hpp for a team match.
// The data and the queries that need no system's rules (and the contracts of both) are
// tournament_data.hpp, which those components build on.
#include <optional>
#include <string_view>

#include "club/tournament_data.hpp"
#include "core/result.hpp"

namespace ck::club {

struct NewTournament {
    std::string id;
    std::string name;
    Kind kind = Kind::Single;
    GameSettings settings;
    std::vector<Player> players;  // seeding order
    bool entries_open = false;    // players may join until close_entries (any count so far)
    System system = System::RoundRobin;
    SwissSettings swiss = {};   // system Swiss
    StageSettings stages = {};  // system Knockout or Groups
    TeamMatch match = {};       // system Teams (team_match.hpp)
};
// Checks the fields (validate) and fills the pairings from the Berger tables, all pending
// (none while entries are open).
core::Result<Tournament, Error> create_tournament(NewTournament spec);

// Entries (a tournament created with entries_open). Each leaves `t` unchanged on error.
// add_entrant: appends `p` (seeded after those already entered); MaxPlayers at most.
core::Result<void, Error> add_entrant(Tournament& t, Player p);
// remove_entrant: takes the player with that address (ASCII case-insensitive) off the list.
core::Result<void, Error> remove_entrant(Tournament& t, std::string_view address);
// close_entries: the entry list, in order of entry, becomes the seeding; the Berger pairings
// are made (all pending, no game ids). Needs at least 2 entrants.
core::Result<void, Error> close_entries(Tournament& t);

// A late entry into a Swiss under way (docs/swiss.md "Late entries"): appends `p` (the next
// pairing number) to be paired from round rounds_paired(t) + 1 on; returns that round. Refused,
// `t` unchanged: NotSwiss (not a Swiss, or one still taking entries: add_entrant then),
// LastRoundPaired (every round is paired), AlreadyEntered (the address plays in it),
// WithdrawnBefore (the address withdrew from it), BadPlayers (MaxPlayers reached, or `p` not a
// valid player).
core::Result<int, Error> enter_late(Tournament& t, Player p);

// Every invariant a tournament must hold (the file parser and create_tournament call it):
// id a token of [A-Za-z0-9._-] starting with a letter or digit; name non-empty; no control
// characters anywhere; addresses without spaces, '<' or '>', holding an '@', unique; names
// without '<' or '>'; 2..MaxPlayers players; pairings a complete round robin of the kind
// (every pair meets once per cycle, in a double once with each colour; nobody twice in a
// round; rounds within 1..rounds(t)); game ids unique; endings lower-case words. While entries
// are open: 0..MaxPlayers players (same rules for each) and no pairings. A team match:
// check_team_event (team_match.hpp: the players' rules, 2.. once started, then
// check_team_match). A Swiss's late entries: one per player at most, from_round in
// 2..rounds + 1, no game nor bye before it.
core::Result<void, Error> validate(const Tournament& t);

// rounds: a team match has match.games.
int rounds(const Tournament& t);     // rounds_per_cycle × cycles; a Swiss: swiss.rounds
bool finished(const Tournament& t);  // no pairing pending (a Swiss: and every round paired)
// The player with the bye in `round`; nullopt for an even count (or a round out of range). A
// Swiss: the pairing-allocated bye of that round.
std::optional<int> bye(const Tournament& t, int round);

// A requested bye of player `address` for `round` (later than every round paired, at most the
// last). EntriesClosed for a round robin or a finished event, NotEntered for a player not in
// it (or withdrawn), BadRound for a round out of range, AlreadyEntered for a bye asked twice.
core::Result<void, Error> request_bye(Tournament& t, std::string_view address, int round);
// Withdraws player `address` from the next round to be paired on. EntriesClosed for a round
// robin or a finished event, NotEntered for a player not in it or already withdrawn.
core::Result<void, Error> withdraw_player(Tournament& t, std::string_view address);

}  // namespace ck::club
