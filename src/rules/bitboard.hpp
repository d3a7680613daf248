#pragma once
// Bitboard helpers (Stockfish's bitboard.h, reduced): masks, bit scans, shifts.
#include <cstdint>

#include "rules/types.hpp"

namespace ck::rules {

constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard FileHBB = FileABB << 7;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard Rank2BB = Rank1BB << 8;
constexpr Bitboard Rank3BB = Rank1BB << 16;
constexpr Bitboard Rank4BB = Rank1BB << 24;
constexpr Bitboard Rank5BB = Rank1BB << 32;
constexpr Bitboard Rank6BB = Rank1BB << 40;
constexpr Bitboard Rank7BB = Rank1BB << 48;
constexpr Bitboard Rank8BB = Rank1BB << 56;
constexpr Bitboard LightSquaresBB = 0x55AA55AA55AA55AAULL;  // b1, a2, ... (a1 is dark)
constexpr Bitboard DarkSquaresBB = ~LightSquaresBB;

constexpr Bitboard rank_bb(int r) { return Rank1BB << (8 * r); }
constexpr Bitboard file_bb(int f) { return FileABB << f; }
// Rank r (0-based) as seen from side c.
constexpr Bitboard relative_rank_bb(Color c, int r) { return rank_bb(relative_rank(c, r)); }

inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
inline Square lsb(Bitboard b) { return static_cast<Square>(__builtin_ctzll(b)); }
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shift towards White's 8th rank (North) or Black's (South), files clipped.
constexpr Bitboard shift_north(Bitboard b) { return b << 8; }
constexpr Bitboard shift_south(Bitboard b) { return b >> 8; }
constexpr Bitboard shift_forward(Color c, Bitboard b) {
    return c == Color::White ? b << 8 : b >> 8;
}
constexpr Bitboard shift_east(Bitboard b) { return (b & ~FileHBB) << 1; }
constexpr Bitboard shift_west(Bitboard b) { return (b & ~FileABB) >> 1; }
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
    Bitboard f = shift_forward(c, b);
    return shift_east(f) | shift_west(f);
}
// Square one step forward for side c.
constexpr int forward(Color c) { return c == Color::White ? 8 : -8; }

}  // namespace ck::rules
