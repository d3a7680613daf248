#pragma once
// `crazykrieg validate --split-blocks BYTES FILE`: the cutting half of scripts/validate-dask.py
// (README "Validating databases"). Reads FILE (any stream, compressed or not) and writes to stdout
// blocks of whole games of about BYTES decoded bytes each, cut where `validate` itself cuts games
// (GameSplitter), each preceded by the header line "block FIRST_GAME FIRST_LINE SIZE\n": the
// number of its first game in the file, the file line of its first byte and its size in bytes.
// A worker then validates the block with `validate --first-game N --first-line L --label FILE
// --block-summary -` and prints exactly the lines the whole file would have given.
// Exit 0, or 2 with a message for unreadable, corrupt or truncated input or input with no game.
#include <cstddef>
#include <string>

namespace ck::cli {

int split_blocks(const std::string& file, std::size_t block_bytes);

}  // namespace ck::cli
