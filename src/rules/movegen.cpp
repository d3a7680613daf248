// Legal move generation and perft (movegen.hpp): the generator is move_generator.hpp's; perft
// bulk-counts the last ply, drops by popcount.
#include "rules/movegen.hpp"

#include "rules/move_generator.hpp"

namespace ck::rules {

void generate_legal(const Position& pos, MoveList& out) { detail::legal_moves(pos, out); }

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return detail::count_legal(pos);
    MoveList list;
    generate_legal(pos, list);
    std::uint64_t n = 0;
    for (Move m : list) {
        pos.make_move(m);
        n += perft(pos, depth - 1);
        pos.undo_move();
    }
    return n;
}

}  // namespace ck::rules
