#pragma once
// Tournaments in the daemon: ck_club holds the logic (pairings, standings, crosstables, the
// tournament.ini text), ck_league keeps the events in the store (league/tournament_store.hpp:
// the namespace `tournaments`, the PGN archive); this file starts their games and mails their
// standings.
//
// Contracts:
// - A Swiss (system Swiss) starts round 1 only, in one transaction (swiss_rounds.hpp); the
//   rounds after start from record_game_end.
// - create_tournament (start_tournament for an event that took entries) starts EVERY game at
//   once through Daemon::new_game, each record tagged with club::event_tags (Event = the
//   tournament's name, Round = the Berger round, White/Black the display names); the games
//   and the tournament record commit as one store group (store::GroupCommit): all or nothing.
// - Results enter the tournament record only through record_game_end (tournament_hooks.hpp), in the
//   transaction that ends the game.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "club/tournament.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_mail.hpp"
#include "daemon/league_names.hpp"
#include "league/tournament_store.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

class Daemon;

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
    // further round when the last game of the round before ends (swiss_rounds.hpp).
    club::System system = club::System::RoundRobin;
    club::SwissSettings swiss;
    // A knockout or group stage (docs/knockout.md; knockout_rounds.hpp): seeded by rating.
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

// Creates the event (id: the name's letters and digits, lower-case, joined by '-', an accented
// Latin letter as its letter; "-2", "-3" ... when taken) and, unless it takes entries, starts all
// its games (a Swiss: round 1; a knockout or groups: seeded by rating, then its first matches or
// every group game, knockout_rounds.hpp). Returns the id.
core::Result<std::string, std::string> create_tournament(Daemon& daemon, const TournamentSpec& spec,
                                                         const core::Clock& clock);

// Closes the entries of event `id` (club::close_entries: the entry list in order of entry
// becomes the seeding, a knockout's by rating; at least 2 players) and starts its games, as
// create_tournament does.
// Returns the number of games started. Nothing changes on error.
core::Result<std::size_t, std::string> start_tournament(Daemon& daemon, const std::string& id,
                                                        const core::Clock& clock);

// The standings mail (compose::MailKind::Standings) to `address`: the crosstables of `events`.
// final: `archive` is attached as tournament-<id>.pgn (the single event's id). A final mail, or
// one with `own_mail` (a Swiss round's standings and pairings), is a mail of its own; else it
// joins the sender's one answer.
core::Result<void, core::Error> queue_standings(const ClubDesk& desk, const std::string& address,
                                                const std::vector<club::Tournament>& events,
                                                bool final, const std::string& archive,
                                                const std::string& discriminator,
                                                store::Transaction& tx, bool own_mail = false);

// The answer to the `standings [TOURNAMENT]` command from registered player `address`: the
// named event (any, by id; an unknown id gives the no-event mail), else every event the player
// plays in.
// `pending` (may be null): a transaction not yet committed whose tournament records win over
// the store's (an entry made earlier in the same mail).
core::Result<void, core::Error> answer_standings(const ClubDesk& desk, const std::string& address,
                                                 const std::string& argument,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx,
                                                 const store::Transaction* pending = nullptr);

}  // namespace ck::daemon
