#pragma once
// Knockouts and group stages by mail (docs/knockout.md): the group games, or the knockout's
// first round, start when the event starts; every later match (the next round's, or a
// tie-break match of a drawn one) is paired and its games created in the store transaction in
// which the game that makes it due ends, whichever way that game ends
// (league/tournament_rounds.hpp advance_stages, league/tournament_effects.hpp); the games' start
// mails and every player's standings mail with the groups and the bracket are composed from
// the MatchesPaired event (tournament_mail.hpp). So the bracket in tournament.ini and the games
// in the store move together, or not at all.
//
// Seeding is by rating: seed_by_rating orders the players by their current Glicko-2 rating in
// the pool of the event's games (club/ratings.hpp; an unrated player counts as a new player's
// rating), highest first, equal ratings in entry order. It runs before any pairing.
#include "club/tournament.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// Orders t.players by rating as above. `t` has no pairings yet.
core::Result<void, core::Error> seed_by_rating(const store::Store& store, club::Tournament& t);

}  // namespace ck::daemon
