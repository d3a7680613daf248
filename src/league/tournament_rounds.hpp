#pragma once
// The next games of an event, paired and created in the store (docs/swiss.md "Swiss events by
// mail", docs/knockout.md): a Swiss event's round 1 when it starts and round r+1 in the store
// transaction in which the last game of round r ends (tournament_effects.hpp), whichever way it
// ends; a knockout's or a group stage's first matches when it starts and every later match (the
// next round's, a tie-break match of a drawn one) in the transaction in which the game that
// makes it due ends. So the pairings in the event's record and the games in the store move
// together, or not at all.
//
// Contracts:
// - Everything is staged into the caller's transaction: the games (create: game files, clock,
//   deadline and bot-games index entries) and the pairings' game ids in `t`. The caller saves
//   `t` into the transaction. No mail: the returned events (tournament_events.hpp) say what
//   was paired, and the daemon mails the games' start and the standings from them.
// - A Swiss round that cannot be paired (too few players left who have not met) ends the event:
//   its number of rounds becomes the rounds paired (logged for the operator).
// - A Swiss round in which nobody plays (every player has a bye) is complete at once: the next
//   is paired in the same transaction (one RoundPaired each).
#include "club/tournament.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_creation.hpp"
#include "league/tournament_events.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// The game settings of pairing `p` of `t` (tags: Event, Round; the players' addresses).
GameSpec tournament_game_spec(const club::Tournament& t, const club::Pairing& p);

// Pairs the next round of Swiss event `t` (club::pair_next_round) and creates its games with
// `create`, as long as the last round paired is complete and the event is not finished (round
// 1: when nothing is paired yet); one RoundPaired per round. Anything but a Swiss event whose
// entries are closed: nothing. An error of `create` keeps its kind and names the event and round.
core::Result<TournamentEvents, core::Error> advance_swiss(const GameCreator& create,
                                                          club::Tournament& t,
                                                          store::Transaction& tx);

// Pairs and creates every match of staged event `t` now due (club::extend_stages): one
// MatchesPaired, or nothing when no match was due (or `t` is no staged event taking no entries).
core::Result<TournamentEvents, core::Error> advance_stages(const GameCreator& create,
                                                           club::Tournament& t,
                                                           store::Transaction& tx);

}  // namespace ck::league
