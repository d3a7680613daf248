#pragma once
// A game as data: tags, start position, moves with NAGs, comments and variations. Built from PGN
// text by read_game (every move replayed and checked with the rules engine) and written back by
// write_game (writer.hpp).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/move.hpp"
#include "rules/variant.hpp"

namespace ck::pgn {

struct MoveNode {
    rules::Move move;
    std::vector<std::string> comments_before;  // only on the first move of a line
    std::vector<int> nags;
    std::vector<std::string> comments;  // after the move
    // Alternatives to this move: each starts from the position before it.
    std::vector<std::vector<MoveNode>> variations;
};

struct GameRecord {
    // Tags in input order, Variant/SetUp/FEN included as read.
    std::vector<std::pair<std::string, std::string>> tags;
    const rules::Variant* variant = nullptr;  // nullptr = chess
    std::string fen;                          // empty = the variant's standard start
    std::vector<MoveNode> moves;              // the main line
    std::string result = "*";                 // termination marker (Result tag if none)

    const std::string* tag(std::string_view name) const;
};

// Reads the single game in `text` (as cut by GameSplitter). nullopt with *error set when the
// game is not valid (validator.hpp's reason) or the text holds no game.
std::optional<GameRecord> read_game(std::string_view text, int first_line = 1,
                                    std::string* error = nullptr);

}  // namespace ck::pgn
