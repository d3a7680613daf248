// The seven Kriegspiel rule sets (docs/rulesets.md has the table, its sources and the decided
// points).
#include "referee/rule_set.hpp"

#include "core/text.hpp"

namespace ck::referee {
namespace {

constexpr KriegspielRules Table[RuleSetCount] = {
    // id, name, says_impossible, hears no, hears impossible, remembers refusals, any?,
    // pawn-tries, plain capture, en passant square, promotion, stalemate, automatic draws
    {RuleSet::CrazyKrieg, "crazykrieg", true, true, false, false, AnyRule::ReleasedByFailedTry,
     PawnTries::None, PlainCapture::Identity, EnPassantSquare::CapturedPawn, false,
     StalemateResult::Draw, true},
    {RuleSet::Wild16, "wild16", false, false, false, true, AnyRule::None, PawnTries::Count,
     PlainCapture::PawnOrPiece, EnPassantSquare::CapturedPawn, false, StalemateResult::Draw, true},
    {RuleSet::Berkeley, "berkeley", true, true, false, true, AnyRule::None, PawnTries::None,
     PlainCapture::SquareOnly, EnPassantSquare::CapturedPawn, false, StalemateResult::Draw, false},
    {RuleSet::BerkeleyAny, "berkeley-any", true, true, false, true, AnyRule::KeptUntilMove,
     PawnTries::None, PlainCapture::SquareOnly, EnPassantSquare::CapturedPawn, false,
     StalemateResult::Draw, false},
    {RuleSet::Cincinnati, "cincinnati", true, true, true, true, AnyRule::None, PawnTries::Available,
     PlainCapture::PawnOrPiece, EnPassantSquare::CapturedPawn, false, StalemateResult::Draw, true},
    {RuleSet::English, "english", false, true, false, true, AnyRule::ReleasedByFailedTry,
     PawnTries::None, PlainCapture::SquareOnly, EnPassantSquare::Arrival, false,
     StalemateResult::Draw, false},
    {RuleSet::Rand, "rand", true, true, true, true, AnyRule::None, PawnTries::Squares,
     PlainCapture::PawnOrPiece, EnPassantSquare::CapturedPawn, true,
     StalemateResult::StalematedSideLoses, true},
};

// Row i describes RuleSet i, and every row is filled: a new rule set is a new enumerator, a new
// RuleSetCount and a new row, or this does not compile.
constexpr bool table_matches_enum() {
    for (int i = 0; i < RuleSetCount; ++i)
        if (static_cast<int>(Table[i].id) != i || Table[i].name.empty()) return false;
    return true;
}
static_assert(table_matches_enum(), "referee::Table: one row per RuleSet, in its order");
static_assert(static_cast<int>(RuleSet::Rand) + 1 == RuleSetCount, "RuleSetCount: Rand is last");

}  // namespace

const KriegspielRules& kriegspiel_rules(RuleSet r) { return Table[static_cast<int>(r)]; }

std::optional<RuleSet> find_rule_set(std::string_view name) {
    for (const KriegspielRules& k : Table)
        if (core::iequals_ascii(name, k.name)) return k.id;
    return std::nullopt;
}

std::string_view rule_set_name(RuleSet r) { return kriegspiel_rules(r).name; }

std::string rule_set_names() {
    std::string out;
    for (const KriegspielRules& k : Table) (out += out.empty() ? "" : ", ") += k.name;
    return out;
}

}  // namespace ck::referee
