#include "bot/own_position.hpp"

#include "bot/view_turns.hpp"
#include "rules/notation.hpp"
#include "rules/variant.hpp"

namespace ck::bot {

using rules::Color;
using rules::Piece;
using rules::PieceType;
using rules::Square;

namespace {

bool is(const referee::PlayerView& v, Square s, Color c, PieceType t) {
    return v.pieces.board[s] == rules::make_piece(c, t);
}

}  // namespace

std::string fen_board(const Piece board[64], rules::Bitboard promoted) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Square s = rules::make_square(file, rank);
            if (!rules::is_piece(board[s])) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
            out += rules::piece_char(board[s]);
            if ((promoted >> s) & 1) out += '~';
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (rank) out += '/';
    }
    return out;
}

std::uint8_t own_castling(const referee::PlayerView& view) {
    const Color us = view.player;
    const int r = us == Color::White ? 0 : 7;
    const Square king = rules::make_square(4, r), rook_h = rules::make_square(7, r),
                 rook_a = rules::make_square(0, r);
    if (!is(view, king, us, PieceType::King)) return 0;
    bool lost_h = !is(view, rook_h, us, PieceType::Rook);
    bool lost_a = !is(view, rook_a, us, PieceType::Rook);
    const auto& heard = view.heard;
    for (const Turn& t : split_turns(heard)) {
        if (!t.complete()) continue;
        if (t.side == us) {
            const std::string& san = heard[t.moved].move;
            if (!san.empty() && (san[0] == 'K' || san[0] == 'O' || san[0] == '0')) return 0;
            continue;
        }
        for (int i = t.moved; i < t.end; ++i) {
            if (heard[i].type != referee::AnnouncementType::Capture) continue;
            if (heard[i].square == rules::square_name(rook_h)) lost_h = true;
            if (heard[i].square == rules::square_name(rook_a)) lost_a = true;
        }
    }
    std::uint8_t bits = 0;
    if (!lost_h) bits |= us == Color::White ? rules::WhiteKingSide : rules::BlackKingSide;
    if (!lost_a) bits |= us == Color::White ? rules::WhiteQueenSide : rules::BlackQueenSide;
    return bits;
}

std::optional<rules::Position> own_side_position(const referee::PlayerView& view) {
    const rules::Variant* v = rules::find_variant(view.variant);
    if (!v) return std::nullopt;
    const Color us = view.player;
    const std::uint8_t castling = own_castling(view);
    std::string rights;
    if (castling & rules::WhiteKingSide) rights += 'K';
    if (castling & rules::WhiteQueenSide) rights += 'Q';
    if (castling & rules::BlackKingSide) rights += 'k';
    if (castling & rules::BlackQueenSide) rights += 'q';
    if (rights.empty()) rights = "-";
    std::string pockets = view.board_text();
    pockets = pockets.substr(pockets.find('['));
    // The placeholder king: far squares first (h8 side for White's view, a1 side for Black's).
    // When the player's pieces attack every free square, the placeholder's side is to move
    // (OwnBoard::of reads the player's pieces, pocket and castling only, not the side to move).
    for (Color to_move : {us, ~us}) {
        const std::string tail =
            " " + std::string(1, to_move == Color::White ? 'w' : 'b') + " " + rights + " - 0 1";
        for (int k = 0; k < 64; ++k) {
            const Square s = static_cast<Square>(us == Color::White ? 63 - k : k);
            if (rules::is_piece(view.pieces.board[s])) continue;
            Piece board[64];
            for (int i = 0; i < 64; ++i) board[i] = view.pieces.board[i];
            board[s] = rules::make_piece(~us, PieceType::King);
            auto pos = rules::Position::from_fen(
                fen_board(board, view.pieces.promoted) + pockets + tail, *v);
            if (pos) return std::move(*pos);
        }
    }
    return std::nullopt;
}

std::optional<rules::Position> replay_open(const referee::PlayerView& view) {
    const rules::Variant* v = rules::find_variant(view.variant);
    if (!v) return std::nullopt;
    rules::Position pos = rules::Position::startpos(*v);
    for (const auto& a : view.heard) {
        if (a.type != referee::AnnouncementType::Moved) continue;
        auto m = rules::parse_move(pos, a.move);
        if (!m) return std::nullopt;
        pos.make_move(*m);
    }
    return pos;
}

std::string attempt_text(rules::Move m) {
    if (m.is_drop())
        return std::string(1, rules::type_char(m.piece())) + "@" + rules::square_name(m.to());
    std::string s = rules::square_name(m.from()) + rules::square_name(m.to());
    if (m.kind() == rules::MoveKind::Promotion)
        s += static_cast<char>(rules::type_char(m.piece()) - 'A' + 'a');
    return s;
}

bool is_pawn_capture_attempt(const referee::OwnBoard& own, rules::Move m) {
    return referee::is_pawn_capture(own, m);
}

}  // namespace ck::bot
