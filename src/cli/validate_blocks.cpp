// `validate --split-blocks` (contract in validate_blocks.hpp).
#include "cli/validate_blocks.hpp"

#include <cstdio>
#include <iostream>

#include "cli/command.hpp"
#include "pgn/input_stream.hpp"
#include "pgn/reader.hpp"

namespace ck::cli {
namespace {

// Counts nothing: parse_game's return value alone says whether a text holds a game (it is what
// makes validate_game number a text as a game or skip it).
struct NoVisitor : pgn::Visitor {};

bool write_all(const std::string& s) {
    return std::fwrite(s.data(), 1, s.size(), stdout) == s.size();
}

}  // namespace

int split_blocks(const std::string& file, std::size_t block_bytes) {
    std::string error;
    auto input = pgn::InputStream::open(file, &error);
    if (!input) return usage_error("validate", "cannot read " + file + ": " + error);
    pgn::GameSplitter splitter(input->stream());
    NoVisitor none;
    std::string block;
    std::uint64_t games = 0, block_first_game = 1;
    int block_first_line = 1;
    bool ok = true;
    auto flush = [&] {
        if (block.empty()) return;
        ok = ok &&
             write_all("block " + std::to_string(block_first_game) + ' ' +
                       std::to_string(block_first_line) + ' ' + std::to_string(block.size()) +
                       '\n') &&
             write_all(block);
        block.clear();
    };
    while (auto g = splitter.next()) {
        if (block.empty()) {
            block_first_game = games + 1;
            block_first_line = g->first_line;
        }
        if (pgn::parse_game(g->text, g->first_line, none)) ++games;
        block.append(g->text);
        if (block.size() >= block_bytes) flush();
    }
    flush();  // whole games, also before a read error (validate prints their verdicts too)
    if (splitter.read_error())
        return usage_error("validate",
                           file + ": " + (input->error().empty() ? "read error" : input->error()));
    if (games == 0 && input->bytes_read() > 0)
        return usage_error("validate", file + ": no PGN game in " +
                                           std::to_string(input->bytes_read()) + " bytes of input");
    if (!ok || std::fflush(stdout) != 0) return usage_error("validate", "cannot write blocks");
    return ExitOk;
}

}  // namespace ck::cli
