#pragma once
// Tags shared by referee and player records (referee_record.hpp): writing the tag section from a
// GameSetup and reading a GameSetup back from the tags.
#include <string>
#include <utility>
#include <vector>

#include "referee/game.hpp"

namespace ck::pgn::record {

using TagList = std::vector<std::pair<std::string, std::string>>;

// The tag section (with its blank line after): roster (given values or "?"), Result, Variant
// (not for chess), Kriegspiel (hidden), SetUp/FEN, then the other given tags in order.
std::string write_tags(const TagList& given, const referee::GameSetup& setup,
                       const std::string& result);

// The setup named by Variant, Kriegspiel, SetUp/FEN; false with *error when a tag is unknown.
bool setup_from_tags(const TagList& tags, referee::GameSetup& out, std::string* error);

// Move number and side to move at the start (from the FEN's fields, else 1 and White).
void start_of(const referee::GameSetup& setup, int& move_number, bool& white_to_move);

}  // namespace ck::pgn::record
