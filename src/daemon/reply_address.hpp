#pragma once
// Per-game, per-player reply addresses (docs/mail-protocol.md "Addresses and threads"):
//   <local>+<game>.<w|b>.<TOKEN>@<domain>    e.g. referee+42.w.3f1c0a9e5b7d2c41@club.example
// where <local>@<domain> is the club's referee address and
//   TOKEN = the first 16 lower-case hex characters (64 bits) of
//           HMAC-SHA256(server secret, "<game>.<w|b>").
// Hex rather than base32 because it survives MTAs that lower-case local parts unchanged.
// Game ids in addresses are limited to lower-case ASCII letters, digits and '-' for the same
// reason (and so '.' and '+' stay separators).
#include <cstdint>
#include <string>
#include <string_view>

#include "core/game_id.hpp"
#include "core/result.hpp"
#include "rules/types.hpp"

namespace ck::daemon {

struct ReplyTarget {
    std::string game;
    rules::Color colour = rules::Color::White;
};

struct ReplyAddressError {
    enum class Code : std::uint8_t {
        BadGameId,      // build: the id has characters other than [a-z0-9-], or is empty
        BadReferee,     // the configured referee address is not local@domain
        NotReferee,     // parse: not a plus-address of the referee address
        Malformed,      // parse: the detail part is not <game>.<w|b>.<16 hex>
        TokenMismatch,  // parse: well-formed, but the token does not verify
    };
    Code code;
    std::string message;
};

// The token for a game and colour (16 lower-case hex characters).
std::string reply_token(std::string_view secret, std::string_view game, rules::Color colour);

[[nodiscard]] core::Result<std::string, ReplyAddressError> build_reply_address(
    std::string_view referee_address, std::string_view game, rules::Color colour,
    std::string_view secret);

// The reply address of a player's daily digest (digest.hpp):
//   <local>+digest.<TOKEN>@<domain>, TOKEN = the first 16 hex characters of
//   HMAC-SHA256(server secret, "digest.<lower-case player address>"),
// so that it verifies only for mail from that player (auth.hpp, DigestReply).
[[nodiscard]] core::Result<std::string, ReplyAddressError> build_digest_address(
    std::string_view referee_address, std::string_view player, std::string_view secret);
// The same for a game of the store: its id as core::to_string prints it ("42").
[[nodiscard]] core::Result<std::string, ReplyAddressError> build_reply_address(
    std::string_view referee_address, core::GameId game, rules::Color colour,
    std::string_view secret);

// Whether `recipient` is `player`'s digest address (token compared in constant time).
bool is_digest_address_of(std::string_view recipient, std::string_view referee_address,
                          std::string_view secret, std::string_view player);

// Parses a recipient address. Local part and domain compare case-insensitively; the token is
// compared in constant time. Succeeds only when the token verifies for that game and colour.
[[nodiscard]] core::Result<ReplyTarget, ReplyAddressError> parse_reply_address(
    std::string_view recipient, std::string_view referee_address, std::string_view secret);

}  // namespace ck::daemon
