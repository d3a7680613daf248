#pragma once
// Glicko-2, exactly as Mark Glickman's "Example of the Glicko-2 system" (2013), steps 1-8, with
// the Illinois iteration of step 5 and its convergence tolerance 0.000001 (README "Ratings").
// A rating period is one game here (the club's choice, README "Ratings"); update() is the
// general step and takes any number of games of the period. Pure arithmetic, no state.
#include <vector>

namespace ck::club::glicko2 {

// Glickman's constants: the system constant tau, a new player's values, and the scale factor
// between the Glicko and Glicko-2 scales.
inline constexpr double Tau = 0.5;
inline constexpr double InitialRating = 1500.0;
inline constexpr double InitialDeviation = 350.0;
inline constexpr double InitialVolatility = 0.06;
inline constexpr double Scale = 173.7178;
inline constexpr double Tolerance = 0.000001;

struct Rating {
    double rating = InitialRating;
    double deviation = InitialDeviation;  // RD
    double volatility = InitialVolatility;
};

// One game of the period against an opponent with the opponent's values before the period;
// score 1 win, 0.5 draw, 0 loss.
struct GameScore {
    Rating opponent;
    double score = 0.0;
};

// The player's values after the period. No games: only the deviation grows (step 6); the
// club never calls it so (no growth with inactivity, README "Ratings").
Rating update(const Rating& player, const std::vector<GameScore>& games, double tau = Tau);

}  // namespace ck::club::glicko2
