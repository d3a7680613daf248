#include "daemon/auth.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "core/crypto.hpp"
#include "core/text.hpp"
#include "daemon/reply_address.hpp"
#include "daemon/sender_auth.hpp"

namespace ck::daemon {
namespace {

std::vector<std::string> recipients(const mail::MailMessage& m) {
    std::vector<std::string> out;
    for (const auto* list : {&m.envelope_recipients, &m.delivered_to, &m.to, &m.cc}) {
        for (const std::string& a : *list) {
            const std::string l = core::lower_ascii(a);
            if (std::find(out.begin(), out.end(), l) == out.end()) out.push_back(l);
        }
    }
    return out;
}

}  // namespace

std::string synthetic_message_id(std::string_view raw) {
    return core::sha256_hex(raw) + "@sha256.crazykrieg.invalid";
}

AuthVerdict authorize(const mail::MailMessage& message, std::string_view raw,
                      const AuthContext& context) {
    using Kind = AuthVerdict::Kind;
    using Reason = AuthVerdict::Reason;
    AuthVerdict v;
    v.message_id = message.message_id.empty() ? synthetic_message_id(raw) : message.message_id;
    const std::string from = core::lower_ascii(message.from_address);

    if (message.is_automatic()) {
        v.kind = Kind::DropAutomatic;
        v.detail = "automatic mail from " + from;
        return v;
    }
    if (context.seen && context.seen(v.message_id)) {
        v.kind = Kind::Replayed;
        v.detail = "Message-ID seen before: " + v.message_id;
        return v;
    }
    if (const SenderCheck checked =
            check_sender_authentication(message, context.trusted_authserv_id);
        !checked.pass) {
        v.kind = Kind::UnknownSender;
        v.reason = Reason::NotAuthenticated;
        v.detail = "sender " + from + " not authenticated: " + checked.detail;
        return v;
    }

    const std::vector<std::string> rcpts = recipients(message);
    std::optional<ReplyTarget> target;
    bool bad_token = false;
    bool plain_referee = false;
    bool digest = false;
    const std::string referee = core::lower_ascii(context.referee_address);
    for (const std::string& r : rcpts) {
        if (r == referee) plain_referee = true;
        if (!from.empty() &&
            is_digest_address_of(r, context.referee_address, context.secret, from)) {
            digest = true;
            continue;
        }
        auto parsed = parse_reply_address(r, context.referee_address, context.secret);
        if (parsed) {
            if (!target) target = *parsed;
        } else if (parsed.error().code != ReplyAddressError::Code::NotReferee) {
            bad_token = true;
        }
    }
    const bool from_player = !from.empty() && context.is_player && context.is_player(from);

    if (target) {
        v.game = core::game_id_in(target->game);  // a verified token names no game but ours
        v.colour = target->colour;
        const auto registered = context.player_address && v.game
                                    ? context.player_address(*v.game, target->colour)
                                    : std::nullopt;
        if (registered && core::lower_ascii(*registered) == from) {
            v.kind = Kind::Accept;
            return v;
        }
        v.reason = registered ? Reason::OtherPlayersAddress : Reason::UnknownGame;
        v.detail = "reply address of game " + target->game + " used by " + from;
    } else if (digest && from_player) {
        v.kind = Kind::DigestReply;
        v.reply_to = from;
        return v;
    } else if (bad_token) {
        v.reason = Reason::BadToken;
        v.detail = "reply-address token does not verify; from " + from;
    } else {
        v.reason = Reason::NoToken;
        v.detail = "no reply address among the recipients; from " + from;
    }

    if (!from_player) {
        v.kind = Kind::UnknownSender;
        v.game.reset();
        return v;
    }
    v.reply_to = from;
    if (!target && !bad_token && plain_referee) {
        v.kind = Kind::ClubMail;
        v.reason = Reason::None;
        return v;
    }
    v.kind = Kind::RefuseKnownPlayer;
    return v;
}

}  // namespace ck::daemon
