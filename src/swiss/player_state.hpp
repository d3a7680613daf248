#pragma once
// What the Dutch rules need to know of one player before a round (C.04.3 article 1): score,
// colour difference and preference, floats of the last two rounds, whether the pairing-allocated
// bye is still allowed, and whom the player has met.
#include <vector>

#include "swiss/event.hpp"

namespace ck::swiss {

enum class Float : std::uint8_t { None, Down, Up };

struct PlayerState {
    int number = 0;
    int score = 0;                // tenths
    int played = 0;               // games played (unplayed games give no colour: C.04.1)
    int colour_difference = 0;    // whites minus blacks
    std::vector<Colour> colours;  // colours of the played games, oldest first
    Colour preference = Colour::None;
    bool absolute = false;  // |difference| > 1 or the same colour in the last two games played
    bool strong = false;    // |difference| == 1 and not absolute
    Colour repeated = Colour::None;  // the colour of the last two games played when they agree
    Float float1 = Float::None;      // the float of the previous round
    Float float2 = Float::None;      // of the round before that
    bool bye_allowed = true;         // C.04.1: no second pairing-allocated bye nor one after a win
                                     // without playing
    std::vector<int> met;            // pairing numbers of the opponents of played games

    int imbalance() const { return colour_difference < 0 ? -colour_difference : colour_difference; }
    bool has_met(int other) const;
};

// The state of every player before round `round` (1-based), indexed by pairing number - 1.
std::vector<PlayerState> player_states(const Event& event, int round);

}  // namespace ck::swiss
