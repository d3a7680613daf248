#pragma once
// Basic chess types shared by every module that knows chess.
// Squares: a1 = 0, b1 = 1, ..., h8 = 63. Bitboard bit i is square i.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ck::rules {

using Bitboard = std::uint64_t;
using Square = std::uint8_t;
constexpr Square NoSquare = 64;

enum class Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index_of(Color c) { return static_cast<int>(c); }

enum class PieceType : std::uint8_t { Pawn = 0, Knight, Bishop, Rook, Queen, King, None = 7 };
constexpr int index_of(PieceType t) { return static_cast<int>(t); }
// Pocketable types are Pawn..Queen (index 0..4).
constexpr int PocketTypes = 5;

// A coloured piece: (color << 3) | type. NoPiece has type None.
enum class Piece : std::uint8_t { NoPiece = 7 };
constexpr Piece make_piece(Color c, PieceType t) {
    return static_cast<Piece>((static_cast<int>(c) << 3) | static_cast<int>(t));
}
constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(static_cast<int>(p) & 7); }
constexpr Color color_of(Piece p) { return static_cast<Color>(static_cast<int>(p) >> 3); }
constexpr bool is_piece(Piece p) { return type_of(p) != PieceType::None; }

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * 8 + file); }
constexpr Bitboard bb(Square s) { return Bitboard{1} << s; }
// Rank r (0-based) as seen from side c: relative_rank(Black, rank 8) == 0.
constexpr int relative_rank(Color c, int rank) { return c == Color::White ? rank : 7 - rank; }
constexpr bool is_light_square(Square s) { return ((file_of(s) + rank_of(s)) & 1) != 0; }

// "e4" <-> 28. parse_square accepts lower case only and returns nullopt on anything else.
std::string square_name(Square s);
std::optional<Square> parse_square(std::string_view text);

// 'P','N','B','R','Q','K' (upper case) for a type; piece_char is upper case for White.
char type_char(PieceType t);
char piece_char(Piece p);
// Accepts PNBRQK in either case; nullopt otherwise.
std::optional<PieceType> parse_type_char(char c);
// "pawn", "knight", ... (the referee's announcement words).
std::string_view type_word(PieceType t);

// Castling rights as 4 bits.
enum CastlingRight : std::uint8_t {
    NoCastling = 0,
    WhiteKingSide = 1,
    WhiteQueenSide = 2,
    BlackKingSide = 4,
    BlackQueenSide = 8,
    AllCastling = 15
};

}  // namespace ck::rules
