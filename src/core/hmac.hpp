#pragma once
// HMAC-SHA256 (RFC 2104 with SHA-256, test vectors RFC 4231). Keys longer than the 64-byte
// block are hashed first, as RFC 2104 section 2 says.
#include <string>
#include <string_view>

#include "core/sha256.hpp"

namespace ck::core {

Sha256Digest hmac_sha256(std::string_view key, std::string_view message);
std::string hmac_sha256_hex(std::string_view key, std::string_view message);

// Compares two strings in time that depends only on their lengths (not on where they differ),
// for checking MACs and tokens.
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace ck::core
