#pragma once
// The two edges of the mail module. A MailSource hands out raw messages until the caller says
// their effects have committed (docs/design.md, "Durable state": commit first, then mark done);
// a MailSink delivers one raw RFC 5322 message to an envelope.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/result.hpp"
#include "mail/error.hpp"

namespace ck::mail {

// Opaque per-source message id: a Maildir base name, or an IMAP UID as decimal text.
using SourceId = std::string;

class MailSource {
public:
    virtual ~MailSource() = default;
    // Messages not yet marked done, oldest first (as the source orders them).
    [[nodiscard]] virtual core::Result<std::vector<SourceId>, MailError> list_pending() = 0;
    // Raw bytes of one message. Does not mark it done.
    [[nodiscard]] virtual core::Result<std::string, MailError> fetch(const SourceId& id) = 0;
    // When the message reached the source (README "Time controls": the time that counts for a
    // deadline): a Maildir file's modification time (set at delivery; Dovecot's received date
    // for Maildir too), an IMAP message's INTERNALDATE (learnt by list_pending). Never the
    // sender's Date: header. nullopt when the source cannot tell (the caller then uses now).
    [[nodiscard]] virtual std::optional<core::TimePoint> arrival(const SourceId&) {
        return std::nullopt;
    }
    // Call only after the message's effects committed. Idempotent for an id already done.
    [[nodiscard]] virtual core::Result<void, MailError> mark_done(const SourceId& id) = 0;
    // Optional batching: between begin_batch() and end_batch() a source may return from
    // mark_done before the mark is durable; end_batch() makes every mark of the batch durable.
    // (A lost mark only re-lists a message whose Message-ID the store has already seen.) The
    // defaults suit a source whose every mark is durable by itself.
    virtual void begin_batch() {}
    [[nodiscard]] virtual core::Result<void, MailError> end_batch() { return {}; }
};

class MailSink {
public:
    virtual ~MailSink() = default;
    // envelope_from may be empty (null reverse-path "<>"); recipients are bare addr-specs.
    // raw_message is read during the call only (the spool lends its bytes, not a copy).
    [[nodiscard]] virtual core::Result<void, MailError> send(
        const std::string& envelope_from, const std::vector<std::string>& recipients,
        std::string_view raw_message) = 0;
    // Optional batching: between begin_batch() and end_batch() a sink may accept mails with
    // send() before they are durable; end_batch() makes every mail of the batch durable, or
    // fails, and then any of them may be lost (the caller keeps its copies and sends them again).
    // begin_batch() returns whether this sink batches. The defaults suit a sink that wants
    // each accepted mail dropped from the caller's spool at once (false; end_batch does
    // nothing). SmtpSink batches: what the server accepted is durable there.
    virtual bool begin_batch() { return false; }
    [[nodiscard]] virtual core::Result<void, MailError> end_batch() { return {}; }
    // Reaches the server as a send would (connection, TLS, AUTH) without sending; a sink with
    // no server has nothing to check.
    [[nodiscard]] virtual core::Result<void, MailError> check() { return {}; }
};

}  // namespace ck::mail
