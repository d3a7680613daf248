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

std::string_view result_text(GameResult r) {
    switch (r) {
        case GameResult::WhiteWins:
            return "1-0";
        case GameResult::BlackWins:
            return "0-1";
        case GameResult::Draw:
            return "1/2-1/2";
    }
    return "*";
}

std::optional<GameResult> parse_result(std::string_view text) {
    if (text == "1-0") return GameResult::WhiteWins;
    if (text == "0-1") return GameResult::BlackWins;
    if (text == "1/2-1/2") return GameResult::Draw;
    return std::nullopt;
}

std::string_view termination_word(Termination t) {
    return TerminationWords[static_cast<std::size_t>(t)].second;
}

std::optional<Termination> parse_termination(std::string_view word) {
    for (const auto& [t, w] : TerminationWords)
        if (w == word) return t;
    return std::nullopt;
}

std::optional<rules::Color> loser_of(GameResult r) {
    if (r == GameResult::WhiteWins) return rules::Color::Black;
    if (r == GameResult::BlackWins) return rules::Color::White;
    return std::nullopt;
}

GameResult loss_of(rules::Color loser) {
    return loser == rules::Color::White ? GameResult::BlackWins : GameResult::WhiteWins;
}

std::optional<GameOutcome> outcome_of(const StoredGame& g) {
    if (!g.game.over() || !g.game.result()) return std::nullopt;
    const auto result = parse_result(*g.game.result());
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
