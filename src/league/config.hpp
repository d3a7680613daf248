#pragma once
// The club server's configuration, read by the daemon and by every command that opens the store
// (docs/cli.md; keys exactly as config/crazykrieg.conf.example lists them). INI sections read
// with Boost.Program_options (po::parse_config_file). Defaults are the embedded default:
// everything under ./var/ (Maildir inbox and outbox, game store), no mail server. The embedded
// default's relative paths are relative to the working directory; the relative paths of a config
// file are relative to the directory of that file (README "Configuration"), so that no command with
// --config depends on where it is run. Secrets and passwords are never values of a key: a key names
// the file that holds them (read_secret_file), and there is no command-line option for them.
#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "league/time_control.hpp"

namespace ck::league {

struct Config {
    enum class Source : std::uint8_t { Maildir, Imap };
    enum class Sink : std::uint8_t { Maildir, Smtp };
    // docs/mail-protocol.md "Unknown senders get at most one short rate-limited reply, or none".
    enum class UnknownSenderReply : std::uint8_t {
        None,        // never answered (logged only)
        OncePerDay,  // one short reply per address per UTC calendar day
    };

    // [store]
    std::string store_dir = "var/games";
    // [mail]
    Source source = Source::Maildir;
    std::string inbox = "var/inbox";
    std::string outbox = "var/outbox";
    Sink sink = Sink::Maildir;
    std::string referee_address = "referee@club.example";
    std::string secret_file = "var/secret";
    // The template folder; empty: found by core::locate_templates (core/data_files.hpp).
    std::string templates;
    // README "Sender authentication": when not empty, a mail acts only if the topmost
    // Authentication-Results header of this authserv-id passes (daemon/sender_auth.hpp).
    std::string trusted_authserv_id;
    // [imap] (source = imap). url: imap://HOST[:PORT][/MAILBOX] (STARTTLS per imap_starttls)
    // or imaps://HOST[:PORT][/MAILBOX] (implicit TLS); MAILBOX percent-encoded, default INBOX.
    std::string imap_url = "imap://127.0.0.1:143/INBOX";
    std::string imap_user = "referee@club.example";
    std::string imap_password_file;  // required for source = imap
    // Where handled mail is moved (UID MOVE); empty: handled mail is only flagged \Seen.
    std::string imap_processed_folder = "Processed";
    bool imap_starttls = true;  // imap:// only: require STARTTLS before logging in
    bool imap_verify_tls = true;
    std::string imap_ca_file;  // PEM bundle of CAs to trust; empty: the system's
    // [smtp] (sink = smtp). url: smtp://HOST[:PORT] or smtps://HOST[:PORT] (implicit TLS).
    std::string smtp_url = "smtp://127.0.0.1:25";
    std::string smtp_user;           // empty: no AUTH
    std::string smtp_password_file;  // required when smtp_user is set
    bool smtp_starttls = true;       // smtp:// only: require STARTTLS
    bool smtp_verify_tls = true;
    std::string smtp_ca_file;  // PEM bundle of CAs to trust; empty: the system's
    // [club]
    league::TimeControl default_time{league::TimeControl::Kind::DaysPerMove, 3, 0, 0, std::nullopt};
    int reminder_days = 1;
    int leave_days_per_year = 30;
    int challenge_days = 14;  // an unanswered challenge lapses after this (challenges.hpp)
    UnknownSenderReply unknown_sender_reply = UnknownSenderReply::None;
    // New games are rated unless made casual (README "Ratings"): yes | no.
    bool rated = true;
    // [site] The static web site `serve` keeps up to date after each pass that committed
    // something (README "The club's web pages"); empty: none.
    std::string site_dir;
};

struct ConfigError {
    enum class Code : std::uint8_t {
        Unreadable,  // the file cannot be opened or read
        Syntax,      // a line that is neither a section, a comment nor key = value
        UnknownKey,  // a key the daemon does not know (message names it and its line)
        Duplicate,   // a key given twice
        BadValue,    // a value of the wrong form
    };
    Code code = Code::Unreadable;
    std::string message;  // "FILE:LINE: ..." where a line is known
    int line = 0;         // 0 when no single line is at fault
    // load_config: the messages of the file's other problems, in line order (`message` is the
    // first); `config check` lists them all.
    std::vector<std::string> more;
};

// The embedded default (no config file).
Config default_config();

// Every key the daemon knows, as "section.key", in the order of the example file
// (config/crazykrieg.conf.example documents exactly these; a test checks that they agree).
const std::vector<std::string>& config_keys();

[[nodiscard]] core::Result<Config, ConfigError> load_config_file(const std::string& path);
// `name` is used in messages in place of a file name.
[[nodiscard]] core::Result<Config, ConfigError> load_config(std::istream& in,
                                                            const std::string& name);

// The first line of a secret or password file, without its line end and trailing blanks.
// Refused when the file cannot be read or the secret is shorter than min_length (the server
// secret should have at least 16 characters: `head -c 32 /dev/urandom | base64 > var/secret`).
[[nodiscard]] core::Result<std::string, ConfigError> read_secret_file(const std::string& path,
                                                                      std::size_t min_length = 1);
// The kind of a read_secret_file failure (core/error.hpp): Transient when the file could not be
// opened or read (it may be made readable while the daemon waits), Invalid when its secret is
// too short.
core::ErrorKind secret_error_kind(const ConfigError& e);

}  // namespace ck::league
