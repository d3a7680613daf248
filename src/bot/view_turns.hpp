#pragma once
// A player's heard list cut into turns (docs/referee-protocol.md, "Responses"; docs/rulesets.md,
// "Announcements of a legal move"): each turn is the refusals and `any?` answers heard before
// its `moved`, then `moved` and what follows it. The game starts with White's turn, so turns
// alternate from White. A turn without `moved` is the one in progress (or ended by game-over).
#include <string>
#include <vector>

#include "referee/announcement.hpp"
#include "rules/types.hpp"

namespace ck::bot {

struct Turn {
    rules::Color side = rules::Color::White;
    int first = 0;   // index in heard of the turn's first announcement
    int moved = -1;  // index of its `moved` (-1: not played yet)
    int end = 0;     // one past its last announcement
    bool complete() const { return moved >= 0; }
};

std::vector<Turn> split_turns(const std::vector<referee::Announcement>& heard);

// What the player has asked and heard in the turn in progress (the last, incomplete turn when
// it is the player's).
struct TurnSoFar {
    std::vector<std::string> refused;  // attempts answered no / impossible / illegal
    bool asked_any = false;
    bool any_try = false;     // the answer was `try`
    bool failed_try = false;  // a pawn-capture attempt refused `no` after `try` (see duty())
    int attempts = 0;
};
TurnSoFar turn_so_far(const std::vector<referee::Announcement>& heard, rules::Color player);

// Where the opponent captured one of the player's units in their last turn (NoSquare if not).
rules::Square last_loss_square(const std::vector<referee::Announcement>& heard,
                               rules::Color player);

}  // namespace ck::bot
