#pragma once
// From the [imap] and [smtp] sections of the configuration to the mail module's client
// settings (README "Configuration"). Passwords are read here, from the files the config names
// (imap.password_file, smtp.password_file); they are never a config value or a command-line
// option, and error messages never contain them.
// Errors (core/error.hpp): a key that is missing or wrong (imap.url, imap.user, ...) and a
// password file whose first line is empty are Invalid; a password file that cannot be opened
// or read is Transient (secret_error_kind: the organiser may mend its permissions while the
// daemon waits). Each detail names the key: "imap.password_file: FILE: cannot open ...".
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/result.hpp"
#include "league/config.hpp"
#include "league/mail_url.hpp"
#include "mail/imap.hpp"
#include "mail/smtp.hpp"

namespace ck::daemon {

// ImapSource settings: server and mailbox from imap.url (mailbox INBOX when the URL has no
// path), imap.user, the password from imap.password_file (required), done_folder =
// imap.processed_folder (empty: \Seen mode), STARTTLS required when imap.starttls = yes on an
// imap:// URL.
[[nodiscard]] core::Result<mail::ImapConfig, core::Error> imap_client_config(
    const league::Config& c);

// SmtpSink settings: smtp.url; AUTH with smtp.user and the password from smtp.password_file
// when smtp.user is set; STARTTLS required when smtp.starttls = yes on an smtp:// URL; the
// EHLO name is the domain of mail.referee_address.
[[nodiscard]] core::Result<mail::SmtpConfig, core::Error> smtp_client_config(
    const league::Config& c);

}  // namespace ck::daemon
