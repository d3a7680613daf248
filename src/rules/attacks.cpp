#include "rules/attacks.hpp"

#include <cstdlib>

namespace ck::rules::attacks {

Bitboard PawnAttacks[2][64];
Bitboard KnightAttacks[64];
Bitboard KingAttacks[64];
Bitboard Between[64][64];
Bitboard Line[64][64];
Magic RookMagics[64];
Magic BishopMagics[64];

namespace {

Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

Bitboard slide(const int (&dirs)[4][2], Square s, Bitboard occ) {
    Bitboard out = 0;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (on_board(f, r)) {
            Square t = make_square(f, r);
            out |= bb(t);
            if (occ & bb(t)) break;
            f += d[0];
            r += d[1];
        }
    }
    return out;
}

Bitboard leaper(Square s, const int (*steps)[2], int n) {
    Bitboard out = 0;
    for (int i = 0; i < n; ++i) {
        int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
        if (on_board(f, r)) out |= bb(make_square(f, r));
    }
    return out;
}

// xorshift64* (Stockfish's PRNG) for the magic search.
struct Prng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(const int (&dirs)[4][2], Bitboard* table, Magic* magics) {
    static const std::uint64_t seeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
    static Bitboard occupancy[4096], reference[4096];
    static int epoch[4096];
    int cnt = 0;
    std::size_t size = 0;
    for (int sq = 0; sq < 64; ++sq) {
        Square s = static_cast<Square>(sq);
        Bitboard edges = ((Rank1BB | Rank8BB) & ~rank_bb(rank_of(s))) |
                         ((FileABB | FileHBB) & ~file_bb(file_of(s)));
        Magic& m = magics[sq];
        m.mask = slide(dirs, s, 0) & ~edges;
        m.shift = 64 - popcount(m.mask);
        m.table = sq == 0 ? table : magics[sq - 1].table + size;
        size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slide(dirs, s, b);
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);
        Prng rng{seeds[rank_of(s)]};
        for (std::size_t i = 0; i < size;) {
            for (m.magic = 0; popcount((m.magic * m.mask) >> 56) < 6;) m.magic = rng.sparse();
            for (++cnt, i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < cnt) {
                    epoch[idx] = cnt;
                    m.table[idx] = reference[i];
                } else if (m.table[idx] != reference[i]) {
                    break;
                }
            }
        }
    }
}

void init_tables() {
    static const int knight_steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                           {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king_steps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                         {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int white_pawn[2][2] = {{-1, 1}, {1, 1}};
    static const int black_pawn[2][2] = {{-1, -1}, {1, -1}};
    for (int sq = 0; sq < 64; ++sq) {
        Square s = static_cast<Square>(sq);
        KnightAttacks[s] = leaper(s, knight_steps, 8);
        KingAttacks[s] = leaper(s, king_steps, 8);
        PawnAttacks[0][s] = leaper(s, white_pawn, 2);
        PawnAttacks[1][s] = leaper(s, black_pawn, 2);
    }
    init_magics(RookDirs, rook_table, RookMagics);
    init_magics(BishopDirs, bishop_table, BishopMagics);
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            Square sa = static_cast<Square>(a), sb = static_cast<Square>(b);
            Between[a][b] = Line[a][b] = 0;
            if (a == b) continue;
            if (slide(RookDirs, sa, 0) & bb(sb)) {
                Line[a][b] = (slide(RookDirs, sa, 0) & slide(RookDirs, sb, 0)) | bb(sa) | bb(sb);
                Between[a][b] = slide(RookDirs, sa, bb(sb)) & slide(RookDirs, sb, bb(sa));
            } else if (slide(BishopDirs, sa, 0) & bb(sb)) {
                Line[a][b] =
                    (slide(BishopDirs, sa, 0) & slide(BishopDirs, sb, 0)) | bb(sa) | bb(sb);
                Between[a][b] = slide(BishopDirs, sa, bb(sb)) & slide(BishopDirs, sb, bb(sa));
            }
        }
    }
}

struct Initializer {
    Initializer() { init_tables(); }
};

}  // namespace

void init() {
    // Thread-safe one-time initialisation (function-local static).
    static const Initializer once;
    (void)once;
}

}  // namespace ck::rules::attacks
