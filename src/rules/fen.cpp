// FEN reading and writing (Position::startpos, from_fen, fen).
// Pockets: "[QRBNPqrbnp]" after the board, also the 9th-rank form ".../RNBQKBNR/Qnp" and "[-]";
// "~" after a promoted piece; Putback's en-passant field may list squares "a2,a3".
#include <cassert>
#include <cctype>
#include <charconv>
#include <vector>

#include "rules/attacks.hpp"
#include "rules/bitboard.hpp"
#include "rules/position.hpp"

namespace ck::rules {
namespace {

using core::unexpected;

FenError err(FenError::Code c, std::string msg) { return FenError{c, std::move(msg)}; }

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (;;) {
        std::size_t p = s.find(sep, start);
        out.push_back(s.substr(start, p == std::string_view::npos ? p : p - start));
        if (p == std::string_view::npos) break;
        start = p + 1;
    }
    return out;
}

std::vector<std::string_view> split_ws(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        std::size_t j = i;
        while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool parse_int(std::string_view s, int& out) {
    if (s.empty() || s.size() > 9) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc();
}

constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr char ColorName[2][6] = {"white", "black"};

}  // namespace

Position Position::startpos(const Variant& variant) {
    auto r = from_fen(StartFen, variant);
    assert(r.has_value());
    return std::move(r).value();
}

core::Result<Position, FenError> Position::from_fen(std::string_view fen, const Variant& variant) {
    using Code = FenError::Code;
    attacks::init();
    auto fields = split_ws(fen);
    if (fields.size() < 4 || fields.size() > 6)
        return unexpected(err(
            Code::Syntax, "FEN has " + std::to_string(fields.size()) + " fields, expected 4 to 6"));
    Position pos;
    pos.variant_ = &variant;
    for (auto& p : pos.board_) p = Piece::NoPiece;

    // Board and pockets.
    std::string_view board = fields[0], pocket;
    bool has_pocket_text = false;
    if (auto lb = board.find('['); lb != std::string_view::npos) {
        if (board.back() != ']' || board.find(']') != board.size() - 1)
            return unexpected(err(Code::Pocket, "pocket must be '[...]' right after the board"));
        pocket = board.substr(lb + 1, board.size() - lb - 2);
        board = board.substr(0, lb);
        has_pocket_text = true;
    }
    auto ranks = split(board, '/');
    if (!has_pocket_text && ranks.size() == 9) {
        pocket = ranks[8];
        ranks.pop_back();
        has_pocket_text = true;
    }
    if (ranks.size() != 8)
        return unexpected(
            err(Code::Board, "board has " + std::to_string(ranks.size()) + " ranks, expected 8"));
    for (int i = 0; i < 8; ++i) {
        int rank = 7 - i, file = 0;
        std::string_view row = ranks[i];
        for (std::size_t j = 0; j < row.size(); ++j) {
            char c = row[j];
            if (c >= '1' && c <= '8') {
                file += c - '0';
            } else if (c == '~') {
                Square prev = file > 0 && file <= 8 ? make_square(file - 1, rank) : NoSquare;
                if (j == 0 || prev == NoSquare || !is_piece(pos.board_[prev]) || row[j - 1] < 'A' ||
                    type_of(pos.board_[prev]) == PieceType::King ||
                    type_of(pos.board_[prev]) == PieceType::Pawn)
                    return unexpected(err(Code::Board, "rank " + std::to_string(rank + 1) +
                                                           ": '~' must follow a piece (not a "
                                                           "pawn or king)"));
                pos.promoted_ |= bb(prev);
            } else if (auto t = parse_type_char(c)) {
                if (file < 8) {
                    Color col =
                        std::isupper(static_cast<unsigned char>(c)) ? Color::White : Color::Black;
                    pos.put_piece(make_piece(col, *t), make_square(file, rank));
                }
                ++file;
            } else {
                return unexpected(err(Code::Board, "rank " + std::to_string(rank + 1) +
                                                       ": bad character '" + std::string(1, c) +
                                                       "'"));
            }
        }
        if (file != 8)
            return unexpected(err(Code::Board, "rank " + std::to_string(rank + 1) + " has " +
                                                   std::to_string(file) + " squares"));
    }
    if (pocket != "-") {
        for (char c : pocket) {
            auto t = parse_type_char(c);
            if (!t)
                return unexpected(
                    err(Code::Pocket, "pocket: bad character '" + std::string(1, c) + "'"));
            if (*t == PieceType::King) return unexpected(err(Code::Pocket, "pocket holds a king"));
            int col = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
            if (++pos.pockets_[col][index_of(*t)] > 64)
                return unexpected(err(Code::Pocket, "pocket holds too many pieces"));
        }
    }
    if (!has_pockets(variant))
        for (auto& c : pos.pockets_)
            for (auto n : c)
                if (n)
                    return unexpected(
                        err(Code::Pocket, std::string(variant.name) + " has no pockets"));

    // Side to move.
    if (fields[1] == "w")
        pos.side_ = Color::White;
    else if (fields[1] == "b")
        pos.side_ = Color::Black;
    else
        return unexpected(err(Code::SideToMove, "side to move must be 'w' or 'b', not '" +
                                                    std::string(fields[1]) + "'"));

    // Kings and pawns (shakmaty's Setup -> Position checks).
    for (int c = 0; c < 2; ++c) {
        int n = popcount(pos.pieces(static_cast<Color>(c), PieceType::King));
        if (n != 1)
            return unexpected(err(
                Code::IllegalPosition,
                std::string(ColorName[c]) + " has " + std::to_string(n) + " kings, expected 1"));
    }
    for (int c = 0; c < 2; ++c) {
        Color col = static_cast<Color>(c);
        Bitboard pawns = pos.pieces(col, PieceType::Pawn);
        Bitboard own_first = pawns & relative_rank_bb(col, 0);
        Bitboard promo_row = pawns & relative_rank_bb(col, 7);
        if (own_first && variant.first_rank_pawn_max_step == 0)
            return unexpected(err(Code::IllegalPosition, std::string(ColorName[c]) + " pawn on " +
                                                             square_name(lsb(own_first)) +
                                                             " (its first rank)"));
        // Putback (Q1 a): only the side to move may have one pawn waiting for its promotion.
        bool waiting_ok =
            variant.placed_pawn_promotes_by_owner && col == pos.side_ && !more_than_one(promo_row);
        if (promo_row && !waiting_ok)
            return unexpected(err(Code::IllegalPosition, std::string(ColorName[c]) + " pawn on " +
                                                             square_name(lsb(promo_row)) +
                                                             " (its promotion rank)"));
    }

    State st;
    // Castling: only the FEN's rights; each needs its king and rook at home.
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            std::uint8_t right = 0;
            Square k = 0, r = 0;
            Color col = Color::White;
            switch (c) {
                case 'K':
                    right = WhiteKingSide, k = 4, r = 7;
                    break;
                case 'Q':
                    right = WhiteQueenSide, k = 4, r = 0;
                    break;
                case 'k':
                    right = BlackKingSide, k = 60, r = 63, col = Color::Black;
                    break;
                case 'q':
                    right = BlackQueenSide, k = 60, r = 56, col = Color::Black;
                    break;
                default:
                    return unexpected(
                        err(Code::Castling, "castling: bad character '" + std::string(1, c) + "'"));
            }
            if (st.castling & right)
                return unexpected(
                    err(Code::Castling, "castling: '" + std::string(1, c) + "' repeated"));
            if (pos.board_[k] != make_piece(col, PieceType::King) ||
                pos.board_[r] != make_piece(col, PieceType::Rook))
                return unexpected(err(Code::Castling, "castling right '" + std::string(1, c) +
                                                          "' needs the king on " + square_name(k) +
                                                          " and a rook on " + square_name(r)));
            st.castling |= right;
        }
    }

    // En passant: "-" or squares (several only in Putback) the side that just moved passed.
    Bitboard ep = 0;
    if (fields[3] != "-") {
        auto squares = split(fields[3], ',');
        if (squares.size() > 1 && variant.first_rank_pawn_max_step < 3)
            return unexpected(err(Code::EnPassant, "several en-passant squares need putback"));
        const Color mover = ~pos.side_;
        for (auto text : squares) {
            auto s = parse_square(text);
            if (!s)
                return unexpected(
                    err(Code::EnPassant, "bad en-passant square '" + std::string(text) + "'"));
            // A pawn of the side that just moved stands ahead of s on its file, with s and the
            // squares in between empty; s on its 3rd rank (or 2nd after a step from rank 1).
            int rr = relative_rank(mover, rank_of(*s));
            bool ok = !is_piece(pos.board_[*s]) &&
                      (rr == 2 || (rr == 1 && variant.first_rank_pawn_max_step >= 2));
            if (ok) {
                ok = false;
                int step = forward(mover);
                for (int t = *s + step; t >= 0 && t < 64; t += step) {
                    int tr = relative_rank(mover, rank_of(static_cast<Square>(t)));
                    if (tr > 3) break;
                    Piece p = pos.board_[t];
                    if (p == make_piece(mover, PieceType::Pawn)) {
                        ok = true;
                        break;
                    }
                    if (is_piece(p)) break;
                }
            }
            if (!ok)
                return unexpected(
                    err(Code::EnPassant, "no pawn can just have passed " + std::string(text)));
            ep |= bb(*s);
        }
    }

    int half = 0, full = 1;
    if (fields.size() > 4 && !parse_int(fields[4], half))
        return unexpected(err(Code::Clock, "bad half-move clock '" + std::string(fields[4]) + "'"));
    if (fields.size() > 5 && !parse_int(fields[5], full))
        return unexpected(
            err(Code::Clock, "bad full-move number '" + std::string(fields[5]) + "'"));
    st.halfmove = half;
    pos.fullmove_ = full < 1 ? 1 : full;

    st.ep = 0;
    pos.states_.reserve(256);
    pos.states_.push_back(st);
    State& s0 = pos.states_.back();
    s0.key = pos.compute_key(s0);
    if (pos.attackers_to(pos.king_square(~pos.side_), pos.occupied()) & pos.pieces(pos.side_))
        return unexpected(err(Code::IllegalPosition, std::string(ColorName[index_of(~pos.side_)]) +
                                                         " is in check but not to move"));
    s0.checkers = pos.compute_checkers();
    pos.settle_ep(ep);
    return pos;
}

std::string Position::fen() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            Square s = make_square(file, rank);
            Piece p = board_[s];
            if (!is_piece(p)) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
            out += piece_char(p);
            if (promoted_ & bb(s)) out += '~';
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (rank) out += '/';
    }
    if (has_pockets(*variant_)) {
        out += '[';
        static constexpr PieceType order[] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                              PieceType::Knight, PieceType::Pawn};
        for (int c = 0; c < 2; ++c)
            for (PieceType t : order)
                for (int n = 0; n < pockets_[c][index_of(t)]; ++n)
                    out += piece_char(make_piece(static_cast<Color>(c), t));
        out += ']';
    }
    out += side_ == Color::White ? " w " : " b ";
    const State& st = states_.back();
    if (!st.castling) out += '-';
    if (st.castling & WhiteKingSide) out += 'K';
    if (st.castling & WhiteQueenSide) out += 'Q';
    if (st.castling & BlackKingSide) out += 'k';
    if (st.castling & BlackQueenSide) out += 'q';
    out += ' ';
    if (!st.ep) out += '-';
    for (Bitboard e = st.ep; e;) {
        out += square_name(pop_lsb(e));
        if (e) out += ',';
    }
    out += ' ' + std::to_string(st.halfmove) + ' ' + std::to_string(fullmove_);
    return out;
}

}  // namespace ck::rules
