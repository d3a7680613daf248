#pragma once
// ImapSource: a mailbox on an IMAP server as a MailSource, through libcurl, by UID.
#include <memory>
#include <string>
#include <vector>

#include "mail/smtp.hpp"  // TlsMode
#include "mail/source.hpp"

namespace ck::mail {

struct ImapConfig {
    std::string url;                // imap://host:port or imaps://host:port, no mailbox
    std::string mailbox = "INBOX";  // ASCII name
    std::string username;
    std::string password;  // passed in by the caller, never from argv
    // Empty: done = the \Seen flag, pending = UID SEARCH UNSEEN.
    // Otherwise: done = UID MOVE into this folder (created when missing; COPY + \Deleted +
    // UID EXPUNGE if the server lacks MOVE), pending = every undeleted message in `mailbox`.
    std::string done_folder;
    TlsMode tls = TlsMode::None;
    bool verify_tls_peer = true;
    long connect_timeout_seconds = 15;
    long timeout_seconds = 120;
    std::string ca_file;  // PEM bundle of trusted CAs; empty: the system's
};

// Ids are UIDs as decimal text (valid while the mailbox's UIDVALIDITY holds). One connection
// is reused for every call (libcurl keeps the login and the selected mailbox).
// fetch() uses "UID FETCH n BODY[]", which sets \Seen on the server; in \Seen mode fetch()
// therefore clears \Seen again right away, so that a message stays pending until mark_done()
// (a crash between the two leaves it marked seen: that is the one window where a mail can be
// skipped; use done_folder mode to close it).
class ImapSource final : public MailSource {
public:
    explicit ImapSource(ImapConfig config);
    ~ImapSource() override;
    core::Result<std::vector<SourceId>, MailError> list_pending() override;
    core::Result<std::string, MailError> fetch(const SourceId& id) override;
    core::Result<void, MailError> mark_done(const SourceId& id) override;

private:
    core::Result<std::string, MailError> command(const std::string& url, const std::string& cmd);
    core::Result<std::string, MailError> perform(const std::string& url, const char* custom);
    std::string mailbox_url() const;
    ImapConfig config_;
    std::unique_ptr<detail::CurlHandle> curl_;
    bool folder_checked_ = false;
};

}  // namespace ck::mail
