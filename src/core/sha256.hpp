#pragma once
// SHA-256 (FIPS 180-4). Self-contained: no OpenSSL. Used for reply-address tokens (via HMAC)
// and synthetic Message-IDs; not for passwords.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ck::core {

using Sha256Digest = std::array<std::uint8_t, 32>;

// Incremental hasher: update() any number of times, then digest() once.
class Sha256 {
public:
    Sha256();
    void update(std::string_view data);
    void update(const std::uint8_t* data, std::size_t size);
    // Pads (FIPS 180-4 5.1.1) and returns the hash; the object must not be updated afterwards.
    Sha256Digest digest();

private:
    void compress(const std::uint8_t* block);
    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> buffer_{};
    std::size_t buffered_ = 0;
    std::uint64_t total_bytes_ = 0;
};

Sha256Digest sha256(std::string_view data);
// Lower-case hex of a byte sequence (64 characters for a digest).
std::string to_hex(const std::uint8_t* data, std::size_t size);
std::string to_hex(const Sha256Digest& digest);
std::string sha256_hex(std::string_view data);

}  // namespace ck::core
