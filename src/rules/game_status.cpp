#include "rules/game_status.hpp"

#include "rules/movegen.hpp"

namespace ck::rules {

Termination termination(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    if (list.empty()) return pos.in_check() ? Termination::Checkmate : Termination::Stalemate;
    if (pos.repetition_count() >= 3) return Termination::Repetition;
    if (pos.halfmove_clock() >= 100) return Termination::FiftyMoves;
    if (pos.insufficient_material()) return Termination::InsufficientMaterial;
    return Termination::None;
}

}  // namespace ck::rules
