#pragma once
// What the `belief` engine knows of the opponent (README "Computer opponents"): a set of sampled
// positions (a particle filter), each a complete position holding the player's own pieces as
// they are and a guess of the opponent's, every one consistent with every announcement the
// player heard. Each announcement filters the set:
// - an own attempt answered `no`: the attempt is illegal in the position;
// - an `any?` answer: whether the side that asked has a legal pawn capture;
// - an own move: it is played in each position, and what the referee would tell the player
//   about it there (capture square and piece, checks, pawn tries, promotion: a referee::Game
//   set up from the position is asked) must equal what was heard;
// - an opponent's move: each position draws one of its legal moves at random among those after
//   which the referee would tell exactly what was heard.
// Positions that fail are dropped and the set is refilled with copies of survivors (diversity
// comes from the opponent's moves drawn per copy). When none survives, the set is rebuilt from
// the last survivors by moving their opponent's units to other free squares until the position
// agrees with the view and the last announcements (a guess, marked by rebuilds()).
// Random draws are seeded by (seed, index of the announcement): the set depends only on the
// seed and the views given.
#include <cstdint>
#include <vector>

#include "referee/player_view.hpp"
#include "referee/rule_set.hpp"
#include "rules/position.hpp"

namespace ck::bot {

class BeliefState {
public:
    BeliefState(const referee::PlayerView& start, std::uint64_t seed, int size);

    // Takes in the announcements of view.heard not seen before. A view that does not extend the
    // previous ones (fewer announcements) starts the belief again from the game's start.
    void update(const referee::PlayerView& view);

    const std::vector<rules::Position>& positions() const { return positions_; }
    int rebuilds() const { return rebuilds_; }

private:
    void reset();
    void apply_own_refusal(const std::string& attempt);
    void apply_any(rules::Color asker, bool try_answer);
    void apply_move(const referee::PlayerView& view, int moved, int end, rules::Color mover,
                    std::uint64_t seed);
    void refill(std::uint64_t seed);
    void rebuild(const referee::PlayerView& view, std::uint64_t seed);
    bool agrees_with_view(const rules::Position& pos, const referee::PlayerView& view) const;

    const rules::Variant* variant_ = nullptr;
    referee::RuleSet rules_ = referee::RuleSet::CrazyKrieg;
    rules::Color us_ = rules::Color::White;
    std::uint64_t seed_ = 0;
    int size_ = 0;
    std::size_t applied_ = 0;  // announcements taken in
    std::vector<rules::Position> positions_;
    std::vector<rules::Position> last_good_;  // the survivors before the set emptied
    bool lost_ = false;
    int rebuilds_ = 0;
};

// Whether `pos` allows a legal move the referee would play for `attempt` (attempt_text form).
bool attempt_legal(const rules::Position& pos, const std::string& attempt, rules::Move* played);

// The side to move's legal pawn captures exist (the `any?` answer `try`).
bool has_legal_pawn_capture(const rules::Position& pos);

}  // namespace ck::bot
