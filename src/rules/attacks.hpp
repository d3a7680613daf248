#pragma once
// Attack tables: leapers precomputed, sliders through magic bitboards (Stockfish's "fancy"
// magics with fixed multipliers, see attacks.cpp). init() must run before any lookup (it fills the
// tables, a few million instructions); Position's factories call it.
#include "rules/bitboard.hpp"

namespace ck::rules::attacks {

// Idempotent; cheap after the first call.
void init();

struct Magic {
    Bitboard mask;
    Bitboard magic;
    Bitboard* table;
    unsigned shift;
    unsigned index(Bitboard occ) const {
        return static_cast<unsigned>(((occ & mask) * magic) >> shift);
    }
};

extern Bitboard PawnAttacks[2][64];
extern Bitboard KnightAttacks[64];
extern Bitboard KingAttacks[64];
// Squares strictly between a and b when aligned, else 0.
extern Bitboard Between[64][64];
// The whole line through a and b (both included) when aligned, else 0.
extern Bitboard Line[64][64];
extern Magic RookMagics[64];
extern Magic BishopMagics[64];

inline Bitboard pawn(Color c, Square s) { return PawnAttacks[index_of(c)][s]; }
inline Bitboard knight(Square s) { return KnightAttacks[s]; }
inline Bitboard king(Square s) { return KingAttacks[s]; }
inline Bitboard rook(Square s, Bitboard occ) {
    const Magic& m = RookMagics[s];
    return m.table[m.index(occ)];
}
inline Bitboard bishop(Square s, Bitboard occ) {
    const Magic& m = BishopMagics[s];
    return m.table[m.index(occ)];
}
inline Bitboard queen(Square s, Bitboard occ) { return rook(s, occ) | bishop(s, occ); }
// Attacks of a piece type (not pawn) from s.
inline Bitboard piece(PieceType t, Square s, Bitboard occ) {
    switch (t) {
        case PieceType::Knight:
            return knight(s);
        case PieceType::Bishop:
            return bishop(s, occ);
        case PieceType::Rook:
            return rook(s, occ);
        case PieceType::Queen:
            return queen(s, occ);
        case PieceType::King:
            return king(s);
        default:
            return 0;
    }
}
inline bool aligned(Square a, Square b, Square c) { return (Line[a][b] & bb(c)) != 0; }

}  // namespace ck::rules::attacks
