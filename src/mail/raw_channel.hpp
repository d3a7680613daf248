#pragma once
// A connection that libcurl opens and logs in to (CURLOPT_CONNECT_ONLY: greeting, STARTTLS or
// implicit TLS, certificate checks, AUTH/LOGIN exactly as for libcurl's own transfers), after
// which the mail module speaks the protocol itself: for what libcurl cannot do (IMAP literals
// of custom commands, SMTP PIPELINING). Private to the mail module.
#include <memory>
#include <string>

#include "core/result.hpp"
#include "mail/error.hpp"
#include "mail/tls_mode.hpp"

namespace ck::mail::detail {

class CurlHandle;

struct RawLogin {
    std::string url;       // imap(s)://HOST[:PORT] or smtp(s)://HOST[:PORT]/EHLO-NAME
    std::string username;  // empty: no login (SMTP without AUTH)
    std::string password;
    TlsMode tls = TlsMode::None;
    bool verify_tls_peer = true;
    std::string ca_file;
    long connect_timeout_seconds = 15;
    long timeout_seconds = 120;
};

class RawChannel {
public:
    // `label` starts every error message ("IMAP imaps://host (batch fetch)"; no credentials).
    explicit RawChannel(std::string label);
    ~RawChannel();
    RawChannel(const RawChannel&) = delete;
    RawChannel& operator=(const RawChannel&) = delete;

    core::Result<void, MailError> open(const RawLogin& login);
    bool is_open() const { return curl_ != nullptr; }
    void close();
    // Errors are transient Connect errors; the channel is closed after one.
    core::Result<void, MailError> send_all(const std::string& bytes);
    // Appends the next bytes the server sends (at least one), waiting up to the timeout.
    core::Result<void, MailError> receive(std::string& into);
    MailError failure(const std::string& what, bool transient) const;

private:
    std::string label_;
    std::unique_ptr<CurlHandle> curl_;
    long timeout_seconds_ = 120;
};

}  // namespace ck::mail::detail
