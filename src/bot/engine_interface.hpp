#pragma once
// Computer opponents (README "Computer opponents"). An Engine plays one side of one game. It is
// given exactly what the player's mails would tell a human (referee::PlayerView: the player's own
// pieces, both pockets, every announcement addressed to the player, whose turn it is) and answers
// with the next request: a move attempt in UCI-like notation (`e2e4`, `e7e8q`, `N@f5`, `e1g1`),
// `any?` or `resign`. It never sees the true position.
//
// Contract for the caller (the match runner now, the daemon later):
// - call next_attempt only when view.to_move == the engine's side and the game is not over;
// - give it, for one game, views that extend each other (each heard list a prefix of the
//   next); an engine keeps what it learnt between calls, and given views that do not extend the
//   previous ones it starts again from the heard list (so a daemon may drop an engine and make a
//   new one from the latest view: the choices then depend on that view alone);
// - the attempts depend only on (spec, seed, the views given, in order): budgets are counted in
//   work (positions, samples, nodes), and a CPU cap stops a search early only when it is reached.
#include <string>

#include "referee/player_view.hpp"

namespace ck::bot {

// "NAME" or "NAME:key=value,key=value" (e.g. `belief:particles=48`, `fairy-stockfish:level=1`).
struct EngineSpec {
    std::string name;
    int level = 0;            // fairy-stockfish: 1 (weakest) .. 20; 0 = the engine's default
    double cpu_budget_s = 1;  // belief: CPU cap per decision (seconds)
    int particles = 0;        // belief: positions kept (0 = default)
    int samples = 0;          // belief: positions each candidate is tried on (0 = default)
};

struct EngineError {
    std::string message;  // names the engine spec and what is wrong
};

class Engine {
public:
    virtual ~Engine() = default;
    // The next request for view.player (see the contract above).
    virtual std::string next_attempt(const referee::PlayerView& view) = 0;
    // CPU seconds spent outside the calling thread (a child process), for the match figures.
    virtual double child_cpu_seconds() const { return 0; }
};

}  // namespace ck::bot
