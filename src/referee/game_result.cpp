// A finished game's result (game_result.hpp).
#include "referee/game_result.hpp"

#include <array>
#include <cstddef>
#include <utility>

namespace ck::referee {
namespace {

constexpr std::array<std::pair<GameResult, std::string_view>, 3> ResultWords{{
    {GameResult::WhiteWins, "1-0"},
    {GameResult::BlackWins, "0-1"},
    {GameResult::Draw, "1/2-1/2"},
}};
// One row per enumerator, in the enum's order.
static_assert(ResultWords.size() == static_cast<std::size_t>(GameResult::Draw) + 1);
static_assert(ResultWords[static_cast<std::size_t>(GameResult::WhiteWins)].first ==
              GameResult::WhiteWins);
static_assert(ResultWords[static_cast<std::size_t>(GameResult::BlackWins)].first ==
              GameResult::BlackWins);
static_assert(ResultWords[static_cast<std::size_t>(GameResult::Draw)].first == GameResult::Draw);

}  // namespace

std::string_view result_text(GameResult r) {
    return ResultWords[static_cast<std::size_t>(r)].second;
}

std::string_view result_marker(const std::optional<GameResult>& r) {
    return r ? result_text(*r) : std::string_view("*");
}

std::optional<GameResult> parse_result(std::string_view text) {
    for (const auto& [r, word] : ResultWords)
        if (word == text) return r;
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

}  // namespace ck::referee
