#pragma once
// From the [imap] and [smtp] sections of the configuration to the mail module's client
// settings (README "Configuration"). Passwords are read here, from the files the config names
// (imap.password_file, smtp.password_file); they are never a config value or a command-line
// option, and error messages never contain them.
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "daemon/league_names.hpp"
#include "league/config.hpp"
#include "league/mail_url.hpp"
#include "mail/imap.hpp"
#include "mail/smtp.hpp"

namespace ck::daemon {

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
