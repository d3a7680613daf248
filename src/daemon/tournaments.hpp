#pragma once
// Tournaments in the daemon: ck_club holds the logic (pairings, standings, crosstables, the
// tournament.ini text), ck_league keeps the events in the store (league/tournament_store.hpp:
// the namespace `tournaments`, the PGN archive); this file creates events and starts their
// games for the organiser (it takes the Daemon, so it stands above mail_pass.hpp); their
// standings are mailed by standings_mail.hpp, the spec is tournament_spec.hpp.
//
// Contracts:
// - A Swiss (system Swiss) starts round 1 only, in one transaction
//   (league/tournament_rounds.hpp; its mails from tournament_mail.hpp); the rounds after start
//   from league/tournament_effects.hpp record_game_end. A knockout or groups likewise.
// - create_tournament (start_tournament for an event that took entries) starts EVERY game at
//   once through Daemon::new_game, each record tagged with club::event_tags (Event = the
//   tournament's name, Round = the Berger round, White/Black the display names); the games
//   and the tournament record commit as one store group (store::GroupCommit): all or nothing.
// - Results enter the tournament record only through record_game_end
//   (league/tournament_effects.hpp), in the transaction that ends the game.
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
#include "daemon/club_desk.hpp"
#include "daemon/standings_mail.hpp"
#include "daemon/tournament_spec.hpp"
#include "league/tournament_store.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

class Daemon;

// Creates the event (id: the name's letters and digits, lower-case, joined by '-', an accented
// Latin letter as its letter; "-2", "-3" ... when taken) and, unless it takes entries, starts all
// its games (a Swiss: round 1; a knockout or groups: seeded by rating, then its first matches or
// every group game, league/tournament_rounds.hpp). Returns the id.
core::Result<std::string, core::Error> create_tournament(Daemon& daemon, const TournamentSpec& spec,
                                                         const core::Clock& clock);

// Closes the entries of event `id` (club::close_entries: the entry list in order of entry
// becomes the seeding, a knockout's by rating; at least 2 players) and starts its games, as
// create_tournament does.
// Returns the number of games started. Nothing changes on error.
// Errors (both functions) keep their kind: Invalid for the organiser's input (an unknown event
// or player, settings or entries the event refuses), Corrupt for a stored record that does not
// decode (passed on from ck_league), the store's kind (core::from_io) for a failed commit.
core::Result<std::size_t, core::Error> start_tournament(Daemon& daemon, const std::string& id,
                                                        const core::Clock& clock);

}  // namespace ck::daemon
