#include "daemon/reply_address.hpp"

#include <algorithm>
#include <cctype>

#include "core/crypto.hpp"
#include "core/text.hpp"

namespace ck::daemon {
namespace {

constexpr std::size_t TokenLength = 16;

bool valid_game_id(std::string_view game) {
    return !game.empty() && std::all_of(game.begin(), game.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

char colour_letter(rules::Color c) { return c == rules::Color::White ? 'w' : 'b'; }

core::Unexpected<ReplyAddressError> fail(ReplyAddressError::Code code, std::string message) {
    return core::unexpected(ReplyAddressError{code, std::move(message)});
}

struct SplitAddress {
    std::string local;
    std::string domain;
};

// local@domain, both non-empty, lower-cased; the last '@' separates (quoted local parts are
// not used by the referee).
bool split_address(std::string_view address, SplitAddress& out) {
    const auto at = address.rfind('@');
    if (at == std::string_view::npos || at == 0 || at + 1 == address.size()) return false;
    out.local = core::lower_ascii(address.substr(0, at));
    out.domain = core::lower_ascii(address.substr(at + 1));
    return true;
}

}  // namespace

std::string reply_token(std::string_view secret, std::string_view game, rules::Color colour) {
    std::string message(game);
    message += '.';
    message += colour_letter(colour);
    return core::hmac_sha256_hex(secret, message).substr(0, TokenLength);
}

core::Result<std::string, ReplyAddressError> build_reply_address(std::string_view referee_address,
                                                                 std::string_view game,
                                                                 rules::Color colour,
                                                                 std::string_view secret) {
    SplitAddress referee;
    if (!split_address(referee_address, referee) || referee.local.find('+') != std::string::npos) {
        return fail(
            ReplyAddressError::Code::BadReferee,
            "referee address is not local@domain without '+': " + std::string(referee_address));
    }
    if (!valid_game_id(game)) {
        return fail(ReplyAddressError::Code::BadGameId,
                    "game id may hold only a-z, 0-9 and '-': " + std::string(game));
    }
    return referee.local + '+' + std::string(game) + '.' + colour_letter(colour) + '.' +
           reply_token(secret, game, colour) + '@' + referee.domain;
}

core::Result<std::string, ReplyAddressError> build_reply_address(std::string_view referee_address,
                                                                 core::GameId game,
                                                                 rules::Color colour,
                                                                 std::string_view secret) {
    return build_reply_address(referee_address, to_string(game), colour, secret);
}

namespace {

std::string digest_token(std::string_view secret, std::string_view player) {
    return core::hmac_sha256_hex(secret, "digest." + core::lower_ascii(player))
        .substr(0, TokenLength);
}

}  // namespace

core::Result<std::string, ReplyAddressError> build_digest_address(std::string_view referee_address,
                                                                  std::string_view player,
                                                                  std::string_view secret) {
    SplitAddress referee;
    if (!split_address(referee_address, referee) || referee.local.find('+') != std::string::npos)
        return fail(
            ReplyAddressError::Code::BadReferee,
            "referee address is not local@domain without '+': " + std::string(referee_address));
    return referee.local + "+digest." + digest_token(secret, player) + '@' + referee.domain;
}

bool is_digest_address_of(std::string_view recipient, std::string_view referee_address,
                          std::string_view secret, std::string_view player) {
    auto mine = build_digest_address(referee_address, player, secret);
    return mine && core::constant_time_equal(core::lower_ascii(recipient), *mine);
}

core::Result<ReplyTarget, ReplyAddressError> parse_reply_address(std::string_view recipient,
                                                                 std::string_view referee_address,
                                                                 std::string_view secret) {
    SplitAddress referee, rcpt;
    if (!split_address(referee_address, referee)) {
        return fail(ReplyAddressError::Code::BadReferee,
                    "referee address is not local@domain: " + std::string(referee_address));
    }
    if (!split_address(recipient, rcpt) || rcpt.domain != referee.domain ||
        rcpt.local.size() <= referee.local.size() + 1 ||
        rcpt.local.compare(0, referee.local.size(), referee.local) != 0 ||
        rcpt.local[referee.local.size()] != '+') {
        return fail(ReplyAddressError::Code::NotReferee,
                    "not a reply address of " + std::string(referee_address));
    }
    const std::string detail = rcpt.local.substr(referee.local.size() + 1);
    // <game>.<w|b>.<token>: the game id has no '.', so split at the last two dots.
    const auto dot2 = detail.rfind('.');
    const auto dot1 =
        dot2 == std::string::npos || dot2 == 0 ? std::string::npos : detail.rfind('.', dot2 - 1);
    if (dot1 == std::string::npos || dot2 != dot1 + 2) {
        return fail(ReplyAddressError::Code::Malformed, "reply address detail malformed");
    }
    const std::string game = detail.substr(0, dot1);
    const char letter = detail[dot1 + 1];
    const std::string token = detail.substr(dot2 + 1);
    if (!valid_game_id(game) || (letter != 'w' && letter != 'b') || token.size() != TokenLength ||
        !std::all_of(token.begin(), token.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); })) {
        return fail(ReplyAddressError::Code::Malformed, "reply address detail malformed");
    }
    const rules::Color colour = letter == 'w' ? rules::Color::White : rules::Color::Black;
    if (!core::constant_time_equal(token, reply_token(secret, game, colour))) {
        return fail(ReplyAddressError::Code::TokenMismatch, "reply address token does not verify");
    }
    return ReplyTarget{game, colour};
}

}  // namespace ck::daemon
