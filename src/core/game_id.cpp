#include "core/game_id.hpp"

#include <cassert>
#include <cstdint>
#include <ostream>

#include "core/decimal.hpp"

namespace ck::core {

GameId::GameId(std::uint64_t number) : number_(number) { assert(number >= 1); }

std::string GameIdError::describe() const {
    const char* why = "";
    switch (problem) {
        case Problem::Empty:
            why = "empty";
            break;
        case Problem::NotDigits:
            why = "digits only";
            break;
        case Problem::LeadingZero:
            why = "no leading zero";
            break;
        case Problem::Zero:
            why = "games are numbered from 1";
            break;
        case Problem::TooLarge:
            why = "too large";
            break;
    }
    return "not a game id: \"" + text + "\" (" + why + ")";
}

Result<GameId, GameIdError> parse_game_id(std::string_view text) {
    const auto fail = [&](GameIdError::Problem p) {
        return unexpected(GameIdError{p, std::string(text)});
    };
    if (text.empty()) return fail(GameIdError::Problem::Empty);
    for (const char c : text) {
        if (c < '0' || c > '9') return fail(GameIdError::Problem::NotDigits);
    }
    if (text == "0") return fail(GameIdError::Problem::Zero);
    if (text[0] == '0') return fail(GameIdError::Problem::LeadingZero);
    // Digits only and no leading zero: parse_decimal refuses it only when it exceeds 2^64 - 1.
    std::uint64_t n = 0;
    if (!parse_decimal(text, n)) return fail(GameIdError::Problem::TooLarge);
    return GameId(n);
}

std::optional<GameId> game_id_in(std::string_view text) {
    auto id = parse_game_id(text);
    return id ? std::optional<GameId>(*id) : std::nullopt;
}

std::string to_string(GameId id) { return std::to_string(id.number()); }

std::ostream& operator<<(std::ostream& out, GameId id) { return out << to_string(id); }

}  // namespace ck::core
