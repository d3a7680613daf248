#include "rules/attacks.hpp"

#include <cassert>
#include <cstddef>

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

// Magic multipliers per square (a1 = 0 ... h8 = 63), fixed so that start-up does no search.
// Generated once by the trial-and-error search this file used to run at every start-up
// (Stockfish's init_magics: candidates from xorshift64* -- s ^= s >> 12; s ^= s << 25;
// s ^= s >> 27; return s * 2685821657736338717 -- ANDed three times, seeded per rank with
// {728, 10316, 55013, 32803, 12281, 15100, 16645, 255}, first candidate that indexes every
// occupancy subset of the mask without a destructive collision; rooks first, then bishops).
// The shift is 64 - popcount(mask), so the tables are exactly 0x19000 and 0x1480 entries.
// tests/rules/attacks_test.cpp checks every subset of every mask against a ray walk.
constexpr Bitboard RookMagicNumbers[64] = {
    0x0A80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xC200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x0040048001458024ULL, 0x00A0004000205000ULL, 0x3100808010002000ULL, 0x4825010010000820ULL,
    0x5004808008000401ULL, 0x2024818004000A00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010A004A00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xC020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010A386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490A000084ULL,
    0x0080002000504000ULL, 0x200020005000C000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040A100021ULL,
    0x000200282410A102ULL, 0x000200282410A102ULL, 0x000200282410A102ULL, 0x4048240043802106ULL,
};

constexpr Bitboard BishopMagicNumbers[64] = {
    0x9060124418008010ULL, 0x0020010250810120ULL, 0x2010010220280081ULL, 0x002806004050C040ULL,
    0x0002021018000000ULL, 0x2001112010000400ULL, 0x0881010120218080ULL, 0x1030820110010500ULL,
    0x0000120222042400ULL, 0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422A02000001ULL,
    0x000A220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL, 0x0100004042101040ULL,
    0x0004001004082820ULL, 0x0010000810010048ULL, 0x1014004208081300ULL, 0x2080818802044202ULL,
    0x0040880C00A00100ULL, 0x0080400200522010ULL, 0x0001000188180B04ULL, 0x0080249202020204ULL,
    0x1004400004100410ULL, 0x00013100A0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380D1004100ULL, 0x0008004422020284ULL, 0x01010A1041008080ULL,
    0x0808080400082121ULL, 0x0808080400082121ULL, 0x0091128200100C00ULL, 0x0202200802010104ULL,
    0x8C0A020200440085ULL, 0x01A0008080B10040ULL, 0x0889520080122800ULL, 0x100902022202010AULL,
    0x04081A0816002000ULL, 0x0000681208005000ULL, 0x8170840041008802ULL, 0x0A00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440A210428ULL, 0x0008240020880021ULL,
    0x0400002012048200ULL, 0x00AC102001210220ULL, 0x0220021002009900ULL, 0x84440C080A013080ULL,
    0x0001008044200440ULL, 0x0004C04410841000ULL, 0x2000500104011130ULL, 0x1A0C010011C20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822C08200ULL, 0x48081010008A2A80ULL,
};

// Fills the "fancy" magic tables (one slice per square, sizes 2^popcount(mask)) for the fixed
// multipliers: every occupancy subset of the mask (Carry-Rippler enumeration) is stored at its
// magic index. Constructive collisions store the same attack set twice.
void init_magics(const int (&dirs)[4][2], const Bitboard (&numbers)[64], Bitboard* table,
                 Magic* magics) {
    Bitboard* next = table;
    for (int sq = 0; sq < 64; ++sq) {
        Square s = static_cast<Square>(sq);
        Bitboard edges = ((Rank1BB | Rank8BB) & ~rank_bb(rank_of(s))) |
                         ((FileABB | FileHBB) & ~file_bb(file_of(s)));
        Magic& m = magics[sq];
        m.mask = slide(dirs, s, 0) & ~edges;
        m.shift = 64 - popcount(m.mask);
        m.magic = numbers[sq];
        m.table = next;
        next += std::size_t{1} << popcount(m.mask);
        Bitboard b = 0;
        do {
            Bitboard& entry = m.table[m.index(b)];
            const Bitboard attacks = slide(dirs, s, b);
            // A slider always attacks at least one square, so 0 marks an unused entry.
            assert(entry == 0 || entry == attacks);
            entry = attacks;
            b = (b - m.mask) & m.mask;
        } while (b);
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
    init_magics(RookDirs, RookMagicNumbers, rook_table, RookMagics);
    init_magics(BishopDirs, BishopMagicNumbers, bishop_table, BishopMagics);
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            Square sa = static_cast<Square>(a), sb = static_cast<Square>(b);
            Between[a][b] = Line[a][b] = 0;
            if (a == b) continue;
            if (rook(sa, 0) & bb(sb)) {
                Line[a][b] = (rook(sa, 0) & rook(sb, 0)) | bb(sa) | bb(sb);
                Between[a][b] = rook(sa, bb(sb)) & rook(sb, bb(sa));
            } else if (bishop(sa, 0) & bb(sb)) {
                Line[a][b] = (bishop(sa, 0) & bishop(sb, 0)) | bb(sa) | bb(sb);
                Between[a][b] = bishop(sa, bb(sb)) & bishop(sb, bb(sa));
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
