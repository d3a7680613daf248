#pragma once
// Random Swiss events, played through with the Dutch pairing (tests/swiss property test,
// `crazykrieg swiss simulate`, `crazykrieg bench`): players with random ratings, late entries,
// requested byes, withdrawals, forfeits, and results drawn at random with the higher rating
// more likely to win. Deterministic for a seed.
#include <cstdint>
#include <functional>

#include "core/error.hpp"
#include "core/result.hpp"
#include "swiss/event.hpp"

namespace ck::swiss {

struct SimulationOptions {
    int players = 20;
    int rounds = 7;           // the event's number of rounds (XXR)
    int rounds_to_play = -1;  // stop after this many (-1: all); the next round's byes are marked
    std::uint64_t seed = 1;
    int late_entries_percent = 5;  // players who join in round 2 or 3
    int bye_percent = 3;           // per player and round: a requested half-point bye
    int withdraw_percent = 1;      // per player and round: withdraws for good
    int forfeit_percent = 3;       // per game: one side does not play
    int draw_percent = 30;
};

// Called with the event as it stood before a round was paired, and that round's pairing.
using RoundObserver = std::function<void(const Event&, const RoundPairing&)>;

// The event after `rounds_to_play` rounds, or the first round's pairing error (naming the seed).
core::Result<Event, core::Error> simulate(const SimulationOptions& options,
                                          const RoundObserver& observer = {});

}  // namespace ck::swiss
