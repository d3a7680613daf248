#pragma once
// Reads the list view's position lines (compose/list_view.hpp: "White: King g1; Rooks a1, f1.
// In hand: Knight, 2 Pawns.", "Black in hand: nothing.") back into a board in the form of
// referee::PlayerView::board_text, so a test can check that every piece and both pockets are
// named, and named where the view has them. Shared by the compose and daemon tests.
#include <catch2/catch.hpp>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "rules/types.hpp"

namespace ck::test {

inline rules::PieceType list_piece_named(const std::string& name) {
    using rules::PieceType;
    static const std::map<std::string, PieceType> names = {
        {"King", PieceType::King},     {"Kings", PieceType::King},
        {"Queen", PieceType::Queen},   {"Queens", PieceType::Queen},
        {"Rook", PieceType::Rook},     {"Rooks", PieceType::Rook},
        {"Bishop", PieceType::Bishop}, {"Bishops", PieceType::Bishop},
        {"Knight", PieceType::Knight}, {"Knights", PieceType::Knight},
        {"Pawn", PieceType::Pawn},     {"Pawns", PieceType::Pawn}};
    auto it = names.find(name);
    if (it == names.end()) FAIL("not a piece name: " << name);
    return it->second;
}

inline char list_piece_letter(rules::PieceType t, rules::Color side) {
    char letter = rules::type_char(t);
    if (side == rules::Color::Black) letter = static_cast<char>(letter - 'A' + 'a');
    return letter;
}

// "King g1; Queens d1, d8 (promoted); Pawns a2" -> square -> piece letter (and "~" promoted).
inline void read_list_pieces(const std::string& groups, rules::Color side,
                             std::map<std::string, std::string>& board) {
    if (groups == "no pieces") return;
    std::size_t at = 0;
    while (at < groups.size()) {
        std::size_t end = groups.find("; ", at);
        if (end == std::string::npos) end = groups.size();
        const std::string group = groups.substr(at, end - at);
        const std::size_t space = group.find(' ');
        REQUIRE(space != std::string::npos);
        const rules::PieceType t = list_piece_named(group.substr(0, space));
        std::istringstream squares(group.substr(space + 1));
        std::string sq;
        while (std::getline(squares, sq, ',')) {
            while (!sq.empty() && sq.front() == ' ') sq.erase(0, 1);
            bool promoted = false;
            if (auto p = sq.find(" (promoted)"); p != std::string::npos) {
                promoted = true;
                sq = sq.substr(0, p);
            }
            board[sq] = std::string(1, list_piece_letter(t, side)) + (promoted ? "~" : "");
        }
        at = end + 2;
    }
}

// "Knight, 2 Pawns" / "nothing" -> the piece letters in the order Q R B N P.
inline std::string read_list_pocket(const std::string& text, rules::Color side) {
    using rules::PieceType;
    std::map<PieceType, int> counts;
    if (text != "nothing") {
        std::istringstream items(text);
        std::string item;
        while (std::getline(items, item, ',')) {
            while (!item.empty() && item.front() == ' ') item.erase(0, 1);
            int n = 1;
            if (item[0] >= '0' && item[0] <= '9') {
                n = std::stoi(item);
                item = item.substr(item.find(' ') + 1);
            }
            counts[list_piece_named(item)] += n;
        }
    }
    std::string out;
    for (PieceType t :
         {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight, PieceType::Pawn})
        out += std::string(static_cast<std::size_t>(counts[t]), list_piece_letter(t, side));
    return out;
}

// The board and pockets named by `position` (the list view's lines; other lines are skipped),
// as PlayerView::board_text writes them: FEN ranks 8..1, then "[" white pocket, black pocket
// "]".
inline std::string read_list_position(const std::vector<std::string>& position) {
    using rules::Color;
    std::map<std::string, std::string> board;
    std::string pocket_white, pocket_black;
    for (const std::string& line : position) {
        INFO(line);
        for (const auto side : {Color::White, Color::Black}) {
            const std::string name = side == Color::White ? "White" : "Black";
            std::string& pocket_of_side = side == Color::White ? pocket_white : pocket_black;
            if (line.rfind(name + ": ", 0) == 0) {
                const std::string rest = line.substr(name.size() + 2);
                const std::size_t hand = rest.find(". In hand: ");
                read_list_pieces(rest.substr(0, hand == std::string::npos ? rest.size() - 1 : hand),
                                 side, board);
                if (hand != std::string::npos) {
                    std::string pocket = rest.substr(hand + 11);
                    REQUIRE(pocket.back() == '.');
                    pocket.pop_back();
                    pocket_of_side = read_list_pocket(pocket, side);
                }
            } else if (line.rfind(name + " in hand: ", 0) == 0) {
                std::string pocket = line.substr(name.size() + 10);
                REQUIRE(pocket.back() == '.');
                pocket.pop_back();
                pocket_of_side = read_list_pocket(pocket, side);
            }
        }
    }
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const std::string sq =
                std::string(1, static_cast<char>('a' + file)) + static_cast<char>('1' + rank);
            auto it = board.find(sq);
            if (it == board.end()) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            out += it->second;
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    return out + "[" + pocket_white + pocket_black + "]";
}

}  // namespace ck::test
