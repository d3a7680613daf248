#pragma once
// The one way the daemon's handlers queue a mail (docs/mail-protocol.md): from the referee
// address to `address`, into the mail's transaction, where it is rendered at commit (and merged
// with the other answers to the same sender, compose/reply_sections.hpp), or rendered at once as
// a mail of its own.
#include <optional>
#include <string>

#include "compose/compose.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/config.hpp"
#include "mail/outgoing.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// Queues `mail` (with `attachment` when given). A mail the templates could not build is an
// Invalid error, and nothing is queued.
core::Result<void, core::Error> queue_mail(store::Transaction& tx, const league::Config& config,
                                           const std::string& address, compose::MailResult mail,
                                           std::optional<mail::Attachment> attachment = {});
// The same for a mail of its own (a game's start mail, the final standings): rendered now, so
// that it is never merged into the sender's one answer (it carries its own subject and, for a
// game, the game's Reply-To).
core::Result<void, core::Error> queue_own_mail(store::Transaction& tx, const league::Config& config,
                                               const std::string& address, compose::MailResult mail,
                                               std::optional<mail::Attachment> attachment = {});

}  // namespace ck::daemon
