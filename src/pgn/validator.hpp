#pragma once
// Validation of one game (docs/pgn.md, `crazykrieg validate`): the variant from the
// Variant tag, the start from SetUp/FEN, every SAN of the main line and of every variation (from
// its own branch point) replayed with the rules engine, and the result checked against a
// checkmate or stalemate on the board. The first defect makes the game invalid; its kind is
// named in the reason so that each kind of ../data/pgn/invalid.key can be told apart.
//
// Readings where the spec is silent (see also real/SOURCES.md):
//  - Missing termination marker: not a defect (lichess broadcasts, engine openings). A game that
//    ends inside a move token without a marker ("21. Rd1 Nc") is "truncated".
//  - Tag-only games (no movetext) are games with zero plies; the FEN and variant still count.
//  - Null moves (--, Z0, @@@@, null) are "null move" defects: no variant has a pass.
//  - Long algebraic / UCI tokens (e7e6) are moves when legal (spec: reading is forgiving).
//  - A defect inside a variation does not invalidate the game (engine lines pasted at the wrong
//    move are common); ValidateOptions::strict_variations makes it one.
//  - "wrong variant": a drop in a game tagged chess whose moves are all legal in a drop variant,
//    or a captured promoted piece dropped as itself in a Crazyhouse game that is legal as Loop.
//  - FEN fullmove 0 (pychess puzzles) is read as 1.
//  - A game with a Kriegspiel tag is a referee record (referee_record.hpp): once its moves are
//    legal, every recorded request is replayed and each answer and announcement re-checked.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/variant.hpp"

namespace ck::pgn {

enum class ErrorKind : std::uint8_t {
    None,
    IllegalMove,
    LeavesKingInCheck,
    AmbiguousSan,
    MalformedToken,
    IllegalCastling,
    IllegalEnPassant,
    BadPromotion,
    DropOnOccupied,
    DropNotInPocket,
    DropPromotedPiece,
    PawnDropRank,
    DropInStandard,
    WrongVariant,
    MoveAfterMate,
    Truncated,
    BrokenTag,
    BadFen,
    UnknownVariant,
    NullMove,
    ResultContradiction,
    UnterminatedComment,
    UnbalancedParenthesis,
    TextAfterResult,
    RefereeRecord,  // a hidden game's recorded ruling differs from the referee's
};

// The words every reason of that kind starts with: "illegal move", "drop of a promoted piece"...
std::string_view kind_name(ErrorKind kind);
// The invalid.key spelling: "illegal_move", "drop_promoted_piece", ...
std::string_view kind_key(ErrorKind kind);

struct GameVerdict {
    bool valid = true;
    // Valid: plies in the main line. Invalid: ply of the defect, counted from 1 along the line
    // from the start position (a variation's plies continue from its branch point); 0 when the
    // defect is in the tag section.
    int ply = 0;
    int line = 0;       // invalid: line of the offending token or tag (0 for a valid game)
    std::string move;   // invalid at ply > 0: "12... Nf3" as written (glyphs stripped)
    std::string error;  // invalid: the reason, starting with kind_name(kind)
    ErrorKind kind = ErrorKind::None;
    // The variant the Variant tag names, as its command-line name ("chess", "crazyhouse"), or
    // "unknown" for a tag no variant answers to (static text).
    std::string_view variant = "chess";
    // First defect inside a variation when variations are not strict (the game stays valid).
    std::string variation_note;
};

struct ValidateOptions {
    // Replay under this variant whatever the Variant tag says (used to tell a wrong Variant tag
    // from a defect); nullptr = from the tag.
    const rules::Variant* force_variant = nullptr;
    // Try the other drop variants when a drop fails, to report "wrong variant".
    bool diagnose_variant = true;
    // A defect inside a variation makes the game invalid. Off by default: a variation is an
    // annotation (engine lines pasted at the wrong move are common in real files), so its first
    // defect is kept in GameVerdict::variation_note and the game is judged on its main line.
    bool strict_variations = false;
};

// Validates the single game in `text` (as cut by GameSplitter); nullopt when the text holds no
// game. first_line is the line number of text[0] in its file.
std::optional<GameVerdict> validate_game(std::string_view text, int first_line,
                                         const ValidateOptions& options = {});

// Variant from a Variant tag value: absent/empty, "Standard", "chess", "From Position" = chess;
// Crazyhouse, Loop, Chessgi, Replacement, Putback case-insensitively; nullptr if unknown.
const rules::Variant* variant_from_tag(std::string_view tag);

}  // namespace ck::pgn
