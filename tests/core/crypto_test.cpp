// SHA-256 against the FIPS 180-2/NIST example vectors, HMAC-SHA256 against RFC 4231.
#include <catch2/catch.hpp>
#include <string>

#include "core/crypto.hpp"

using ck::core::hmac_sha256_hex;
using ck::core::sha256_hex;

TEST_CASE("sha256: NIST example vectors", "[sha256]") {
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(sha256_hex(
              "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
              "klmnopqrlmnopqrsmnopqrstnopqrstu") ==
          "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    CHECK(sha256_hex(std::string(1000000, 'a')) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: incremental updates equal one update, across block edges", "[sha256]") {
    const std::string text(1000, 'x');
    for (std::size_t chunk : {1u, 3u, 55u, 56u, 63u, 64u, 65u, 127u}) {
        ck::core::Sha256 h;
        for (std::size_t i = 0; i < text.size(); i += chunk) h.update(text.substr(i, chunk));
        CHECK(ck::core::to_hex(h.digest()) == sha256_hex(text));
    }
    // Lengths around the padding boundary differ from each other.
    CHECK(sha256_hex(std::string(55, 'a')) != sha256_hex(std::string(56, 'a')));
}

TEST_CASE("hmac-sha256: RFC 4231 test cases 1-4, 6, 7", "[hmac]") {
    CHECK(hmac_sha256_hex(std::string(20, '\x0b'), "Hi There") ==
          "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    CHECK(hmac_sha256_hex("Jefe", "what do ya want for nothing?") ==
          "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    CHECK(hmac_sha256_hex(std::string(20, '\xaa'), std::string(50, '\xdd')) ==
          "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
    std::string key4;
    for (int i = 1; i <= 25; ++i) key4.push_back(static_cast<char>(i));
    CHECK(hmac_sha256_hex(key4, std::string(50, '\xcd')) ==
          "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
    const std::string big_key(131, '\xaa');
    CHECK(hmac_sha256_hex(big_key, "Test Using Larger Than Block-Size Key - Hash Key First") ==
          "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    CHECK(hmac_sha256_hex(big_key,
                          "This is a test using a larger than block-size key and a larger than "
                          "block-size data. The key needs to be hashed before being used by the "
                          "HMAC algorithm.") ==
          "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
}

TEST_CASE("constant_time_equal compares content and length", "[hmac]") {
    CHECK(ck::core::constant_time_equal("abc", "abc"));
    CHECK_FALSE(ck::core::constant_time_equal("abc", "abd"));
    CHECK_FALSE(ck::core::constant_time_equal("abc", "ab"));
    CHECK(ck::core::constant_time_equal("", ""));
}
