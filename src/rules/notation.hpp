#pragma once
// Move notation: SAN and long algebraic, with drops and the Replacement/Putback placement suffix
// (docs/pgn.md). Errors in two layers (shakmaty): syntax vs illegal/ambiguous.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

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

core::Result<MoveText, NotationError> parse_move_text(std::string_view text);
// Parses and resolves against the legal moves of pos. Forgiving where safe: 0-0, missing or
// extra x/+/#, e8Q, P*d5 / @d5 / N*f5, figurines, long algebraic (e2e4, e2-e4, e7e8q), UCI drops.
// The one move resolver: the common SAN forms are resolved without generating every legal move
// (san_resolver.hpp); the rest against the legal move list.
core::Result<Move, NotationError> parse_move(const Position& pos, std::string_view text);
// err (from parse_move(pos, text)) with its defect diagnosed (NotationError::defect and detail).
// captured_promoted[t]: promoted pieces of type t the side to move has captured so far in the game
// (a Crazyhouse pocket holds them as pawns, so dropping one is its own defect).
NotationError diagnose_move(const Position& pos, std::string_view text, NotationError err,
                            const std::array<int, PocketTypes>& captured_promoted);
// parse_move, and on failure the defect diagnosed. captured_promoted() gives the counts above; it
// is called only when the move fails (a game's history need not be walked for every move).
template <typename CapturedPromoted>
core::Result<Move, NotationError> parse_move(const Position& pos, std::string_view text,
                                             CapturedPromoted&& captured_promoted) {
    auto r = parse_move(pos, text);
    if (r) return r;
    return core::unexpected(diagnose_move(pos, text, r.error(), captured_promoted()));
}
// "--", "Z0", "0000", "@@@@", "null": a null move (ChessBase, python-chess, UCI spellings).
bool is_null_move(std::string_view token);

// Canonical SAN of a legal move in pos: x, +/#, =Q, disambiguation by legal moves, drops N@f5
// and P@d5, O-O/O-O-O, placement suffix "/d6", Putback choice prefix "a8=Q:" (the mover's pawn
// waiting on a8 becomes a queen, then the move: "a8=Q:Nf3", "a8=N:exd5/h4+").
std::string to_san(const Position& pos, Move m);
// UCI / long algebraic: e2e4, e7e8q, N@f5, P@d5, castling e1g1 (placement suffix "/d6" and
// choice prefix "q:" where present: "q:e2e4/h4"). parse_move reads it back.
std::string to_uci(Move m);

}  // namespace ck::rules
