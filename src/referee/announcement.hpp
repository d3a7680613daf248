#pragma once
// What a player is told (docs/referee-protocol.md, "Responses"). An Announcement is addressed
// to exactly one player: the game object builds each player's list separately, so a field that
// player may not know is simply never filled in (docs/design.md: hidden information is a type).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/game_result.hpp"

namespace ck::referee {

enum class AnnouncementType : unsigned char {
    Moved,
    Illegal,
    Any,
    Capture,
    Drop,
    Check,
    GameOver,
    PawnTries,  // rule sets with automatic pawn tries (docs/rulesets.md): one of the three forms
    Promotion,  // `rand`: a pawn was promoted (no piece, no square)
};

struct Announcement {
    AnnouncementType type = AnnouncementType::Moved;
    // Empty strings are absent keys.
    std::string move;       // Moved: SAN, to the mover (and to the opponent in open play)
    std::string answer;     // Illegal: "no" | "impossible" | "illegal"; Any: "try" | "no"
    std::string attempt;    // Illegal: the trimmed request, to the mover only
    std::string piece;      // Capture: reserve identity; Drop: dropped type
    std::string square;     // Capture: the captured unit's square; Drop: to the mover only
    std::string placed;     // Capture (Replacement/Putback): where the piece was put back, to
                            // its owner only
    std::string direction;  // Check
    std::optional<GameResult> result;  // GameOver only
    std::string reason;                // GameOver: checkmate, stalemate, repetition, ...
    // PawnTries: exactly one of the three is set, as the rule set announces it.
    std::optional<int> count;                         // number of legal pawn captures
    std::optional<bool> available;                    // whether there is one
    std::optional<std::vector<std::string>> squares;  // squares of the pawns that have one

    friend bool operator==(const Announcement& a, const Announcement& b) {
        return a.type == b.type && a.move == b.move && a.answer == b.answer &&
               a.attempt == b.attempt && a.piece == b.piece && a.square == b.square &&
               a.placed == b.placed && a.direction == b.direction && a.result == b.result &&
               a.reason == b.reason && a.count == b.count && a.available == b.available &&
               a.squares == b.squares;
    }
};

std::string_view announcement_type_name(AnnouncementType t);

// What a legal move's announcements after `moved` may be (docs/referee-protocol.md detail 1;
// docs/rulesets.md, "Announcements of a legal move"): they belong to the mover's turn.
bool follows_move(AnnouncementType t);

}  // namespace ck::referee
