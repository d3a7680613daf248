// libFuzzer target: the input is a PGN file, plain or compressed (zstd, gzip, bzip2, xz: it is
// read through pgn::InputStream as `crazykrieg validate` reads it). Contract checked (docs/pgn.md):
//  - the decoders never crash, whatever the bytes after a compression magic;
//  - the streaming reader and the validator never crash: GameSplitter cuts the input into games
//    and each goes through validate_game and read_game (what validate_stream runs per game, on
//    this thread: validate_stream itself starts threads even for jobs = 1);
//  - the cut does not depend on the chunk size: a 7-byte chunk gives the same games (same text,
//    same first line) as the default 1 MB chunk;
//  - an invalid verdict always names its defect (non-empty reason);
//  - a game read_game accepts, written with to_pgn and read back, gives the same moves,
//    variations included, and the same variant and start FEN.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/game.hpp"
#include "pgn/input_stream.hpp"
#include "pgn/reader.hpp"
#include "pgn/validator.hpp"
#include "pgn/writer.hpp"

using namespace ck::pgn;

namespace {

[[noreturn]] void fail(std::string_view game, const std::string& written, const char* what) {
    // fwrite, not %s: the text may hold NUL bytes.
    std::fprintf(stderr, "fuzz_pgn: %s\n--- game ---\n", what);
    std::fwrite(game.data(), 1, game.size(), stderr);
    std::fprintf(stderr, "\n--- written ---\n");
    std::fwrite(written.data(), 1, written.size(), stderr);
    std::fprintf(stderr, "\n--- end ---\n");
    std::abort();
}

// Same moves along every line, variations included.
bool same_moves(const std::vector<MoveNode>& a, const std::vector<MoveNode>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].move != b[i].move) return false;
        if (a[i].variations.size() != b[i].variations.size()) return false;
        for (std::size_t v = 0; v < a[i].variations.size(); ++v)
            if (!same_moves(a[i].variations[v], b[i].variations[v])) return false;
    }
    return true;
}

void check_game(const GameText& game) {
    auto verdict = validate_game(game.text, game.first_line);
    if (verdict && !verdict->valid && verdict->error.empty())
        fail(game.text, "", "invalid verdict without a reason");

    std::string error;
    auto record = read_game(game.text, game.first_line, &error);
    if (!record) return;
    std::string written = to_pgn(*record);
    std::string error2;
    auto back = read_game(written, 1, &error2);
    if (!back) fail(game.text, written, ("written game does not read back: " + error2).c_str());
    if (back->variant != record->variant) fail(game.text, written, "variant changed");
    if (back->fen != record->fen) fail(game.text, written, "start FEN changed");
    if (!same_moves(record->moves, back->moves)) fail(game.text, written, "moves changed");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string input(reinterpret_cast<const char*>(data), size);
    auto in = InputStream::from_memory(input), in_small = InputStream::from_memory(input);
    GameSplitter splitter(in->stream()), small(in_small->stream(), 7);
    for (;;) {
        auto game = splitter.next();
        std::optional<std::string> small_text;
        int small_line = 0;
        if (auto g = small.next()) {
            small_text = std::string(g->text);
            small_line = g->first_line;
        }
        if (game.has_value() != small_text.has_value() ||
            (game && (game->text != *small_text || game->first_line != small_line)))
            fail(input, small_text.value_or("(none)"), "cut differs with a 7-byte chunk");
        if (!game) break;
        check_game(*game);
    }
    if (splitter.read_error() != small.read_error() || in->error() != in_small->error())
        fail(input, in->error() + " / " + in_small->error(),
             "decoding differs with a 7-byte chunk");
    if (splitter.read_error() && in->error().empty())
        fail(input, "", "a read error without a message");
    return 0;
}
