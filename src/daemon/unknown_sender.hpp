#pragma once
// Mail from unknown senders (docs/mail-protocol.md "Unknown senders get at most one short
// rate-limited reply, or none (configurable), and never a view of any game";
// club.unknown_sender_reply):
//   none          never answered; the operator log records the sender.
//   once-per-day  at most one short reply (templates/unknown-sender.*) per sender address per
//                 UTC calendar day, and at most UnknownSenderDailyCap such replies a day in all
//                 (forged senders must not turn the referee into a backscatter source).
// Never answered, whatever the setting: automatic mail (Auto-Submitted, Precedence, bounces;
// the auth step drops it before this point, and this is checked again), a sender address that
// is not a plain local@domain, and any address of the referee itself (mail loops).
// The reply goes to the Return-Path when the mail has one, else to From (RFC 3834 §4), from the
// null reverse-path "<>" so that it can never bounce back to us (RFC 3834 §3.3).
//
// The rate limit is durable and lives in the store's typed namespace `rate-limits`
// (league/rate_limits.hpp): a reply records unknown_sender_limit_key(address, day) and raises the
// day's total (unknown_sender_total_key) in the SAME transaction as the mail's own Message-ID and
// the reply itself, so a crash either loses all three (the mail is handled again) or keeps all
// three (no second reply). Records of earlier days are erased by the next reply.
#include <cstddef>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/auth.hpp"
#include "daemon/club_desk.hpp"
#include "league/rate_limits.hpp"
#include "mail/message.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

inline constexpr std::size_t UnknownSenderDailyCap = 100;

// Where a reply to `message` would go, or nullopt when it must not be answered at all
// (automatic, no usable address, or an address of the referee `referee_address`).
std::optional<std::string> unknown_sender_reply_address(const mail::MailMessage& message,
                                                        const std::string& referee_address);

// The UnknownSender verdict: per the configuration, queues at most one reply and its
// rate-limit keys into `tx` (the caller records v.message_id and commits). Never mails game
// data: the reply is built from the sender's address and the club's address only.
core::Result<void, core::Error> answer_unknown_sender(const ClubDesk& desk,
                                                      const mail::MailMessage& message,
                                                      const AuthVerdict& v, store::Transaction& tx);

}  // namespace ck::daemon
