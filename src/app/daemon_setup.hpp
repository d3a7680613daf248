#pragma once
// Shared set-up of the daemon subcommands (serve, deliver, game, player, ...) beyond what every
// store command sets up (cli/command_setup.hpp: the configuration, the store, the templates and
// the clock): the daemon that hosts a request, the club's store, the configured mail source
// (Maildir or IMAP) and sink (Maildir or SMTP), and the organiser's session.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "cli/command_setup.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/mail_pass.hpp"
#include "league/config.hpp"
#include "mail/source.hpp"
#include "store/store.hpp"

namespace ck::app {

using cli::CommandStore;
using cli::IfNoStore;
using cli::load_daemon_config;
using cli::make_clock;
using cli::open_command_store;
using cli::StoreUse;
using cli::StoreWait;
using cli::templates_dir;

// While `serve` runs an organiser request (request_client.hpp), the daemon it runs in, else
// null. A command run so uses that daemon's configuration, store, players and templates
// instead of opening its own, and leaves its mails to the daemon's pass to send. HostedRun also
// makes the daemon's configuration, store and game repository cli::hosting_club()
// (cli/command_setup.hpp).
daemon::Daemon* hosting_daemon();
class HostedRun {
public:
    explicit HostedRun(daemon::Daemon& d);
    ~HostedRun();
    HostedRun(const HostedRun&) = delete;
    HostedRun& operator=(const HostedRun&) = delete;
    // The file the command reported writing (cli::report_written_file), if it did.
    const std::optional<std::filesystem::path>& written() const { return club_.written(); }

private:
    cli::HostedClub club_;
    daemon::Daemon* outer_;
};

// Creates `dir` and its parents, then the Maildir's tmp/new/cur.
core::Result<void, std::string> ensure_maildir_path(const std::string& dir);

// The configured source and sink. Maildir: the directory is created when missing. IMAP/SMTP:
// the password files are read now (an error names the key, never the password); nothing
// connects until the first call, so a server that is down is a per-pass error, not this one.
// Errors (core/error.hpp): a wrong [imap]/[smtp] key is Invalid (daemon/transport_config.hpp);
// a password file that cannot be read or a Maildir that cannot be made is Transient.
core::Result<std::unique_ptr<mail::MailSource>, core::Error> make_source(
    const league::Config& config);
core::Result<std::unique_ptr<mail::MailSink>, core::Error> make_sink(const league::Config& config);

// What an organiser command that changes games (`game new`, `game follow`, `tournament new`,
// `tournament start`) works with: the configuration, the clock (--now), the configured sink and
// the daemon, opened waiting up to StoreWait for the store.
struct OrganiserSession {
    league::Config config;
    std::filesystem::path templates;  // templates_dir(--templates, config)
    std::unique_ptr<core::Clock> clock;
    std::unique_ptr<mail::MailSink> sink;  // null when hosted
    std::unique_ptr<daemon::Daemon> owned;
    daemon::Daemon* daemon = nullptr;  // owned, or the hosting daemon

    // Sends the mails the command queued. Mails a failed flush leaves in the outbox go with the
    // next serve pass (the error is logged). Hosted: the daemon's pass sends them.
    void send_mail() {
        if (sink) (void)daemon->flush(*sink, *clock);
    }
};
struct SessionError {
    bool usage = false;  // a bad config file or --now: a usage error (exit 2)
    std::string message;
};
core::Result<OrganiserSession, SessionError> open_organiser_session(const std::string& config_file,
                                                                    const std::string& now,
                                                                    const std::string& templates);

}  // namespace ck::app
