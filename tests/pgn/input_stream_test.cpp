// pgn::InputStream (input_stream.hpp): compressed input decodes to the plain bytes whatever the
// format, frame count and read sizes; every truncation of a compressed input is reported (never a
// silently shorter text); corrupt input is reported with its position.
#include <zlib.h>
#include <zstd.h>

#include <catch2/catch.hpp>
#include <string>

#include "pgn/input_stream.hpp"

using namespace ck::pgn;

namespace {

// With a content checksum, as the zstd tool writes by default (without one, zstd cannot see
// every corruption).
std::string zstd_frame(const std::string& text) {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
    out.resize(ZSTD_compress2(cctx, out.data(), out.size(), text.data(), text.size()));
    ZSTD_freeCCtx(cctx);
    return out;
}

std::string gzip_member(const std::string& text) {
    z_stream z{};
    REQUIRE(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string out(deflateBound(&z, text.size()) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

struct Read {
    std::string text, error;
    bool bad = false;
    Compression compression = Compression::None;
};

// Reads all of `bytes` in pieces of `piece` bytes.
Read read_all(const std::string& bytes, std::size_t piece = 4096) {
    auto in = InputStream::from_memory(bytes);
    Read r;
    std::string buf(piece, '\0');
    for (;;) {
        in->stream().read(buf.data(), static_cast<std::streamsize>(buf.size()));
        r.text.append(buf.data(), static_cast<std::size_t>(in->stream().gcount()));
        if (!in->stream()) break;
    }
    r.bad = in->stream().bad();
    r.error = in->error();
    r.compression = in->compression();
    return r;
}

std::string sample_text() {
    std::string text;
    for (int i = 0; i < 3000; ++i)
        text += "[Event \"game " + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    return text;
}

}  // namespace

TEST_CASE("input stream: plain bytes pass unchanged, whatever the read size", "[pgn][input]") {
    std::string text = sample_text();
    for (std::size_t piece : {1u, 7u, 4096u, 1u << 20}) {
        auto r = read_all(text, piece);
        CHECK(r.text == text);
        CHECK_FALSE(r.bad);
        CHECK(r.compression == Compression::None);
    }
    CHECK(read_all("").text.empty());
    CHECK(read_all("BZ").text == "BZ");  // shorter than any magic
}

TEST_CASE("input stream: multi-frame zstd and multi-member gzip", "[pgn][input]") {
    std::string a = sample_text(), b = "[Event \"last\"]\n\n1. d4 *\n";
    auto z = read_all(zstd_frame(a) + zstd_frame("") + zstd_frame(b), 999);
    CHECK(z.compression == Compression::Zstd);
    CHECK_FALSE(z.bad);
    CHECK(z.text == a + b);
    auto g = read_all(gzip_member(a) + gzip_member(b), 999);
    CHECK(g.compression == Compression::Gzip);
    CHECK_FALSE(g.bad);
    CHECK(g.text == a + b);
}

TEST_CASE("input stream: every truncation is an error, never a shorter text", "[pgn][input]") {
    std::string text = sample_text().substr(0, 20000);
    for (const auto& whole : {zstd_frame(text), gzip_member(text)}) {
        // From the first cut that keeps the magic bytes (shorter, it is not compressed input).
        for (std::size_t cut = 4; cut < whole.size(); cut += (cut < 64 ? 1 : 97)) {
            INFO("cut at " << cut << " of " << whole.size());
            auto r = read_all(whole.substr(0, cut));
            REQUIRE(r.bad);
            CHECK(r.error.find("truncated") != std::string::npos);
            CHECK(r.error.find("compressed byte " + std::to_string(cut)) != std::string::npos);
            CHECK(text.compare(0, r.text.size(), r.text) == 0);  // a prefix of the text
        }
    }
}

TEST_CASE("input stream: corrupt data and trailing garbage are errors", "[pgn][input]") {
    std::string text = sample_text();
    std::string z = zstd_frame(text);
    z[z.size() / 2] = static_cast<char>(z[z.size() / 2] ^ 0x55);
    auto r = read_all(z);
    CHECK(r.bad);
    CHECK(r.error.rfind("corrupt zstd data at compressed byte ", 0) == 0);
    auto g = read_all(gzip_member(text) + "garbage!");
    CHECK(g.bad);
    CHECK(g.error.rfind("corrupt gzip data", 0) == 0);
    CHECK(g.text == text);  // what came before the garbage was delivered
}
