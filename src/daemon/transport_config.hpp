#pragma once
// From the [imap] and [smtp] sections of the configuration to the mail module's client
// settings (README "Configuration"). Passwords are read here, from the files the config names
// (imap.password_file, smtp.password_file); they are never a config value or a command-line
// option, and error messages never contain them.
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "daemon/config.hpp"
#include "mail/imap.hpp"
#include "mail/smtp.hpp"

namespace ck::daemon {

// scheme://HOST[:PORT][/PATH] as imap.url and smtp.url take it.
struct MailUrl {
    std::string scheme;  // lower-case, one of the two schemes asked for
    std::string server;  // scheme://HOST[:PORT], no path
    std::string path;    // percent-decoded, without the leading '/'; may be empty
};

// Accepts the schemes `plain` (STARTTLS or none) and `tls` (implicit TLS), any case. Refused:
// other schemes, an empty host, user info ("user:password@": credentials belong in
// *.user / *.password_file), a query, a fragment, ';' parameters, bad %-escapes, control
// characters.
[[nodiscard]] core::Result<MailUrl, std::string> parse_mail_url(const std::string& url,
                                                                std::string_view plain,
                                                                std::string_view tls);

// ImapSource settings: server and mailbox from imap.url (mailbox INBOX when the URL has no
// path), imap.user, the password from imap.password_file (required), done_folder =
// imap.processed_folder (empty: \Seen mode), STARTTLS required when imap.starttls = yes on an
// imap:// URL.
[[nodiscard]] core::Result<mail::ImapConfig, std::string> imap_client_config(const Config& c);

// SmtpSink settings: smtp.url; AUTH with smtp.user and the password from smtp.password_file
// when smtp.user is set; STARTTLS required when smtp.starttls = yes on an smtp:// URL; the
// EHLO name is the domain of mail.referee_address.
[[nodiscard]] core::Result<mail::SmtpConfig, std::string> smtp_client_config(const Config& c);

}  // namespace ck::daemon
