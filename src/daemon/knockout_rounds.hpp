#pragma once
// Knockouts and group stages by mail (docs/knockout.md): the group games, or the knockout's
// first round, start when the event starts; every later match (the next round's, or a
// tie-break match of a drawn one) is paired, its games started and its mails queued in the
// store transaction in which the game that makes it due ends (tournament_hooks.hpp), whichever
// way that game ends. So the bracket in tournament.ini and the games in the store move
// together, or not at all.
//
// Contracts:
// - Everything is staged into the caller's transaction: the games (desk.start: game files,
//   clocks, game-start mails), and to every player the standings mail whose crosstable shows
//   the groups and the bracket with the new matches (club/knockout_crosstable.hpp), a mail of
//   its own. The caller saves `t` into `tx`.
// - Seeding is by rating: seed_by_rating orders the players by their current Glicko-2 rating
//   in the pool of the event's games (club/ratings.hpp; an unrated player counts as a new
//   player's rating), highest first, equal ratings in entry order. It runs before any pairing.
#include <cstddef>

#include "club/tournament.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// Pairs and starts every match now due (club::extend_stages) as above. Returns the number of
// games started (0: nothing was due; no mail then).
core::Result<std::size_t, core::Error> advance_stages(const ClubDesk& desk, club::Tournament& t,
                                                      store::Transaction& tx);

// Orders t.players by rating as above. `t` has no pairings yet.
core::Result<void, core::Error> seed_by_rating(const store::Store& store, club::Tournament& t);

}  // namespace ck::daemon
