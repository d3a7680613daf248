#pragma once
// Validates every game of a stream on several threads with flat memory (`crazykrieg validate`,
// docs/pgn.md). One reader thread cuts the stream into games (GameSplitter) and packs
// them into batches of raw text; worker threads validate batches; the calling thread receives the
// verdicts strictly in input order. At most a fixed number of batches are in flight, so memory
// does not grow with the input.
#include <cstdint>
#include <functional>
#include <istream>
#include <string_view>

#include "pgn/validator.hpp"

namespace ck::pgn {

struct BatchOptions {
    int jobs = 1;        // worker threads; 1 = everything on the calling thread
    int first_line = 1;  // line number of the stream's first line (a block of a larger file)
    ValidateOptions validate;
};

struct BatchStats {
    std::uint64_t games = 0, valid = 0, invalid = 0;
    bool read_error = false;  // the stream failed (not merely ended)
};

// on_game(game_number, verdict, text) runs on the calling thread, in input order; game numbers
// count from 1 in this stream; text is the game's original text as cut by GameSplitter (valid
// during the call).
using GameCallback = std::function<void(int, const GameVerdict&, std::string_view)>;
BatchStats validate_stream(std::istream& in, const BatchOptions& options,
                           const GameCallback& on_game);

}  // namespace ck::pgn
