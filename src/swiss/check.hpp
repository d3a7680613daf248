#pragma once
// The absolute criteria of a round's pairing, checked after the fact (docs/swiss.md,
// "Checking a pairing"): every player to be paired is paired exactly once or gets the
// pairing-allocated bye, nobody else is; no two players meet twice (C.04.1, C.04.3 C1); the bye
// goes to a player allowed it (C2), and only when the number of players is odd; and after the
// round no player has a colour difference beyond +-2 or the same colour three times in a row
// (C3, colour allocation), except a topscorer or a topscorer's opponent in the last round.
#include <string>
#include <vector>

#include "swiss/event.hpp"

namespace ck::swiss {

// The players pair_dutch pairs in round event.rounds_paired() + 1, by pairing number.
std::vector<int> players_to_pair(const Event& event);

// Every broken absolute criterion of `pairing` as the next round of `event`, one line each;
// empty when the pairing is valid.
std::vector<std::string> check_round(const Event& event, const RoundPairing& pairing);

}  // namespace ck::swiss
