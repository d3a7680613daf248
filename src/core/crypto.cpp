#include "core/crypto.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <cstdlib>
#include <vector>

namespace ck::core {
namespace {

[[noreturn]] void crypto_failure() { std::abort(); }  // out of memory inside libcrypto

}  // namespace

struct Sha256::Context {
    EVP_MD_CTX* md = nullptr;
    ~Context() { EVP_MD_CTX_free(md); }
};

Sha256::Sha256() : ctx_(std::make_unique<Context>()) {
    ctx_->md = EVP_MD_CTX_new();
    if (!ctx_->md || EVP_DigestInit_ex(ctx_->md, EVP_sha256(), nullptr) != 1) crypto_failure();
}

Sha256::~Sha256() = default;
Sha256::Sha256(Sha256&&) noexcept = default;
Sha256& Sha256::operator=(Sha256&&) noexcept = default;

void Sha256::update(std::string_view data) {
    update(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
}

void Sha256::update(const std::uint8_t* data, std::size_t size) {
    if (EVP_DigestUpdate(ctx_->md, data, size) != 1) crypto_failure();
}

Sha256Digest Sha256::digest() {
    Sha256Digest out{};
    unsigned int len = 0;
    if (EVP_DigestFinal_ex(ctx_->md, out.data(), &len) != 1 || len != out.size()) crypto_failure();
    return out;
}

Sha256Digest sha256(std::string_view data) {
    Sha256 h;
    h.update(data);
    return h.digest();
}

std::string to_hex(const std::uint8_t* data, std::size_t size) {
    static constexpr char Hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(size * 2);
    for (std::size_t i = 0; i < size; ++i) {
        out += Hex[data[i] >> 4];
        out += Hex[data[i] & 15];
    }
    return out;
}

std::string to_hex(const Sha256Digest& digest) { return to_hex(digest.data(), digest.size()); }

std::string sha256_hex(std::string_view data) { return to_hex(sha256(data)); }

Sha256Digest hmac_sha256(std::string_view key, std::string_view message) {
    Sha256Digest out{};
    unsigned int len = 0;
    if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
              reinterpret_cast<const unsigned char*>(message.data()), message.size(), out.data(),
              &len) ||
        len != out.size())
        crypto_failure();
    return out;
}

std::string hmac_sha256_hex(std::string_view key, std::string_view message) {
    return to_hex(hmac_sha256(key, message));
}

bool constant_time_equal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    return a.empty() || CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string random_hex(std::size_t n) {
    std::vector<unsigned char> bytes(n);
    if (n > 0 && RAND_bytes(bytes.data(), static_cast<int>(n)) != 1) crypto_failure();
    return to_hex(bytes.data(), bytes.size());
}

}  // namespace ck::core
