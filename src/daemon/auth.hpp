#pragma once
// Who may act (docs/mail-protocol.md "Who may act"): decides what a parsed incoming mail may do
// before any of its text is read as commands. Checks, in this order:
//   1. automatic mail (MailMessage::is_automatic: Auto-Submitted, Precedence, bounces,
//      X-Autoreply)                                  -> DropAutomatic (log, never answer)
//   2. Message-ID seen before (the store's ledger)    -> Replayed (ignore). A mail without a
//      Message-ID gets a synthetic one, "<sha256 of the raw bytes>@sha256.crazykrieg.invalid",
//      so the identical bytes delivered twice act once.
//   3. mail.trusted_authserv_id set and the mail fails sender authentication
//      (daemon/sender_auth.hpp)                     -> UnknownSender (Reason::NotAuthenticated)
//   4. the reply address it was sent to (envelope recipients, then Delivered-To, To, Cc; the
//      first whose token verifies) names a game and colour, and From equals that player's
//      registered address (case-insensitive)        -> Accept{game, colour}
//   4b. no game's reply address, but From a registered player's own digest address
//      (reply_address.hpp build_digest_address)    -> DigestReply (reply_to: the player;
//      lines "#GAME ..." act in the games the digest listed, daemon/digest_reply.hpp)
//   5. no verified token, From a registered player, and the plain referee address among the
//      recipients                                    -> ClubMail (club commands only: games,
//      help, challenge, accept, decline, standings, join, follow; never acts on a game)
//   6. otherwise, From a registered player           -> RefuseKnownPlayer{reason} (answer
//      only to that registered address)
//   7. otherwise                                     -> UnknownSender (at most one short
//      rate-limited reply, or none; never a view). A valid token with a From that is not a
//      registered player also lands here: the token alone proves nothing about the sender.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/game_id.hpp"
#include "mail/message.hpp"
#include "rules/types.hpp"

namespace ck::daemon {

struct AuthContext {
    std::string referee_address;  // the club's plain referee address
    std::string secret;           // the server secret of reply-address tokens
    // The registered address of the player of `colour` in `game`; nullopt for no such game.
    std::function<std::optional<std::string>(core::GameId game, rules::Color colour)>
        player_address;
    // Whether an address (lower-case) belongs to a registered player of the club.
    std::function<bool(const std::string& address)> is_player;
    // Whether a Message-ID was processed before (the store's ledger).
    std::function<bool(const std::string& message_id)> seen;
    // mail.trusted_authserv_id; empty: sender authentication is not checked.
    std::string trusted_authserv_id;
};

struct AuthVerdict {
    enum class Kind : std::uint8_t {
        Accept,
        ClubMail,
        DropAutomatic,
        RefuseKnownPlayer,
        UnknownSender,
        Replayed,
        DigestReply,
    };
    enum class Reason : std::uint8_t {
        None,
        NoToken,              // not sent to any reply address
        BadToken,             // sent to a reply address whose token does not verify
        OtherPlayersAddress,  // the token is valid, but for the other player (or another game)
        UnknownGame,          // the token verifies, but the store has no such game
        NotAuthenticated,     // sender authentication (sender_auth.hpp) did not pass
    };
    Kind kind = Kind::UnknownSender;
    Reason reason = Reason::None;
    std::optional<core::GameId> game;  // Accept; RefuseKnownPlayer when a token of a game verified
    rules::Color colour = rules::Color::White;  // ditto
    std::string message_id;  // the id the ledger records (synthetic when the mail had none)
    std::string reply_to;    // RefuseKnownPlayer / ClubMail: the registered address to answer
    std::string detail;      // for the operator log; never mailed
};

std::string synthetic_message_id(std::string_view raw);

AuthVerdict authorize(const mail::MailMessage& message, std::string_view raw,
                      const AuthContext& context);

}  // namespace ck::daemon
