#pragma once
// The attempts a player may make now, from the view alone: in hidden play every move the
// player's own pieces allow (referee::OwnBoard: what the referee would not call impossible), in
// open play the legal moves of the replayed position; one entry per attempt text, without the
// attempts already refused this turn.
#include <string>
#include <vector>

#include "referee/player_view.hpp"
#include "referee/rule_set.hpp"
#include "rules/move.hpp"

namespace ck::bot {

struct Candidate {
    rules::Move move;
    std::string text;  // attempt_text(move)
    bool pawn_capture = false;
    bool capture_known = false;  // open play: the move takes a piece
};

std::vector<Candidate> candidates(const referee::PlayerView& view);

// The rule set's `any?` (AnyRule::None in open play: there it creates no duty and tells what
// the board shows).
referee::AnyRule any_rule(const referee::PlayerView& view);

// Whether the `any?` duty binds the next attempt (docs/rulesets.md, "any?").
bool under_duty(const referee::PlayerView& view);

}  // namespace ck::bot
