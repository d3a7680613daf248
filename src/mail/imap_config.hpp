#pragma once
// How to reach an IMAP mailbox: the settings of ImapSource (imap.hpp) and of its batch fetcher
// (imap_batch.hpp), apart from both so that neither needs the other's header.
#include <string>

#include "mail/tls_mode.hpp"

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

}  // namespace ck::mail
