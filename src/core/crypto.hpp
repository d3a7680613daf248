#pragma once
// Hashes, MACs and random bytes from OpenSSL's libcrypto (README "Building": libssl-dev):
// SHA-256 (FIPS 180-4) for the fairness commitments and digests, HMAC-SHA-256 (RFC 2104) for
// the reply-address tokens, and the generator of the per-game salts and the server secret.
// libcrypto's errors cannot happen for these calls short of memory exhaustion; they abort.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace ck::core {

using Sha256Digest = std::array<std::uint8_t, 32>;

// An incremental SHA-256.
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(Sha256&&) noexcept;
    Sha256& operator=(Sha256&&) noexcept;
    void update(std::string_view data);
    void update(const std::uint8_t* data, std::size_t size);
    // The hash; the object must not be updated afterwards.
    Sha256Digest digest();

private:
    struct Context;
    std::unique_ptr<Context> ctx_;
};

Sha256Digest sha256(std::string_view data);
std::string to_hex(const std::uint8_t* data, std::size_t size);  // lower-case
std::string to_hex(const Sha256Digest& digest);
std::string sha256_hex(std::string_view data);

Sha256Digest hmac_sha256(std::string_view key, std::string_view message);
std::string hmac_sha256_hex(std::string_view key, std::string_view message);

// Equal content and length, in a time that does not depend on where they differ.
bool constant_time_equal(std::string_view a, std::string_view b);

// `n` bytes of libcrypto's cryptographically secure generator, as lower-case hex.
std::string random_hex(std::size_t n);

}  // namespace ck::core
