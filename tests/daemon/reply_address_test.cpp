// Reply addresses: referee+<game>.<w|b>.<TOKEN>@domain (docs/mail-protocol.md "Addresses and
// threads").
#include <catch2/catch.hpp>
#include <string>

#include "core/crypto.hpp"
#include "daemon/reply_address.hpp"

using ck::daemon::build_reply_address;
using ck::daemon::parse_reply_address;
using ck::daemon::ReplyAddressError;
using ck::rules::Color;

namespace {
const std::string Referee = "referee@club.example";
const std::string Secret = "s3cret-of-the-club";
}  // namespace

TEST_CASE("reply address: token is the first 16 hex of HMAC-SHA256(secret, game.colour)",
          "[reply_address]") {
    const auto built = build_reply_address(Referee, "42", Color::White, Secret);
    REQUIRE(built);
    const std::string token = ck::core::hmac_sha256_hex(Secret, "42.w").substr(0, 16);
    CHECK(*built == "referee+42.w." + token + "@club.example");
    const auto black = build_reply_address(Referee, "42", Color::Black, Secret);
    REQUIRE(black);
    CHECK(*black != *built);
}

TEST_CASE("reply address: round trip, also lower- and upper-cased by an MTA", "[reply_address]") {
    for (Color c : {Color::White, Color::Black}) {
        const auto built = build_reply_address(Referee, "game-7", c, Secret);
        REQUIRE(built);
        std::string upper = *built;
        for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        for (const std::string& address : {*built, upper}) {
            const auto parsed = parse_reply_address(address, "Referee@Club.Example", Secret);
            REQUIRE(parsed);
            CHECK(parsed->game == "game-7");
            CHECK(parsed->colour == c);
        }
    }
}

TEST_CASE("reply address: wrong token, other colour's token, other secret are rejected",
          "[reply_address]") {
    const auto white = build_reply_address(Referee, "42", Color::White, Secret);
    REQUIRE(white);
    const std::string white_token = white->substr(white->find(".w.") + 3, 16);

    // Flip one hex digit of the token.
    std::string flipped = *white;
    const auto pos = flipped.find('@') - 1;
    flipped[pos] = flipped[pos] == '0' ? '1' : '0';
    auto r = parse_reply_address(flipped, Referee, Secret);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == ReplyAddressError::Code::TokenMismatch);

    // White's token with the colour letter changed to b.
    r = parse_reply_address("referee+42.b." + white_token + "@club.example", Referee, Secret);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == ReplyAddressError::Code::TokenMismatch);

    // The same token for another game.
    r = parse_reply_address("referee+43.w." + white_token + "@club.example", Referee, Secret);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == ReplyAddressError::Code::TokenMismatch);

    r = parse_reply_address(*white, Referee, "another secret");
    REQUIRE_FALSE(r);
    CHECK(r.error().code == ReplyAddressError::Code::TokenMismatch);
}

TEST_CASE("reply address: malformed and foreign addresses", "[reply_address]") {
    using Code = ReplyAddressError::Code;
    const auto code_of = [](const std::string& a) {
        auto r = parse_reply_address(a, Referee, Secret);
        REQUIRE_FALSE(r);
        return r.error().code;
    };
    CHECK(code_of("referee@club.example") == Code::NotReferee);
    CHECK(code_of("referee+42.w.0123456789abcdef@other.example") == Code::NotReferee);
    CHECK(code_of("refereex+42.w.0123456789abcdef@club.example") == Code::NotReferee);
    CHECK(code_of("alice@club.example") == Code::NotReferee);
    CHECK(code_of("no-at-sign") == Code::NotReferee);
    CHECK(code_of("referee+42.x.0123456789abcdef@club.example") == Code::Malformed);
    CHECK(code_of("referee+42.w.0123456789abcde@club.example") == Code::Malformed);
    CHECK(code_of("referee+42.w.0123456789abcdefg@club.example") == Code::Malformed);
    CHECK(code_of("referee+42.w.0123456789abcdeg@club.example") == Code::Malformed);
    CHECK(code_of("referee+.w.0123456789abcdef@club.example") == Code::Malformed);
    CHECK(code_of("referee+42w0123456789abcdef@club.example") == Code::Malformed);
    CHECK(code_of("referee+@club.example") == Code::NotReferee);
}

TEST_CASE("reply address: build refuses ids and referee addresses that cannot round-trip",
          "[reply_address]") {
    using Code = ReplyAddressError::Code;
    auto r = build_reply_address(Referee, "Game42", Color::White, Secret);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == Code::BadGameId);
    r = build_reply_address(Referee, "4.2", Color::White, Secret);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == Code::BadGameId);
    r = build_reply_address(Referee, "", Color::White, Secret);
    REQUIRE_FALSE(r);
    r = build_reply_address("referee", "42", Color::White, Secret);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == Code::BadReferee);
}
