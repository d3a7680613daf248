#pragma once
// What one player may see (docs/design.md: "Hidden information is a type"): their own pieces
// (all pieces in open play), both pockets (public: every capture and drop is announced), the
// announcements addressed to them, the move number, whose turn it is and the result. A
// PlayerView is built only from OwnPieces (one colour's pieces, copied by colour) and the
// player's own announcement list (shared, not copied: heard.hpp); it never sees the other side's
// pieces in hidden play.
#include <optional>
#include <string>
#include <vector>

#include "referee/announcement.hpp"
#include "referee/heard.hpp"
#include "referee/rule_set.hpp"
#include "rules/types.hpp"

namespace ck::referee {

// One colour's pieces (or both, in open play), with promoted marks, and both pockets.
struct OwnPieces {
    rules::Piece board[64];
    rules::Bitboard promoted = 0;
    int pockets[2][rules::PocketTypes] = {{0}};
};

struct PlayerView {
    rules::Color player = rules::Color::White;
    std::string variant;  // command-line name: "crazyhouse", "chess", ...
    bool hidden = true;   // Kriegspiel play: `pieces` holds only the player's own pieces
    RuleSet rules = RuleSet::CrazyKrieg;  // the Kriegspiel rule set (docs/rulesets.md)
    OwnPieces pieces;
    Heard heard;  // everything told to this player, in order (shared with the game, heard.hpp)
    int move_number = 1;
    rules::Color to_move = rules::Color::White;
    std::optional<GameResult> result;  // set once the game is over

    // The umpire's view string: the pieces as a FEN board (promoted ones with '~'), then both
    // pockets in brackets, white's upper case first, each in the order Q R B N P.
    std::string board_text() const;
};

}  // namespace ck::referee
