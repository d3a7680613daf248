// The syntax layer of move notation (notation_syntax.hpp): text -> MoveText, no position consulted
// (docs/pgn.md "Moves", docs/referee-protocol.md "Requests"). Accepted forms:
//   SAN          e4 Nbd7 R1a3 Qh4xe1 exd5 ed5 e8=Q e8Q e8(Q) e8=q O-O O-O-O 0-0 0-0-0
//   drops        N@f5 @d5 P@d5 P*d5 N*f5 n@f5 (a lower-case letter is a piece only before @/*)
//   long alg.    e2e4 e2-e4 e2xe4 Ng1-f3 e7e8q e7-e8=Q e1g1
//   suffixes     + # ! ? !! ?? !? ?!, e.p. / ep after an en-passant capture, "/d6" placement
//   prefix       "a8=Q:" Putback owner's choice for its pawn waiting on its promotion row
//                (square optional, "=" optional, piece in either case: "q:e2e4" is to_uci's)
// Figurines U+2654..U+265F stand for piece letters; U+00D7 (multiplication sign) for 'x'.
#include "rules/notation_syntax.hpp"

#include <cctype>
#include <string>

#include "rules/notation_text.hpp"

namespace ck::rules {
namespace {

using notation::is_file;
using notation::is_rank;
using notation::upper_piece;

constexpr std::size_t MaxMoveText = 64;

core::Unexpected<NotationError> syntax_error(std::string_view text, std::string_view why) {
    return core::unexpected(NotationError{
        NotationError::Code::Syntax,
        "not a move: \"" + notation::printable(text) + "\" (" + std::string(why) + ")",
        MoveDefect::None,
        {}});
}

bool is_square_at(const std::string& s, std::size_t i) {
    return i + 1 < s.size() && is_file(s[i]) && is_rank(s[i + 1]);
}
Square square_at(const std::string& s, std::size_t i) {
    return make_square(s[i] - 'a', s[i + 1] - '1');
}

std::optional<PieceType> any_case_piece(char c) {
    return upper_piece(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
}
bool is_promotion_type(PieceType t) {
    return t == PieceType::Knight || t == PieceType::Bishop || t == PieceType::Rook ||
           t == PieceType::Queen;
}

// Figurines to letters, U+00D7 to 'x', trims blanks; nullopt on any other non-ASCII byte or
// control character.
std::optional<std::string> normalise(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        auto c = static_cast<unsigned char>(text[i]);
        if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x99) {
            auto low = static_cast<unsigned char>(text[i + 2]);
            if (low >= 0x94 && low <= 0x9F) {
                out += "KQRBNP"[(low - 0x94) % 6];
                i += 2;
                continue;
            }
        }
        if (c == 0xC3 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x97) {
            out += 'x';
            ++i;
            continue;
        }
        if (c >= 0x80 || (c < 0x20 && c != '\t') || c == 0x7f) return std::nullopt;
        out += static_cast<char>(c);
    }
    std::size_t b = out.find_first_not_of(" \t");
    if (b == std::string::npos) return std::string();
    std::size_t e = out.find_last_not_of(" \t");
    return out.substr(b, e - b + 1);
}

bool ends_with(const std::string& s, std::string_view tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// "[square][=]X" or "[square](X)" before the ':' of a Putback promotion choice.
bool parse_choice_prefix(const std::string& p, MoveText& mt) {
    std::size_t i = 0;
    if (is_square_at(p, 0)) {
        mt.pending_square = square_at(p, 0);
        i = 2;
    }
    std::string rest = p.substr(i);
    char letter = 0;
    if (rest.size() == 2 && rest[0] == '=') letter = rest[1];
    if (rest.size() == 1) letter = rest[0];
    if (rest.size() == 3 && rest[0] == '(' && rest[2] == ')') letter = rest[1];
    auto t = any_case_piece(letter);
    if (!t || !is_promotion_type(*t)) return false;
    mt.pending_choice = *t;
    return true;
}

// Strips check/mate marks, annotation glyphs, e.p. marks and one "/sq" placement, in any order
// at the end of s.
void strip_suffixes(std::string& s, MoveText& mt, bool& ep_mark) {
    for (bool changed = true; changed && !s.empty();) {
        changed = true;
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
        if (s.empty()) break;
        char c = s.back();
        if (c == '!' || c == '?') {
            s.pop_back();
        } else if (c == '+') {
            mt.check_mark = true;
            s.pop_back();
        } else if (c == '#') {
            mt.mate_mark = true;
            s.pop_back();
        } else if (ends_with(s, "e.p.") && s.size() > 4 &&
                   (s[s.size() - 5] == ' ' || is_rank(s[s.size() - 5]))) {
            ep_mark = true;
            s.resize(s.size() - 4);
        } else if (ends_with(s, "ep") && s.size() > 2 &&
                   (s[s.size() - 3] == ' ' || is_rank(s[s.size() - 3]))) {
            ep_mark = true;
            s.resize(s.size() - 2);
        } else if (!mt.place && s.size() >= 3 && s[s.size() - 3] == '/' &&
                   is_square_at(s, s.size() - 2)) {
            mt.place = square_at(s, s.size() - 2);
            s.resize(s.size() - 3);
        } else {
            changed = false;
        }
    }
}

bool is_castle_char(char c) { return c == 'O' || c == 'o' || c == '0'; }

}  // namespace

core::Result<MoveText, NotationError> parse_move_text(std::string_view text) {
    if (text.size() > MaxMoveText) return syntax_error(text, "too long");
    auto norm = normalise(text);
    if (!norm) return syntax_error(text, "unexpected character");
    std::string s = *norm;
    if (s.empty()) return syntax_error(text, "empty");

    MoveText mt;
    if (auto colon = s.find(':'); colon != std::string::npos) {
        if (!parse_choice_prefix(s.substr(0, colon), mt))
            return syntax_error(text, "a promotion choice is written a8=Q: before the move");
        s.erase(0, colon + 1);
    }

    bool ep_mark = false;
    strip_suffixes(s, mt, ep_mark);
    if (s.empty()) return syntax_error(text, "no move");

    // Promotion: "=Q", "(Q)", or a piece letter right after the destination rank.
    if (s.size() >= 3 && s.back() == ')' && s[s.size() - 3] == '(') {
        auto t = any_case_piece(s[s.size() - 2]);
        if (!t || !is_promotion_type(*t)) return syntax_error(text, "bad promotion piece");
        mt.promotion = *t;
        s.resize(s.size() - 3);
    } else if (s.size() >= 2 && s[s.size() - 2] == '=') {
        auto t = any_case_piece(s.back());
        if (!t || !is_promotion_type(*t)) return syntax_error(text, "bad promotion piece");
        mt.promotion = *t;
        s.resize(s.size() - 2);
    } else if (s.size() >= 3 && is_rank(s[s.size() - 2]) && is_file(s[s.size() - 3]) &&
               any_case_piece(s.back())) {
        auto t = any_case_piece(s.back());
        if (!is_promotion_type(*t)) return syntax_error(text, "bad promotion piece");
        mt.promotion = *t;
        s.pop_back();
    }

    // Marks written before the promotion piece ("exd8+=Q", "exd8/e1=Q") are as good.
    if (mt.promotion != PieceType::None) strip_suffixes(s, mt, ep_mark);

    // Castling.
    if (s.size() >= 3 && is_castle_char(s[0]) && s[1] == '-' && is_castle_char(s[2]) &&
        (s.size() == 3 || (s.size() == 5 && s[3] == '-' && is_castle_char(s[4])))) {
        if (mt.promotion != PieceType::None || mt.place || ep_mark)
            return syntax_error(text, "castling takes no promotion, placement or e.p.");
        mt.form = MoveText::Form::Castle;
        mt.piece = PieceType::King;
        mt.castle_long = s.size() == 5;
        return mt;
    }

    // Drops: [X]@sq or [X]*sq.
    if (auto at = s.find_first_of("@*"); at != std::string::npos) {
        if (at > 1 || s.size() != at + 3 || !is_square_at(s, at + 1))
            return syntax_error(text, "a drop is written N@f5 or P@d5");
        mt.piece = PieceType::Pawn;
        if (at == 1) {
            auto t = any_case_piece(s[0]);
            if (!t) return syntax_error(text, "unknown piece letter");
            mt.piece = *t;
        }
        if (mt.promotion != PieceType::None || mt.place || ep_mark)
            return syntax_error(text, "a drop takes no promotion, placement or e.p.");
        mt.form = MoveText::Form::Drop;
        mt.to = square_at(s, at + 1);
        return mt;
    }

    // [Piece][file][rank][x|-]square
    std::size_t i = 0;
    bool has_letter = false;
    if (auto t = upper_piece(s[0])) {
        mt.piece = *t;
        has_letter = true;
        i = 1;
    }
    if (s.size() < i + 2 || !is_square_at(s, s.size() - 2))
        return syntax_error(text, "no destination square");
    mt.to = square_at(s, s.size() - 2);
    std::size_t end = s.size() - 2;
    if (i < end && is_file(s[i])) mt.from_file = s[i++] - 'a';
    if (i < end && is_rank(s[i])) mt.from_rank = s[i++] - '1';
    bool hyphen = false;
    if (i < end && (s[i] == 'x' || s[i] == '-')) {
        mt.capture = s[i] == 'x';
        hyphen = s[i] == '-';
        ++i;
    }
    if (i != end) return syntax_error(text, "unreadable");
    bool full_from = mt.from_file && mt.from_rank;
    if (hyphen && !full_from) return syntax_error(text, "'-' needs a whole origin square");

    if (!has_letter) {
        if (full_from) {
            mt.form = MoveText::Form::LongAlgebraic;
        } else {
            if (mt.from_rank) return syntax_error(text, "a pawn move names a file, not a rank");
            mt.form = MoveText::Form::Pawn;
            mt.piece = PieceType::Pawn;
        }
    } else {
        mt.form = mt.piece == PieceType::Pawn ? MoveText::Form::Pawn : MoveText::Form::Piece;
    }
    if (mt.form == MoveText::Form::Pawn && mt.capture && !mt.from_file)
        return syntax_error(text, "a pawn capture names its file, as in exd5");
    if (mt.form == MoveText::Form::Piece && mt.promotion != PieceType::None)
        return syntax_error(text, "only pawns promote");
    if (ep_mark) {
        bool diagonal = mt.from_file && *mt.from_file != file_of(*mt.to);
        if (mt.form == MoveText::Form::Piece || !diagonal)
            return syntax_error(text, "e.p. marks a pawn capture");
    }
    return mt;
}

bool is_null_move(std::string_view t) {
    if (t.empty() || (t[0] != '-' && t[0] != 'Z' && t[0] != '0' && t[0] != '@' && t[0] != 'n'))
        return false;
    return t == "--" || t == "Z0" || t == "0000" || t == "@@@@" || t == "null";
}

}  // namespace ck::rules
