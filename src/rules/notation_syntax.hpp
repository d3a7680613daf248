#pragma once
// The syntax layer of move notation (docs/pgn.md "Moves"): what a move's text says before any
// position is consulted, and the errors of both layers. Below notation.hpp (which resolves a
// text against a position) so that the resolver's helpers (san_resolver.hpp, move_diagnosis.hpp)
// share these types without including the layer that calls them. Implemented in
// notation_syntax.cpp.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "rules/types.hpp"

namespace ck::rules {

// Why a move failed, told apart as the defects of tests/data/pgn/invalid.key (filled in by the
// diagnosing parse_move only).
enum class MoveDefect : std::uint8_t {
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
    MoveAfterMate,
};

struct NotationError {
    enum class Code : std::uint8_t {
        Syntax,     // not a move in any accepted notation
        Illegal,    // well-formed, but no legal move matches
        Ambiguous,  // several legal moves match
    };
    Code code;
    std::string message;
    MoveDefect defect = MoveDefect::None;  // diagnosing parse_move only
    std::string detail;                    // diagnosing parse_move: what exactly is wrong
};

// What the text says, before any position is consulted (the referee uses this layer to tell
// "impossible" from "no" in hidden play).
struct MoveText {
    enum class Form : std::uint8_t { Piece, Pawn, Drop, Castle, LongAlgebraic };
    Form form = Form::Piece;
    PieceType piece = PieceType::None;  // moving or dropped type (Pawn for pawn moves/drops)
    std::optional<int> from_file;       // disambiguation / origin
    std::optional<int> from_rank;
    std::optional<Square> to;
    bool capture = false;  // 'x' written
    PieceType promotion = PieceType::None;
    bool castle_long = false;                    // Form::Castle
    std::optional<Square> place;                 // "/d6" placement suffix
    PieceType pending_choice = PieceType::None;  // Putback owner's promotion choice prefix
    std::optional<Square> pending_square;        // its square, when written ("a8=Q:")
    bool check_mark = false, mate_mark = false;
};

// Text -> MoveText; a Syntax error when the text is no move in any accepted form.
core::Result<MoveText, NotationError> parse_move_text(std::string_view text);
// "--", "Z0", "0000", "@@@@", "null": a null move (ChessBase, python-chess, UCI spellings).
bool is_null_move(std::string_view token);

}  // namespace ck::rules
