#pragma once
// Streaming decoders for compressed PGN (README "Validating databases"): zstd (multi-frame),
// gzip (concatenated members), bzip2 (concatenated streams) and xz (concatenated streams), each
// from its Debian library. The format is recognised by its magic bytes, never by a file name.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace ck::pgn {

enum class Compression : std::uint8_t { None, Zstd, Gzip, Bzip2, Xz };

// "zstd", "gzip", "bzip2", "xz" ("plain" for None).
std::string_view compression_name(Compression c);

// The format whose magic bytes start `head` (None when no magic matches). Needs 6 bytes to tell
// all formats apart; a shorter head (a short file) is matched on what it holds.
Compression detect_compression(std::string_view head);

// One step of decoding: how much of the input was used and of the output filled.
struct DecodeStep {
    std::size_t consumed = 0, produced = 0;
    bool failed = false;  // corrupt data: message() says what the library reported
};

class Decoder {
public:
    virtual ~Decoder() = default;
    // Decodes from in into out. `input_ended`: no byte will follow `in` (lets xz finish).
    virtual DecodeStep step(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                            bool input_ended) = 0;
    // True while a frame, member or stream has begun and not yet ended: input that stops here
    // is truncated.
    virtual bool in_stream() const = 0;
    virtual std::string message() const = 0;
};

// A decoder for c (not None).
std::unique_ptr<Decoder> make_decoder(Compression c);

}  // namespace ck::pgn
