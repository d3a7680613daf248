#include "store/crc32c.hpp"

#include <array>

namespace ck::store {
namespace {

// The reflected polynomial 0x1EDC6F41, a table of one byte's step.
std::array<std::uint32_t, 256> make_table() {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
        t[i] = c;
    }
    return t;
}

}  // namespace

std::uint32_t crc32c(std::uint32_t crc, std::string_view bytes) {
    static const std::array<std::uint32_t, 256> table = make_table();
    std::uint32_t c = ~crc;
    for (const char ch : bytes) c = table[(c ^ static_cast<unsigned char>(ch)) & 0xFF] ^ (c >> 8);
    return ~c;
}

}  // namespace ck::store
