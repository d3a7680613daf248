#include "rules/variant.hpp"

#include <iterator>

#include "core/text.hpp"

namespace ck::rules {
namespace {

// The variant table of docs/referee-protocol.md; Replacement/Putback per replacement-putback.md,
// "Decisions for crazykrieg". Chessgi follows Fairy-Stockfish (pawn on its 1st rank: one step).
constexpr Variant Variants[] = {
    // id, name, pgn, capture rule, promoted->pawn, pawn drop rank 1, rank-1 steps,
    // bishop colour, pawn ranks 2..7, owner promotes placed pawn
    {VariantId::Chess, "chess", "Standard", CaptureRule::Remove, false, false, 0, false, false,
     false},
    {VariantId::Crazyhouse, "crazyhouse", "Crazyhouse", CaptureRule::ToPocket, true, false, 0,
     false, false, false},
    {VariantId::Loop, "loop", "Loop", CaptureRule::ToPocket, false, false, 0, false, false, false},
    {VariantId::Chessgi, "chessgi", "Chessgi", CaptureRule::ToPocket, false, true, 1, false, false,
     false},
    {VariantId::Replacement, "replacement", "Replacement", CaptureRule::PutBack, false, false, 0,
     true, true, false},
    {VariantId::Putback, "putback", "Putback", CaptureRule::PutBack, false, false, 3, false, false,
     true},
};

// Row i describes VariantId i, one row per variant: a new variant is a new enumerator, a new
// VariantCount and a new row, or this does not compile.
constexpr bool table_matches_enum() {
    if (std::size(Variants) != static_cast<std::size_t>(VariantCount)) return false;
    for (int i = 0; i < VariantCount; ++i)
        if (static_cast<int>(Variants[i].id) != i || Variants[i].name.empty()) return false;
    return true;
}
static_assert(table_matches_enum(), "rules::Variants: one row per VariantId, in its order");
static_assert(static_cast<int>(VariantId::Putback) + 1 == VariantCount,
              "VariantCount: Putback is the last VariantId");

}  // namespace

const Variant& variant_of(VariantId id) { return Variants[static_cast<int>(id)]; }

const Variant* find_variant(std::string_view name) {
    for (const Variant& v : Variants) {
        if (core::iequals_ascii(name, v.name) || core::iequals_ascii(name, v.pgn_name)) return &v;
    }
    // Other spellings seen in PGN tags (python-chess "Normal", "Orthodox"; "Crazy House").
    if (core::iequals_ascii(name, "normal") || core::iequals_ascii(name, "orthodox"))
        return &Variants[0];
    if (core::iequals_ascii(name, "crazy house") || core::iequals_ascii(name, "zh"))
        return &Variants[1];
    return nullptr;
}

}  // namespace ck::rules
