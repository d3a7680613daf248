#pragma once
// Variants as data (docs/design.md: one struct, no variant branches scattered in movegen).
// Rules of each variant: docs/referee-protocol.md, variant table, and
// tests/data/perft/replacement-putback.md for Replacement and Putback.
#include <string_view>

namespace ck::rules {

enum class VariantId : unsigned char { Chess, Crazyhouse, Loop, Chessgi, Replacement, Putback };
// How many variants there are (Putback is the last VariantId; variant.cpp checks its table
// against both when it compiles).
inline constexpr int VariantCount = 6;

// What happens to a captured unit.
enum class CaptureRule : unsigned char {
    Remove,    // chess: it leaves the game
    ToPocket,  // drop variants: it changes colour and goes to the capturer's pocket
    PutBack,   // Replacement/Putback: the capturer puts it back at once for its owner
};

struct Variant {
    VariantId id;
    std::string_view name;      // lower-case command-line name: "crazyhouse"
    std::string_view pgn_name;  // Variant tag as written: "Crazyhouse" ("Standard" for chess)
    CaptureRule capture_rule;
    // ToPocket: a captured promoted piece enters the pocket as a pawn (crazyhouse) or as the
    // piece it is (loop, chessgi).
    bool promoted_returns_as_pawn;
    // Pawn drops allowed on the dropper's own 1st rank (chessgi); never on the 8th.
    bool pawn_drop_on_first_rank;
    // Steps a pawn standing on its own 1st rank may make (chessgi: 1; putback: up to 3, with
    // every passed square an en-passant target; 0 where such a pawn cannot exist).
    int first_rank_pawn_max_step;
    // PutBack placement limits (replacement): bishop on the colour it was captured on; pawns
    // only on ranks 2..7.
    bool placement_bishop_same_colour;
    bool placement_pawn_ranks_2_to_7;
    // PutBack (putback): a pawn put on its promotion row is promoted by its owner at the start of
    // the owner's next move (Q1 reading (a)).
    bool placed_pawn_promotes_by_owner;
};

// Every supported variant, in VariantId order.
const Variant& variant_of(VariantId id);
// Case-insensitive lookup by command-line name or PGN tag (also lichess spellings such as
// "crazyhouse", "Standard", "chess"); nullptr if unknown. Aliases kriegspiel/crazykrieg are the
// referee's business, not the rules'.
const Variant* find_variant(std::string_view name);

inline bool has_pockets(const Variant& v) { return v.capture_rule == CaptureRule::ToPocket; }
inline bool has_placement(const Variant& v) { return v.capture_rule == CaptureRule::PutBack; }

}  // namespace ck::rules
