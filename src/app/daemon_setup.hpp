#pragma once
// Shared set-up of the daemon subcommands (serve, deliver, game, player): the configuration
// (--config FILE, $CRAZYKRIEG_CONFIG, the installed system file or the embedded default under
// ./var/: core/config_location.hpp), the clock (--now ISO-8601) and the
// configured mail source (Maildir or IMAP) and sink (Maildir or SMTP).
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/result.hpp"
#include "daemon/config.hpp"
#include "daemon/mail_pass.hpp"
#include "mail/source.hpp"
#include "store/store.hpp"

namespace ck::app {

// How long a command waits for the store while another command holds it. `serve` holds the
// store for its life: while it runs, commands reach it through the request spool instead
// (request_client.hpp) and never wait here for it.
inline constexpr std::chrono::seconds StoreWait{30};

// While `serve` runs an organiser request (request_client.hpp), the daemon it runs in, else
// null. A command run so uses that daemon's configuration, store, players and templates
// instead of opening its own, and leaves its mails to the daemon's pass to send.
daemon::Daemon* hosting_daemon();
class HostedRun {
public:
    explicit HostedRun(daemon::Daemon& d);
    ~HostedRun();
    HostedRun(const HostedRun&) = delete;
    HostedRun& operator=(const HostedRun&) = delete;

private:
    daemon::Daemon* outer_;
};

// The store a command reads and writes: opened by the command (waiting up to StoreWait), or
// the hosting daemon's.
class CommandStore {
public:
    explicit CommandStore(store::Store& hosted) : store_(&hosted) {}
    explicit CommandStore(std::unique_ptr<store::Store> owned)
        : owned_(std::move(owned)), store_(owned_.get()) {}
    store::Store& operator*() const { return *store_; }
    store::Store* operator->() const { return store_; }

private:
    std::unique_ptr<store::Store> owned_;
    store::Store* store_;
};
// `club`: through daemon::open_club_store (the club state migrated), else store::Store::open.
core::Result<CommandStore, std::string> open_command_store(const daemon::Config& config,
                                                           bool club = true);

// Loads the configuration chosen by core::locate_config (core/config_location.hpp):
// `config_file` (--config, empty when not given), else $CRAZYKRIEG_CONFIG, else the installed
// binary's system configuration, else the embedded default.
// StoreUse::Write (every command that opens the store: opening may replay a journal or create
// files) also refuses a store owned by another user (cli/store_owner.hpp); Read (config check,
// backup, which never write into the store) does not.
enum class StoreUse { Read, Write };
core::Result<daemon::Config, std::string> load_daemon_config(const std::string& config_file,
                                                             StoreUse use = StoreUse::Write);

// The template folder: --templates (`option`, empty when not given), else [mail] templates, else
// beside the executable or compiled in (core/data_files.hpp; README "Finding its files").
std::filesystem::path templates_dir(const std::string& option, const daemon::Config& config);

// A FixedClock at `now` (ISO 8601) or the system clock when empty.
core::Result<std::unique_ptr<core::Clock>, std::string> make_clock(const std::string& now);

// Creates `dir` and its parents, then the Maildir's tmp/new/cur.
core::Result<void, std::string> ensure_maildir_path(const std::string& dir);

// The configured source and sink. Maildir: the directory is created when missing. IMAP/SMTP:
// the password files are read now (an error names the key, never the password); nothing
// connects until the first call, so a server that is down is a per-pass error, not this one.
core::Result<std::unique_ptr<mail::MailSource>, std::string> make_source(
    const daemon::Config& config);
core::Result<std::unique_ptr<mail::MailSink>, std::string> make_sink(const daemon::Config& config);

// What an organiser command that changes games (`game new`, `game follow`, `tournament new`,
// `tournament start`) works with: the configuration, the clock (--now), the configured sink and
// the daemon, opened waiting up to StoreWait for the store.
struct OrganiserSession {
    daemon::Config config;
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
