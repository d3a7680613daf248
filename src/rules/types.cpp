#include "rules/types.hpp"

namespace ck::rules {

std::string square_name(Square s) {
    if (s >= 64) return "-";
    return std::string{static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::optional<Square> parse_square(std::string_view text) {
    if (text.size() != 2) return std::nullopt;
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return std::nullopt;
    return make_square(text[0] - 'a', text[1] - '1');
}

char type_char(PieceType t) {
    switch (t) {
        case PieceType::Pawn:
            return 'P';
        case PieceType::Knight:
            return 'N';
        case PieceType::Bishop:
            return 'B';
        case PieceType::Rook:
            return 'R';
        case PieceType::Queen:
            return 'Q';
        case PieceType::King:
            return 'K';
        default:
            return '?';
    }
}

char piece_char(Piece p) {
    char c = type_char(type_of(p));
    if (is_piece(p) && color_of(p) == Color::Black) c = static_cast<char>(c - 'A' + 'a');
    return c;
}

std::optional<PieceType> parse_type_char(char c) {
    switch (c) {
        case 'P':
        case 'p':
            return PieceType::Pawn;
        case 'N':
        case 'n':
            return PieceType::Knight;
        case 'B':
        case 'b':
            return PieceType::Bishop;
        case 'R':
        case 'r':
            return PieceType::Rook;
        case 'Q':
        case 'q':
            return PieceType::Queen;
        case 'K':
        case 'k':
            return PieceType::King;
        default:
            return std::nullopt;
    }
}

std::string_view type_word(PieceType t) {
    switch (t) {
        case PieceType::Pawn:
            return "pawn";
        case PieceType::Knight:
            return "knight";
        case PieceType::Bishop:
            return "bishop";
        case PieceType::Rook:
            return "rook";
        case PieceType::Queen:
            return "queen";
        case PieceType::King:
            return "king";
        default:
            return "none";
    }
}

}  // namespace ck::rules
