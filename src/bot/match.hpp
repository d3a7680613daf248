#pragma once
// The match runner behind `crazykrieg bot match` (README "Computer opponents"): two engines
// play N games through the same referee (referee::Game), each seeing only its own PlayerView;
// A has White in the odd games (1, 3, ...). A game that reaches max_plies is a draw. Game i's
// engines are seeded from (seed, i), so the figures depend on the seed only, not on `jobs`
// (games run on that many threads; the results are summed in game order).
#include <cstdint>
#include <string>
#include <vector>

#include "bot/engine.hpp"
#include "core/result.hpp"
#include "referee/game_result.hpp"
#include "referee/rule_set.hpp"
#include "rules/variant.hpp"

namespace ck::bot {

struct MatchConfig {
    EngineSpec a, b;
    std::string a_text, b_text;  // the specs as given, for the report
    const rules::Variant* variant = nullptr;
    bool hidden = false;
    referee::RuleSet rules = referee::RuleSet::CrazyKrieg;
    int games = 10;
    std::uint64_t seed = 1;
    int max_plies = 700;
    int jobs = 1;
    // Attempts one side may make in one turn before it is made to resign (a broken engine never
    // hangs a match).
    int max_attempts_per_turn = 2000;
};

struct GameOutcome {
    int index = 0;  // from 1
    referee::GameResult result = referee::GameResult::Draw;
    std::string reason;  // checkmate, max-plies, ...
    int plies = 0;
    int attempts[2] = {0, 0};   // move attempts by A, B (`any?` not counted)
    int refused[2] = {0, 0};    // of them, refused (no, impossible, illegal, error)
    int decisions[2] = {0, 0};  // engine calls
    int moves[2] = {0, 0};      // legal moves played
    double cpu_s[2] = {0, 0};   // engine CPU (own thread plus child process)
    bool a_white = true;
};

struct MatchReport {
    std::string engine_a, engine_b, variant, rules;
    int games = 0, a_wins = 0, b_wins = 0, draws = 0;
    double a_illegal_share = 0, b_illegal_share = 0, plies_per_game = 0;
    double a_cpu_per_move_s = 0, b_cpu_per_move_s = 0;
    std::vector<GameOutcome> outcomes;
};

// One game (index from 1); fails only when an engine cannot be made for it.
core::Result<GameOutcome, EngineError> play_game(const MatchConfig& config, int index);

core::Result<MatchReport, EngineError> run_match(const MatchConfig& config);

// The report as one JSON object with exactly the keys of README "Computer opponents", and as
// text lines.
std::string report_json(const MatchReport& r);
std::string report_text(const MatchReport& r);

}  // namespace ck::bot
