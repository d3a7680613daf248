#pragma once
// Mail from unknown senders (mail.md "Unknown senders get at most one short rate-limited reply,
// or none (configurable), and never a view of any game"; club.unknown_sender_reply):
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
// The rate limit is durable and lives in the store's processed-message ledger: a reply records
// the key unknown_sender_limit_key(address, day) (and one daily-total slot) in the SAME
// transaction as the mail's own Message-ID and the reply itself, so a crash either loses all
// three (the mail is handled again) or keeps all three (no second reply).
#include <cstddef>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/result.hpp"
#include "daemon/auth.hpp"
#include "daemon/club_mail.hpp"
#include "mail/message.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

inline constexpr std::size_t UnknownSenderDailyCap = 100;

// "YYYY-MM-DD" of `t` in UTC.
std::string utc_day(core::TimePoint t);

// The ledger key of "`address` got its unknown-sender reply on `day`" (address lower-cased and
// hashed: the ledger holds no third-party addresses in clear).
std::string unknown_sender_limit_key(const std::string& address, const std::string& day);
// The ledger key of the n-th unknown-sender reply of `day` (n < UnknownSenderDailyCap).
std::string unknown_sender_total_key(const std::string& day, std::size_t n);

// Where a reply to `message` would go, or nullopt when it must not be answered at all
// (automatic, no usable address, or an address of the referee `referee_address`).
std::optional<std::string> unknown_sender_reply_address(const mail::MailMessage& message,
                                                        const std::string& referee_address);

// The UnknownSender verdict: per the configuration, queues at most one reply and its
// rate-limit keys into `tx` (the caller records v.message_id and commits). Never mails game
// data: the reply is built from the sender's address and the club's address only.
core::Result<void, std::string> answer_unknown_sender(const ClubDesk& desk,
                                                      const mail::MailMessage& message,
                                                      const AuthVerdict& v, store::Transaction& tx);

}  // namespace ck::daemon
