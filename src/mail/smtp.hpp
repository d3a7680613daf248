#pragma once
// SmtpSink: sends through an SMTP server with libcurl. Retry and back-off belong to the
// outbox spool; this class only classifies failures (MailError::transient).
#include <memory>
#include <string>
#include <vector>

#include "mail/source.hpp"
#include "mail/tls_mode.hpp"

namespace ck::mail {

struct SmtpConfig {
    std::string url;  // smtp://host:port or smtps://host:port; a path sets the EHLO name
    std::string helo_name = "localhost";  // EHLO name when the URL has no path
    std::string username;                 // AUTH only when not empty
    std::string password;                 // passed in by the caller, never from argv
    TlsMode tls = TlsMode::None;
    bool verify_tls_peer = true;
    long connect_timeout_seconds = 15;
    long timeout_seconds = 120;
    std::string ca_file;  // PEM bundle of trusted CAs; empty: the system's
};

namespace detail {
class CurlHandle;
class SmtpPipeline;
}  // namespace detail

// One connection, reused between send() calls while the server keeps it open (one SMTP
// session for a whole outbox flush). When the server offers PIPELINING, send() pipelines
// MAIL/RCPT/DATA (mail/smtp_pipeline.hpp); otherwise, or when that connection cannot be made,
// libcurl sends.
// send(): MAIL FROM:<envelope_from> (may be empty: null path), RCPT TO each recipient (all
// must be accepted, or nothing is sent), DATA with the message's line ends made CRLF (libcurl
// dot-stuffs). Failures: a 4xx reply or a connection/timeout error is transient, a 5xx reply
// or bad input is permanent; MailError::response_code holds the SMTP code (0 if none).
class SmtpSink final : public MailSink {
public:
    explicit SmtpSink(SmtpConfig config);
    ~SmtpSink() override;
    core::Result<void, MailError> send(const std::string& envelope_from,
                                       const std::vector<std::string>& recipients,
                                       std::string_view raw_message) override;

    // Connects, says EHLO, does STARTTLS and AUTH as configured and sends NOOP: what a send
    // needs before MAIL FROM, with the same failure classes (for `crazykrieg config check`).
    core::Result<void, MailError> check() override;

    // Batching (MailSink): every mail the server accepted is durable there, so end_batch has
    // nothing to do; saying yes lets the outbox drop the sent mails from its spool with one
    // directory sync per flush instead of one per mail. The price: after a crash in the middle
    // of a flush, the mails of that flush the server already took are sent again (duplicates,
    // never a loss; README "Benchmarks", the live mail figure).
    bool begin_batch() override { return true; }
    core::Result<void, MailError> end_batch() override { return {}; }

private:
    SmtpConfig config_;
    std::unique_ptr<detail::CurlHandle> curl_;
    std::unique_ptr<detail::SmtpPipeline> pipeline_;  // made at the first send
};

}  // namespace ck::mail
