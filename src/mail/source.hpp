#pragma once
// The two edges of the mail module. A MailSource hands out raw messages until the caller says
// their effects have committed (style guide, "Durable state": commit first, then mark done);
// a MailSink delivers one raw RFC 5322 message to an envelope.
#include <string>
#include <vector>

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
    // Call only after the message's effects committed. Idempotent for an id already done.
    [[nodiscard]] virtual core::Result<void, MailError> mark_done(const SourceId& id) = 0;
};

class MailSink {
public:
    virtual ~MailSink() = default;
    // envelope_from may be empty (null reverse-path "<>"); recipients are bare addr-specs.
    [[nodiscard]] virtual core::Result<void, MailError> send(
        const std::string& envelope_from, const std::vector<std::string>& recipients,
        const std::string& raw_message) = 0;
};

}  // namespace ck::mail
