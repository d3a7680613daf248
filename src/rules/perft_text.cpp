#include "rules/perft_text.hpp"

namespace ck::rules {

std::string perft_move_text(Move m) {
    std::string out;
    if (m.pending_choice() != PieceType::None) {
        out += type_char(m.pending_choice());
        out += ':';
    }
    if (m.is_drop()) {
        out += type_char(m.piece());
        out += '@';
        out += square_name(m.to());
    } else {
        out += square_name(m.from()) + square_name(m.to());
        if (m.kind() == MoveKind::Promotion)
            out += static_cast<char>(type_char(m.piece()) - 'A' + 'a');
    }
    if (m.place() < 64) out += '/' + square_name(m.place());
    return out;
}

}  // namespace ck::rules
