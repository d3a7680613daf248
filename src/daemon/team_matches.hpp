#pragma once
// Team matches in the daemon (docs/teams.md "Team matches"; ck_club's team_match.hpp holds the
// rules): rosters by mail from the captains, and the rosters' order at the start.
//
// A captain (a registered player named by `tournament new --captain`) mails the plain referee
// address (AuthVerdict::ClubMail):
//   roster TOURNAMENT EMAIL EMAIL ...   the captain's team is these registered players, board 1
//                                       first (club::set_roster); allowed until the match starts
// and gets the entry mail (compose MailKind::Entry) with the roster as it now stands, or why
// nothing changed: no such tournament, not a team match's captain, the match started, an
// address that is no registered player, a player on the other team's roster.
//
// Contracts: only ClubMail mail acts (the sender is the registered address, auth.hpp); the
// change is written into the mail's transaction, so it commits with the mail's ledger entry and
// a replayed mail changes nothing; a roster never holds an address that was not a registered
// player when it was set.
#include <string>
#include <vector>

#include "club/tournament.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "daemon/commands.hpp"
#include "daemon/tournament_spec.hpp"
#include "league/players.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// The `roster` row's handler (mail_run.hpp club_roster): acts on one `roster` line of a
// ClubMail mail from the registered player run.sender and answers it with the entry mail.

// Fills the team match of `out` (players, teams, games a pair) from `spec` (tournament new
// --system teams): every player and captain a registered player; the match takes rosters.
core::Result<void, core::Error> team_match_spec(const league::Players& players,
                                                const TournamentSpec& spec,
                                                club::NewTournament& out);

// Orders the rosters of team match `t` that no captain ordered by the players' current ratings
// in the pool of the match's games (highest first; a player without a rating counts as the
// initial rating; ties keep the roster's order). Anything else: nothing.
core::Result<void, core::Error> order_team_rosters(const store::Store& store, club::Tournament& t);

}  // namespace ck::daemon
