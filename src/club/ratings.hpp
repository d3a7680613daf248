#pragma once
// The club's rating pools (README "Ratings"): one pool per variant and mode, each player's
// Glicko-2 values (glicko2.hpp) and history. Each rated game is its own rating period for both
// players, computed from both players' values before the game; games are applied in the order
// the caller gives them (the daemon: the commit order of the games' ends). Pure data: the
// daemon keeps each pool as a record of the store's `ratings` namespace (league/ratings.hpp,
// whose codec puts the version line "ck-ratings 1" in front).
//
// Pool format (the record's body), one line each:
//   player EMAIL RATING RD VOLATILITY GAMES
//   game EMAIL GAMEID DATE OPPONENT SCORE RATING RD VOLATILITY RATING' RD' VOLATILITY'
// Numbers are written with 17 significant digits, so reading a pool back gives the very values
// the next update starts from; EMAIL lower case; DATE ISO 8601 (YYYY-MM-DD); SCORE 1, 0.5, 0.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "club/glicko2.hpp"
#include "core/game_id.hpp"
#include "core/result.hpp"

namespace ck::club {

// A rating with RD above this is provisional: shown with "?" (README "Ratings").
inline constexpr double ProvisionalDeviation = 110.0;

struct RatingHistoryEntry {
    core::GameId game;
    std::string date;
    std::string opponent;
    double score = 0.0;
    glicko2::Rating before;
    glicko2::Rating after;
};

struct PlayerRating {
    std::string player;  // lower-case address
    glicko2::Rating value;
    int games = 0;
    std::vector<RatingHistoryEntry> history;  // in the order the games were rated
};

struct RatingPool {
    std::string name;
    std::vector<PlayerRating> players;  // in order of first rated game
};

// The pool of a game: the variant's name for open play; hidden: "kriegspiel" (chess),
// "crazykrieg" (crazyhouse), else "<variant>-hidden". The rule set does not split a pool.
std::string pool_name(const std::string& variant, bool hidden);
// Every pool, open ones first, in the variant table's order.
const std::vector<std::string>& pool_names();
bool valid_pool(const std::string& name);

std::string format_pool(const RatingPool& pool);
core::Result<RatingPool, std::string> parse_pool(const std::string& name, const std::string& text);

const PlayerRating* find_player(const RatingPool& pool, const std::string& address);
// The player's current values (a new player's when unrated in the pool).
glicko2::Rating current(const RatingPool* pool, const std::string& address);

struct RatedGame {
    core::GameId game;
    std::string date;   // YYYY-MM-DD
    std::string white;  // addresses (any case)
    std::string black;
    double white_score = 0.5;  // 1, 0.5 or 0
};

struct RatingChange {
    std::string player;
    glicko2::Rating before;
    glicko2::Rating after;
};

// Rates one game as its own period for both players, from both players' values before it.
// White's change first. nullopt: the game is in the pool's history already (nothing changes).
std::optional<std::vector<RatingChange>> rate_game(RatingPool& pool, const RatedGame& game);

// The pool's players, highest rating first (ties: lower RD, then address).
std::vector<const PlayerRating*> ranked(const RatingPool& pool);

bool provisional(const glicko2::Rating& r);
// "1623", or "1500?" when provisional (the rating rounded to an integer).
std::string rating_label(const glicko2::Rating& r);
// "1623 -> 1638 (+15)" style text of a change: "1500? -> 1662? (+162)".
std::string change_label(const RatingChange& c);

// What the answer to `ratings [POOL]` shows (README "Ratings"; league::ratings_details fills it,
// compose::ratings_mail renders it): each pool's ranked list, as monospace lines
// ("  1. Ann Smith            1623   (12 games)").
struct RatingsPool {
    std::string name;
    std::vector<std::string> lines;  // empty: nobody rated in the pool yet
};
struct RatingsDetails {
    std::vector<RatingsPool> pools;  // empty: no rated game at all (or none in the pool asked)
    std::string asked;               // the pool named in the command; empty: all
};

}  // namespace ck::club
