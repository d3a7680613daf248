#include "core/hmac.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace ck::core {

Sha256Digest hmac_sha256(std::string_view key, std::string_view message) {
    // RFC 2104 section 2: K padded to B = 64 bytes (hashed first if longer);
    // H(K ^ opad, H(K ^ ipad, text)).
    std::array<std::uint8_t, 64> block{};
    if (key.size() > block.size()) {
        const Sha256Digest hashed = sha256(key);
        std::copy(hashed.begin(), hashed.end(), block.begin());
    } else {
        for (std::size_t i = 0; i < key.size(); ++i) block[i] = static_cast<std::uint8_t>(key[i]);
    }
    std::array<std::uint8_t, 64> ipad{}, opad{};
    for (std::size_t i = 0; i < block.size(); ++i) {
        ipad[i] = block[i] ^ 0x36;
        opad[i] = block[i] ^ 0x5c;
    }
    Sha256 inner;
    inner.update(ipad.data(), ipad.size());
    inner.update(message);
    const Sha256Digest inner_digest = inner.digest();
    Sha256 outer;
    outer.update(opad.data(), opad.size());
    outer.update(inner_digest.data(), inner_digest.size());
    return outer.digest();
}

std::string hmac_sha256_hex(std::string_view key, std::string_view message) {
    return to_hex(hmac_sha256(key, message));
}

bool constant_time_equal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        diff |= static_cast<unsigned>(static_cast<unsigned char>(a[i]) ^
                                      static_cast<unsigned char>(b[i]));
    }
    return diff == 0;
}

}  // namespace ck::core
