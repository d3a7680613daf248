#pragma once
// A finished game's result as a value (docs/referee-protocol.md, "Responses": the game-over
// announcement's `result`; the PGN Result tag). The referee's game, its rulings, announcements
// and views carry this type; the words "1-0", "0-1", "1/2-1/2" are written and read only at the
// edges (the referee JSON, the PGN record, mail text, the command line).
#include <cstdint>
#include <optional>
#include <string_view>

#include "rules/types.hpp"

namespace ck::referee {

enum class GameResult : std::uint8_t { WhiteWins, BlackWins, Draw };

// "1-0", "0-1", "1/2-1/2" (the PGN Result tag's words).
std::string_view result_text(GameResult r);
// The PGN termination marker: result_text(*r), or "*" while the game is in progress.
std::string_view result_marker(const std::optional<GameResult>& r);
// The inverse of result_text; nullopt for any other text ("*", "2-0", "1-0 ", "").
std::optional<GameResult> parse_result(std::string_view text);

// The loser of a decisive result; nullopt for a draw.
std::optional<rules::Color> loser_of(GameResult r);
// The result in which `loser` loses.
GameResult loss_of(rules::Color loser);

}  // namespace ck::referee
