#pragma once
// Internal helpers shared by the notation files (not part of the rules API).
#include <optional>
#include <string>
#include <string_view>

#include "rules/types.hpp"

namespace ck::rules::notation {

inline bool is_file(char c) { return c >= 'a' && c <= 'h'; }
inline bool is_rank(char c) { return c >= '1' && c <= '8'; }

// Upper-case piece letters name pieces everywhere; lower case is a file in SAN.
inline std::optional<PieceType> upper_piece(char c) {
    switch (c) {
        case 'P':
            return PieceType::Pawn;
        case 'N':
            return PieceType::Knight;
        case 'B':
            return PieceType::Bishop;
        case 'R':
            return PieceType::Rook;
        case 'Q':
            return PieceType::Queen;
        case 'K':
            return PieceType::King;
        default:
            return std::nullopt;
    }
}

// The user's text as it may appear inside an error message: at most 40 bytes; printable ASCII
// and the accepted figurines (U+2654..U+265F) and U+00D7 kept, any other byte shown as '?', so
// the message is always valid UTF-8.
inline std::string printable(std::string_view text) {
    std::string out;
    std::string_view head = text.substr(0, 40);
    for (std::size_t i = 0; i < head.size(); ++i) {
        auto u = static_cast<unsigned char>(head[i]);
        auto at = [&](std::size_t k) {
            return i + k < head.size() ? static_cast<unsigned char>(head[i + k]) : 0;
        };
        if (u == 0xE2 && at(1) == 0x99 && at(2) >= 0x94 && at(2) <= 0x9F) {
            out += head.substr(i, 3);
            i += 2;
        } else if (u == 0xC3 && at(1) == 0x97) {
            out += head.substr(i, 2);
            i += 1;
        } else {
            out += (u >= 0x20 && u < 0x7f) ? static_cast<char>(u) : '?';
        }
    }
    if (text.size() > 40) out += "...";
    return out;
}

}  // namespace ck::rules::notation
