#include "daemon/unknown_sender.hpp"

#include "core/crypto.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::Config;
using league::RateLimitTable;
using league::unknown_sender_limit_key;
using league::unknown_sender_total_key;
using league::utc_day;
namespace {

// A plain local@domain: one '@', both sides non-empty, no blanks, controls or specials.
bool plain_address(const std::string& a) {
    if (a.empty() || a.size() > 254) return false;
    const auto at = a.find('@');
    if (at == std::string::npos || at == 0 || at + 1 == a.size()) return false;
    if (a.find('@', at + 1) != std::string::npos) return false;
    for (const char ch : a) {
        const auto u = static_cast<unsigned char>(ch);
        if (u <= 0x20 || u == 0x7f) return false;
        if (std::string_view("<>()[]\",;:\\").find(ch) != std::string_view::npos) return false;
    }
    return true;
}

// referee@d, referee+anything@d (the per-game addresses), case-insensitive.
bool is_referee_address(const std::string& address, const std::string& referee) {
    const std::string a = lower_ascii(address), r = lower_ascii(referee);
    const auto at = a.rfind('@'), rat = r.rfind('@');
    if (at == std::string::npos || rat == std::string::npos) return false;
    if (a.substr(at) != r.substr(rat)) return false;
    const std::string local = a.substr(0, at);
    const std::string rlocal = r.substr(0, rat);
    return local == rlocal || local.rfind(rlocal + "+", 0) == 0;
}

}  // namespace

std::optional<std::string> unknown_sender_reply_address(const mail::MailMessage& message,
                                                        const std::string& referee_address) {
    if (message.is_automatic()) return std::nullopt;
    std::string to = message.return_path && !message.return_path->empty() ? *message.return_path
                                                                          : message.from_address;
    to = lower_ascii(to);
    if (!plain_address(to) || is_referee_address(to, referee_address)) return std::nullopt;
    // The From address must not be ours either (a spoofed loop through a forwarder).
    if (is_referee_address(message.from_address, referee_address)) return std::nullopt;
    return to;
}

core::Result<void, core::Error> answer_unknown_sender(const ClubDesk& desk,
                                                      const mail::MailMessage& message,
                                                      const AuthVerdict& v,
                                                      store::Transaction& tx) {
    auto& log = core::operator_log();
    const std::string who = message.from_address.empty() ? "(no From)" : message.from_address;
    if (desk.config.unknown_sender_reply == Config::UnknownSenderReply::None) {
        log.info("mail from unknown sender " + who + " not answered: " + v.detail);
        return {};
    }
    const auto to = unknown_sender_reply_address(message, desk.config.referee_address);
    if (!to) {
        log.info("mail from unknown sender " + who +
                 " not answered (no address to answer): " + v.detail);
        return {};
    }
    const std::string day = utc_day(tx.now());
    const std::string key = unknown_sender_limit_key(*to, day);
    auto answered = RateLimitTable::get(desk.store, key, &tx);
    if (!answered) return core::unexpected(core::corrupt_error(answered.error().describe()));
    if (*answered) {
        log.info("mail from unknown sender " + who + " not answered (answered today): " + v.detail);
        return {};
    }
    auto total = RateLimitTable::get(desk.store, unknown_sender_total_key(day), &tx);
    if (!total) return core::unexpected(core::corrupt_error(total.error().describe()));
    const std::uint64_t sent = total->value_or(0);
    if (sent >= UnknownSenderDailyCap) {
        log.warn("mail from unknown sender " + who + " not answered: the daily cap of " +
                 std::to_string(UnknownSenderDailyCap) + " unknown-sender replies is reached");
        return {};
    }
    compose::Envelope env;
    env.from = {RefereeDisplayName, desk.config.referee_address};
    env.to = {std::string(), *to};
    env.date = tx.now();
    // One reply per address and day: the Message-ID is ck.club.unknown-sender.<day>-<hash>.
    env.discriminator = day + "-" + core::sha256_hex(*to).substr(0, 12);
    const compose::UnknownSenderDetails details{
        message.from_address.empty() ? *to : message.from_address, desk.config.referee_address};
    auto mail = compose::unknown_sender_mail(desk.templates, env, details);
    if (!mail) return core::unexpected(core::invalid_error(mail.error().message));
    RateLimitTable::put(tx, key, 1);
    RateLimitTable::put(tx, unknown_sender_total_key(day), sent + 1);
    for (const std::string& old : RateLimitTable::keys(desk.store))
        if (old.compare(0, day.size(), day) < 0) RateLimitTable::erase(tx, old);
    // Null reverse-path: a reply to a stranger must never bounce back to the referee.
    tx.queue_mail(store::SpooledMail{std::string(), {*to}, mail::render_mime(*mail)});
    log.info("mail from unknown sender " + who + " answered once for " + day + ": " + v.detail);
    return {};
}

}  // namespace ck::daemon
