#include "referee/player_view.hpp"

namespace ck::referee {

std::string PlayerView::board_text() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const rules::Square s = rules::make_square(file, rank);
            const rules::Piece p = pieces.board[s];
            if (!rules::is_piece(p)) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
            out += rules::piece_char(p);
            if ((pieces.promoted >> s) & 1) out += '~';
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (rank) out += '/';
    }
    out += '[';
    constexpr rules::PieceType order[5] = {rules::PieceType::Queen, rules::PieceType::Rook,
                                           rules::PieceType::Bishop, rules::PieceType::Knight,
                                           rules::PieceType::Pawn};
    for (rules::Color c : {rules::Color::White, rules::Color::Black}) {
        for (rules::PieceType t : order) {
            const int n = pieces.pockets[rules::index_of(c)][rules::index_of(t)];
            for (int i = 0; i < n; ++i) out += rules::piece_char(rules::make_piece(c, t));
        }
    }
    out += ']';
    return out;
}

}  // namespace ck::referee
