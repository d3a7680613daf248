#include "referee/check_direction.hpp"

#include <cstdlib>

namespace ck::referee {

std::string_view check_direction(rules::Square king, rules::Square checker, rules::PieceType t) {
    if (t == rules::PieceType::Knight) return "knight";
    const int kf = rules::file_of(king), kr = rules::rank_of(king);
    const int cf = rules::file_of(checker), cr = rules::rank_of(checker);
    if (kf == cf) return "vertical";
    if (kr == cr) return "horizontal";
    // Diagonal: a1-h8 direction when the file and rank differences have the same sign.
    const bool rising = (cf - kf) * (cr - kr) > 0;
    const int rising_len = 8 - std::abs(kf - kr);
    const int falling_len = 8 - std::abs(kf + kr - 7);
    const int own_len = rising ? rising_len : falling_len;
    const int other_len = rising ? falling_len : rising_len;
    return own_len > other_len ? "long-diagonal" : "short-diagonal";
}

}  // namespace ck::referee
