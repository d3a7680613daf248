#pragma once
// A PGN input as a stream (README "Validating databases"): a path ('-' = standard input) or a
// byte buffer, read sequentially to its end whatever it is (regular file, FIFO, /dev/stdin, a
// process substitution, a character device): no size, no seek, no mapping. Compressed input
// (decoder.hpp) is recognised by its magic bytes and decoded on the fly with fixed buffers, so
// memory stays flat. A read error, corrupt compressed data or compressed data that stops
// mid-frame sets the stream's badbit (GameSplitter then reports a read error and drops the
// unfinished game) and error() says what and where.
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/decoder.hpp"

namespace ck::pgn {

class InputStream {
public:
    // Opens `path` ('-' = standard input); nullptr and a message in *error when it cannot be
    // opened.
    static std::unique_ptr<InputStream> open(const std::string& path, std::string* error);
    // Reads `bytes` (which must outlive the stream); used by the fuzzer and tests.
    static std::unique_ptr<InputStream> from_memory(std::string_view bytes);
    ~InputStream();
    InputStream(const InputStream&) = delete;
    InputStream& operator=(const InputStream&) = delete;

    std::istream& stream() { return stream_; }
    // Known after the first read (None until then).
    Compression compression() const;
    // Empty until the input failed; then e.g. "truncated zstd data: the input ends inside a
    // frame at compressed byte 1234" or "corrupt gzip data at compressed byte 567 (invalid
    // distance too far back)".
    const std::string& error() const;
    // Decoded bytes delivered so far.
    std::uint64_t bytes_read() const;
    // Size of a regular file as stored (for progress); nullopt for anything else.
    std::optional<std::uint64_t> regular_size() const { return regular_size_; }

private:
    class Buffer;
    explicit InputStream(std::unique_ptr<Buffer> buffer);
    std::unique_ptr<Buffer> buffer_;
    std::istream stream_;
    std::optional<std::uint64_t> regular_size_;
};

}  // namespace ck::pgn
