#pragma once
// A move packed in 32 bits. Kinds:
//  Normal     from -> to (captures included)
//  Promotion  from -> to, piece() = promoted-to type
//  EnPassant  from -> to (to = the passed square; the captured pawn stands elsewhere)
//  Castling   king from -> king to (e1g1, e1c1, e8g8, e8c8)
//  Drop       piece() = dropped type, from() == to()
// Replacement/Putback: place() is the empty square where the captured piece is put back for its
// owner (NoSquare when the move captures nothing or the variant has no placement).
// Putback: pending_choice() is the piece the mover turns its pawn standing on its promotion row
// into before moving (None when the mover has no such pawn); see replacement-putback.md, Q1 (a).
#include <cstdint>

#include "rules/types.hpp"

namespace ck::rules {

enum class MoveKind : std::uint8_t { Normal = 0, Promotion, EnPassant, Castling, Drop };

class Move {
public:
    constexpr Move() = default;
    static constexpr Move none() { return Move(); }

    static constexpr Move normal(Square from, Square to) {
        return Move(from, to, MoveKind::Normal, PieceType::None);
    }
    static constexpr Move promotion(Square from, Square to, PieceType promo) {
        return Move(from, to, MoveKind::Promotion, promo);
    }
    static constexpr Move en_passant(Square from, Square to) {
        return Move(from, to, MoveKind::EnPassant, PieceType::None);
    }
    static constexpr Move castling(Square king_from, Square king_to) {
        return Move(king_from, king_to, MoveKind::Castling, PieceType::None);
    }
    static constexpr Move drop(PieceType type, Square to) {
        return Move(to, to, MoveKind::Drop, type);
    }

    constexpr Square from() const { return static_cast<Square>(bits_ & 0x3f); }
    constexpr Square to() const { return static_cast<Square>((bits_ >> 6) & 0x3f); }
    constexpr MoveKind kind() const { return static_cast<MoveKind>((bits_ >> 12) & 0x7); }
    // Promoted-to type for Promotion, dropped type for Drop, None otherwise.
    constexpr PieceType piece() const { return static_cast<PieceType>((bits_ >> 15) & 0x7); }
    constexpr Square place() const { return static_cast<Square>((bits_ >> 18) & 0x7f); }
    constexpr PieceType pending_choice() const {
        return static_cast<PieceType>((bits_ >> 25) & 0x7);
    }
    constexpr bool is_drop() const { return kind() == MoveKind::Drop; }
    constexpr bool is_none() const { return bits_ == Move().bits_; }

    constexpr Move with_place(Square s) const {
        Move m = *this;
        m.bits_ = (m.bits_ & ~(0x7fu << 18)) | (std::uint32_t{s} << 18);
        return m;
    }
    constexpr Move with_pending_choice(PieceType t) const {
        Move m = *this;
        m.bits_ = (m.bits_ & ~(0x7u << 25)) | (std::uint32_t(index_of(t)) << 25);
        return m;
    }

    constexpr std::uint32_t raw() const { return bits_; }
    friend constexpr bool operator==(Move a, Move b) { return a.bits_ == b.bits_; }
    friend constexpr bool operator!=(Move a, Move b) { return a.bits_ != b.bits_; }

private:
    constexpr Move(Square from, Square to, MoveKind kind, PieceType piece)
        : bits_(std::uint32_t{from} | (std::uint32_t{to} << 6) |
                (std::uint32_t(static_cast<int>(kind)) << 12) |
                (std::uint32_t(index_of(piece)) << 15) | (std::uint32_t{NoSquare} << 18) |
                (std::uint32_t(index_of(PieceType::None)) << 25)) {}
    // Default: from a1 to a1, Normal -- never a legal move.
    std::uint32_t bits_ = (std::uint32_t{NoSquare} << 18) |
                          (std::uint32_t(index_of(PieceType::None)) << 15) |
                          (std::uint32_t(index_of(PieceType::None)) << 25);
};

// Fixed-capacity move list (crazyhouse positions can exceed 500 moves with full pockets;
// Replacement/Putback captures multiply by placements).
class MoveList {
public:
    static constexpr int Capacity = 8192;
    // The storage is left uninitialised: default-constructing 8192 moves per perft node would
    // cost more than generating them.
    MoveList() {}
    void push(Move m) { moves_[size_++] = m; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](int i) const { return moves_[i]; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    void clear() { size_ = 0; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }

private:
    union {
        Move moves_[Capacity];
    };
    int size_ = 0;
};

}  // namespace ck::rules
