// Board geometry for the pgn module (contract in board_geometry.hpp).
#include "rules/board_geometry.hpp"

#include <array>

namespace ck::rules::detail {
namespace {

using rules::Bitboard;
using rules::PieceType;
using rules::Square;

struct Step {
    int df, dr;
};
constexpr Step KnightSteps[8] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                 {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr Step KingSteps[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                               {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr Step RookDirs[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
constexpr Step BishopDirs[4] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

constexpr bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

constexpr std::array<Bitboard, 64> leaper_table(const Step (&steps)[8]) {
    std::array<Bitboard, 64> t{};
    for (int s = 0; s < 64; ++s)
        for (const Step& d : steps) {
            int f = s % 8 + d.df, r = s / 8 + d.dr;
            if (on_board(f, r)) t[s] |= Bitboard{1} << (r * 8 + f);
        }
    return t;
}
constexpr auto KnightTable = leaper_table(KnightSteps);
constexpr auto KingTable = leaper_table(KingSteps);

Bitboard rays(const Step (&dirs)[4], Square to, Bitboard occ) {
    Bitboard out = 0;
    for (const Step& d : dirs) {
        int f = rules::file_of(to) + d.df, r = rules::rank_of(to) + d.dr;
        while (on_board(f, r)) {
            Bitboard b = Bitboard{1} << (r * 8 + f);
            out |= b;
            if (occ & b) break;
            f += d.df;
            r += d.dr;
        }
    }
    return out;
}

}  // namespace

bool can_reach(PieceType t, Square from, Square to, Bitboard occ) {
    if (from == to) return false;
    int df = rules::file_of(to) - rules::file_of(from),
        dr = rules::rank_of(to) - rules::rank_of(from);
    switch (t) {
        case PieceType::Knight:
            return (KnightTable[from] >> to) & 1;
        case PieceType::King:
            return (KingTable[from] >> to) & 1;
        case PieceType::Bishop:
            if (df != dr && df != -dr) return false;
            break;
        case PieceType::Rook:
            if (df != 0 && dr != 0) return false;
            break;
        case PieceType::Queen:
            if (df != 0 && dr != 0 && df != dr && df != -dr) return false;
            break;
        default:
            return false;
    }
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    int step = sr * 8 + sf;
    for (int s = from + step; s != to; s += step)
        if ((occ >> s) & 1) return false;
    return true;
}

Bitboard reach(PieceType t, Square to, Bitboard occ) {
    switch (t) {
        case PieceType::Knight:
            return KnightTable[to];
        case PieceType::King:
            return KingTable[to];
        case PieceType::Bishop:
            return rays(BishopDirs, to, occ);
        case PieceType::Rook:
            return rays(RookDirs, to, occ);
        case PieceType::Queen:
            return rays(BishopDirs, to, occ) | rays(RookDirs, to, occ);
        default:
            return 0;
    }
}

}  // namespace ck::rules::detail
