// A finished game's outcome (game_outcome.hpp).
#include "league/game_outcome.hpp"

#include <array>
#include <utility>

#include "league/game_files.hpp"

namespace ck::league {
namespace {

constexpr std::array<std::pair<Termination, std::string_view>, 9> TerminationWords{{
    {Termination::Checkmate, "checkmate"},
    {Termination::Stalemate, "stalemate"},
    {Termination::Repetition, "repetition"},
    {Termination::FiftyMoves, "fifty-moves"},
    {Termination::InsufficientMaterial, "insufficient-material"},
    {Termination::Resignation, "resignation"},
    {Termination::Agreement, "agreement"},
    {Termination::Forfeit, "forfeit"},
    {Termination::Adjudication, "adjudication"},
}};
// One row per enumerator, in the enum's order.
static_assert(TerminationWords.size() == static_cast<std::size_t>(Termination::Adjudication) + 1);
static_assert(TerminationWords[static_cast<std::size_t>(Termination::Forfeit)].first ==
              Termination::Forfeit);

}  // namespace

std::string_view termination_word(Termination t) {
    return TerminationWords[static_cast<std::size_t>(t)].second;
}

std::optional<Termination> parse_termination(std::string_view word) {
    for (const auto& [t, w] : TerminationWords)
        if (w == word) return t;
    return std::nullopt;
}

std::optional<GameOutcome> outcome_of(const StoredGame& g) {
    const std::optional<GameResult> result = g.game.result();
    if (!result) return std::nullopt;
    std::string_view reason;
    for (const referee::Ruling& r : g.record.rulings())
        for (const auto& told : r.told)
            for (const referee::Announcement& a : told)
                if (a.type == referee::AnnouncementType::GameOver) reason = a.reason;
    const auto termination = parse_termination(reason);
    if (!termination) return std::nullopt;
    return GameOutcome{*result, *termination};
}

}  // namespace ck::league
