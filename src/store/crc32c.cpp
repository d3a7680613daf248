#include "store/crc32c.hpp"

#include <array>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <nmmintrin.h>
#define CK_CRC32C_SSE42 1
#endif

namespace ck::store {
namespace {

// The reflected polynomial 0x1EDC6F41: table k holds the step of one byte followed by k zero
// bytes, so that eight bytes are folded with eight lookups ("slicing by 8").
using Tables = std::array<std::array<std::uint32_t, 256>, 8>;
Tables make_tables() {
    Tables t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
        t[0][i] = c;
    }
    for (std::uint32_t i = 0; i < 256; ++i)
        for (std::size_t k = 1; k < 8; ++k) t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xFF];
    return t;
}

const Tables& tables() {
    static const Tables t = make_tables();
    return t;
}

std::uint64_t load_le64(const char* p) {
    unsigned char b[8];
    std::memcpy(b, p, 8);
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | b[i];
    return v;
}

#ifdef CK_CRC32C_SSE42
// The same CRC with the SSE 4.2 crc32 instruction (x86-64 since 2008), chosen at run time.
__attribute__((target("sse4.2"))) std::uint32_t crc32c_sse42(std::uint32_t crc,
                                                             std::string_view bytes) {
    std::uint64_t c = ~crc;
    const char* p = bytes.data();
    std::size_t n = bytes.size();
    for (; n >= 8; p += 8, n -= 8) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);  // x86 is little-endian
        c = _mm_crc32_u64(c, v);
    }
    auto c32 = static_cast<std::uint32_t>(c);
    for (; n > 0; ++p, --n) c32 = _mm_crc32_u8(c32, static_cast<unsigned char>(*p));
    return ~c32;
}

bool has_sse42() {
    static const bool yes = __builtin_cpu_supports("sse4.2");
    return yes;
}
#endif

}  // namespace

std::uint32_t crc32c_portable(std::uint32_t crc, std::string_view bytes) {
    const Tables& t = tables();
    std::uint32_t c = ~crc;
    const char* p = bytes.data();
    std::size_t n = bytes.size();
    for (; n >= 8; p += 8, n -= 8) {
        const std::uint64_t v = load_le64(p) ^ c;
        c = t[7][v & 0xFF] ^ t[6][(v >> 8) & 0xFF] ^ t[5][(v >> 16) & 0xFF] ^
            t[4][(v >> 24) & 0xFF] ^ t[3][(v >> 32) & 0xFF] ^ t[2][(v >> 40) & 0xFF] ^
            t[1][(v >> 48) & 0xFF] ^ t[0][v >> 56];
    }
    for (; n > 0; ++p, --n) c = t[0][(c ^ static_cast<unsigned char>(*p)) & 0xFF] ^ (c >> 8);
    return ~c;
}

std::uint32_t crc32c(std::uint32_t crc, std::string_view bytes) {
#ifdef CK_CRC32C_SSE42
    if (has_sse42()) return crc32c_sse42(crc, bytes);
#endif
    return crc32c_portable(crc, bytes);
}

}  // namespace ck::store
