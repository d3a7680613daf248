#pragma once
// Kriegspiel rule sets behind `--rules NAME`, as data (docs/rulesets.md; README "Kriegspiel rule
// sets"). One KriegspielRules description per rule set; the referee's Game consults it and holds
// no rule-set branches of its own (docs/design.md: "Data, not branches").
#include <optional>
#include <string>
#include <string_view>

namespace ck::referee {

enum class RuleSet : unsigned char {
    CrazyKrieg,
    Wild16,
    Berkeley,
    BerkeleyAny,
    Cincinnati,
    English,
    Rand
};
inline constexpr int RuleSetCount = 7;

// `any?` and the duty it starts (docs/rulesets.md, "any?").
enum class AnyRule : unsigned char {
    None,                 // `any?` is not a request of this rule set (answered `error`)
    ReleasedByFailedTry,  // the first pawn-capture attempt answered `no` ends the duty
    KeptUntilMove,        // the duty lasts until the move is made
};

// The automatic announcement about the side to move after every legal move.
enum class PawnTries : unsigned char {
    None,
    Count,      // {"type":"pawn-tries","count":N}
    Available,  // {"type":"pawn-tries","available":B}
    Squares,    // {"type":"pawn-tries","squares":[...]}
};

// What a capture tells when the game has no pockets (with pockets: always the reserve identity).
enum class PlainCapture : unsigned char {
    Identity,     // the unit as it stood: pawn, knight, ..., queen
    PawnOrPiece,  // `pawn` or `piece`
    SquareOnly,   // no `piece` key
};

enum class EnPassantSquare : unsigned char { CapturedPawn, Arrival };
enum class StalemateResult : unsigned char { Draw, StalematedSideLoses };

struct KriegspielRules {
    RuleSet id;
    std::string_view name;
    // The word for an attempt that is not askable (outside the `any?` duty): `impossible`, or
    // `no` in the rule sets that have only that word.
    bool says_impossible;
    bool opponent_hears_no;
    bool opponent_hears_impossible;
    // An attempt already refused `no` since the player's last legal move is no longer askable,
    // nor is any pawn-capture attempt after `any?` -> `no` (false only in crazykrieg, which
    // rules such attempts again).
    bool remembers_refusals;
    AnyRule any;
    // Pawn-capture attempts not covered by this announcement are not askable: with Count and
    // Available unless the player has a legal pawn capture, with Squares unless the pawn stands
    // on an announced square.
    PawnTries pawn_tries;
    PlainCapture plain_capture;
    EnPassantSquare en_passant_square;
    bool announces_promotion;  // {"type":"promotion"} to both
    StalemateResult stalemate;
    bool automatic_draws;  // threefold repetition and the fifty-move rule
};

// The description of rule set r (a static table).
const KriegspielRules& kriegspiel_rules(RuleSet r);

// Case-insensitive; nullopt for a name that is not a rule set.
std::optional<RuleSet> find_rule_set(std::string_view name);
std::string_view rule_set_name(RuleSet r);
// Every rule set's name in the table's order, joined by ", " (for the error that names an unknown
// one: "crazykrieg, wild16, ...").
std::string rule_set_names();

}  // namespace ck::referee
