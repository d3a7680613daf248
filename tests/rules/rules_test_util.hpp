#pragma once
// Helpers shared by the rules tests.
#include <algorithm>
#include <cctype>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace ck::rules::test {

inline const Variant& variant(const char* name) { return *find_variant(name); }

inline Position load(const std::string& fen, const char* v) {
    auto r = Position::from_fen(fen, variant(v));
    if (!r) throw std::runtime_error("bad FEN in test: " + fen + ": " + r.error().message);
    return std::move(r).value();
}

inline std::vector<Move> legal_moves(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return {list.begin(), list.end()};
}

inline std::string mirror_square_list(const std::string& field) {
    if (field == "-") return field;
    std::string out;
    for (char c : field) out += (c >= '1' && c <= '8') ? static_cast<char>('1' + '8' - c) : c;
    return out;
}

// The colour-flipped mirror of a FEN: ranks reversed, colours swapped (pieces, pockets, side,
// castling, en passant).
inline std::string mirror_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string board, side, castling, ep, half, full;
    in >> board >> side >> castling >> ep >> half >> full;
    std::string pocket;
    if (auto lb = board.find('['); lb != std::string::npos) {
        pocket = board.substr(lb);
        board = board.substr(0, lb);
    }
    std::vector<std::string> ranks;
    std::stringstream bs(board);
    for (std::string r; std::getline(bs, r, '/');) ranks.push_back(r);
    std::reverse(ranks.begin(), ranks.end());
    auto swap_case = [](std::string s) {
        for (char& c : s)
            c = std::isupper(static_cast<unsigned char>(c))
                    ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
                    : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return s;
    };
    std::string out;
    for (std::size_t i = 0; i < ranks.size(); ++i) out += (i ? "/" : "") + swap_case(ranks[i]);
    out += swap_case(pocket);
    out += side == "w" ? " b " : " w ";
    std::string cr = castling == "-" ? "-" : "";
    for (char c : std::string("KQkq"))
        if (castling != "-" &&
            castling.find(static_cast<char>(std::isupper(static_cast<unsigned char>(c))
                                                ? std::tolower(static_cast<unsigned char>(c))
                                                : std::toupper(static_cast<unsigned char>(c)))) !=
                std::string::npos)
            cr += c;
    out += cr + " " + mirror_square_list(ep) + " " + half + " " + full;
    return out;
}

// A deterministic random game of `plies` legal moves from pos (stops at mate/stalemate).
inline void random_walk(Position& pos, int plies, std::mt19937& rng) {
    for (int i = 0; i < plies; ++i) {
        auto moves = legal_moves(pos);
        if (moves.empty()) return;
        pos.make_move(moves[rng() % moves.size()]);
    }
}

}  // namespace ck::rules::test
