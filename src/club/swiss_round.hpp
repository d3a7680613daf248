#pragma once
// A Swiss event (tournament.hpp, system Swiss) as the pairing engine sees it, and its next
// round (docs/swiss.md "Swiss events by mail").
//
// to_swiss_event: players by seed (pairing number = seed + 1); per round, in the TRF's terms:
//   a finished game: 1 = 0 by its result, + - when it ended "forfeit" (C.04.1: an unplayed
//   game: no colour, no meeting); a game still pending: left out (`through` stops before it);
//   the pairing-allocated bye: U (points: swiss.pairing_bye_points, BBU); a requested bye: H, F
//   or Z by swiss.requested_bye_points; a round after a withdrawal: Z; a round before a late
//   entrant's from_round: F, H or Z by swiss.late_bye_points (docs/swiss.md "Late entries").
// The rounds written are 1..`through` and, for round through+1, the requested byes and the
// withdrawals only (so that pair_dutch leaves those players out).
#include "club/tournament.hpp"
#include "core/result.hpp"
#include "swiss/event.hpp"

namespace ck::club {

// `through`: the last round written whole (-1: the last round whose games are all over).
swiss::Event to_swiss_event(const Tournament& t, int through = -1);

// Pairs round rounds_paired(t) + 1 (round_complete(t) must hold, or no round paired yet) by the
// FIDE Dutch system: appends its pairings (no game ids) and its pairing-allocated bye. The
// error (no valid pairing) names the event and round; `t` is unchanged then.
core::Result<int, Error> pair_next_round(Tournament& t);

}  // namespace ck::club
