// The four streaming decoders (contract in decoder.hpp).
#include "pgn/decoder.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <stdexcept>

namespace ck::pgn {
namespace {

struct Magic {
    Compression compression;
    std::string_view bytes;
};
// zstd frames (RFC 8878 3.1.1) and skippable frames (0x184D2A5?), gzip (RFC 1952), bzip2
// ("BZh" and a block size digit), xz (.xz file format 2.1.1.1).
constexpr Magic Magics[] = {
    {Compression::Zstd, std::string_view("\x28\xB5\x2F\xFD", 4)},
    {Compression::Gzip, std::string_view("\x1F\x8B", 2)},
    {Compression::Bzip2, std::string_view("BZh", 3)},
    {Compression::Xz, std::string_view("\xFD"
                                       "7zXZ\x00",
                                       6)},
};

bool is_zstd_skippable(std::string_view head) {
    return head.size() >= 4 && (static_cast<unsigned char>(head[0]) & 0xF0) == 0x50 &&
           head.substr(1, 3) == std::string_view("\x2A\x4D\x18", 3);
}

class ZstdDecoder final : public Decoder {
public:
    ZstdDecoder() : ctx_(ZSTD_createDStream()) {
        if (!ctx_) throw std::bad_alloc();
    }
    ~ZstdDecoder() override { ZSTD_freeDStream(ctx_); }
    DecodeStep step(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                    bool) override {
        ZSTD_inBuffer ib{in, in_size, 0};
        ZSTD_outBuffer ob{out, out_size, 0};
        std::size_t r = ZSTD_decompressStream(ctx_, &ob, &ib);
        DecodeStep s{ib.pos, ob.pos, false};
        if (ZSTD_isError(r)) {
            s.failed = true;
            message_ = ZSTD_getErrorName(r);
            return s;
        }
        // 0: a frame is complete and flushed; the next byte may start another frame.
        if (ib.pos > 0 || ob.pos > 0) in_frame_ = r != 0;
        return s;
    }
    bool in_stream() const override { return in_frame_; }
    std::string message() const override { return message_; }

private:
    ZSTD_DStream* ctx_;
    bool in_frame_ = false;
    std::string message_;
};

class GzipDecoder final : public Decoder {
public:
    GzipDecoder() {
        if (inflateInit2(&z_, 16 + MAX_WBITS) != Z_OK) throw std::bad_alloc();
    }
    ~GzipDecoder() override { inflateEnd(&z_); }
    DecodeStep step(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                    bool) override {
        if (ended_ && in_size == 0) return {};
        if (ended_) {  // another member follows (gzip -c a b > c, pigz, bgzip)
            inflateReset(&z_);
            ended_ = false;
        }
        z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
        z_.avail_in = static_cast<uInt>(std::min<std::size_t>(in_size, 1u << 30));
        z_.next_out = reinterpret_cast<Bytef*>(out);
        z_.avail_out = static_cast<uInt>(std::min<std::size_t>(out_size, 1u << 30));
        uInt before_in = z_.avail_in, before_out = z_.avail_out;
        int r = inflate(&z_, Z_NO_FLUSH);
        DecodeStep s{before_in - z_.avail_in, before_out - z_.avail_out, false};
        if (s.consumed > 0) started_ = true;
        if (r == Z_STREAM_END) {
            ended_ = true;
            started_ = false;
        } else if (r != Z_OK && r != Z_BUF_ERROR) {
            s.failed = true;
            message_ = z_.msg ? z_.msg : "zlib error " + std::to_string(r);
        }
        return s;
    }
    bool in_stream() const override { return started_; }
    std::string message() const override { return message_; }

private:
    z_stream z_{};
    bool ended_ = false, started_ = false;
    std::string message_;
};

class Bzip2Decoder final : public Decoder {
public:
    Bzip2Decoder() { init(); }
    ~Bzip2Decoder() override { BZ2_bzDecompressEnd(&b_); }
    DecodeStep step(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                    bool) override {
        if (ended_ && in_size == 0) return {};
        if (ended_) {  // concatenated streams (pbzip2, lbzip2)
            BZ2_bzDecompressEnd(&b_);
            init();
        }
        b_.next_in = const_cast<char*>(in);
        b_.avail_in = static_cast<unsigned>(std::min<std::size_t>(in_size, 1u << 30));
        b_.next_out = out;
        b_.avail_out = static_cast<unsigned>(std::min<std::size_t>(out_size, 1u << 30));
        unsigned before_in = b_.avail_in, before_out = b_.avail_out;
        int r = BZ2_bzDecompress(&b_);
        DecodeStep s{before_in - b_.avail_in, before_out - b_.avail_out, false};
        if (s.consumed > 0) started_ = true;
        if (r == BZ_STREAM_END) {
            ended_ = true;
            started_ = false;
        } else if (r != BZ_OK) {
            s.failed = true;
            message_ = r == BZ_DATA_ERROR_MAGIC ? "not bzip2 data"
                       : r == BZ_DATA_ERROR     ? "bzip2 data integrity error"
                                                : "libbz2 error " + std::to_string(r);
        }
        return s;
    }
    bool in_stream() const override { return started_; }
    std::string message() const override { return message_; }

private:
    void init() {
        std::memset(&b_, 0, sizeof b_);
        if (BZ2_bzDecompressInit(&b_, 0, 0) != BZ_OK) throw std::bad_alloc();
        ended_ = false;
    }
    bz_stream b_{};
    bool ended_ = false, started_ = false;
    std::string message_;
};

class XzDecoder final : public Decoder {
    // xz -9e needs 65 MiB to decode; a header asking for far more is refused, not obeyed.
    static constexpr std::uint64_t MemoryLimit = std::uint64_t{512} << 20;

public:
    XzDecoder() {
        if (lzma_stream_decoder(&x_, MemoryLimit, LZMA_CONCATENATED) != LZMA_OK)
            throw std::bad_alloc();
    }
    ~XzDecoder() override { lzma_end(&x_); }
    DecodeStep step(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                    bool input_ended) override {
        x_.next_in = reinterpret_cast<const std::uint8_t*>(in);
        x_.avail_in = in_size;
        x_.next_out = reinterpret_cast<std::uint8_t*>(out);
        x_.avail_out = out_size;
        lzma_ret r = lzma_code(&x_, input_ended ? LZMA_FINISH : LZMA_RUN);
        DecodeStep s{in_size - x_.avail_in, out_size - x_.avail_out, false};
        if (r == LZMA_STREAM_END) {
            ended_ = true;
        } else if (r == LZMA_BUF_ERROR && input_ended) {
            truncated_ = true;  // LZMA_FINISH and no progress: the stream stops mid-block
        } else if (r != LZMA_OK && r != LZMA_BUF_ERROR) {
            s.failed = true;
            message_ = r == LZMA_DATA_ERROR       ? "xz data is corrupt"
                       : r == LZMA_FORMAT_ERROR   ? "not xz data"
                       : r == LZMA_MEM_ERROR      ? "out of memory"
                       : r == LZMA_MEMLIMIT_ERROR ? "needs more than 512 MiB to decode"
                                                  : "liblzma error " + std::to_string(r);
        }
        return s;
    }
    bool in_stream() const override { return truncated_ || !ended_; }
    std::string message() const override { return message_; }

private:
    lzma_stream x_ = LZMA_STREAM_INIT;
    bool ended_ = false, truncated_ = false;
    std::string message_;
};

}  // namespace

std::string_view compression_name(Compression c) {
    switch (c) {
        case Compression::None:
            return "plain";
        case Compression::Zstd:
            return "zstd";
        case Compression::Gzip:
            return "gzip";
        case Compression::Bzip2:
            return "bzip2";
        case Compression::Xz:
            return "xz";
    }
    return "?";
}

Compression detect_compression(std::string_view head) {
    if (is_zstd_skippable(head)) return Compression::Zstd;
    for (const auto& m : Magics)
        if (head.size() >= m.bytes.size() && head.substr(0, m.bytes.size()) == m.bytes)
            return m.compression;
    return Compression::None;
}

std::unique_ptr<Decoder> make_decoder(Compression c) {
    switch (c) {
        case Compression::Zstd:
            return std::make_unique<ZstdDecoder>();
        case Compression::Gzip:
            return std::make_unique<GzipDecoder>();
        case Compression::Bzip2:
            return std::make_unique<Bzip2Decoder>();
        case Compression::Xz:
            return std::make_unique<XzDecoder>();
        case Compression::None:
            break;
    }
    return nullptr;
}

}  // namespace ck::pgn
