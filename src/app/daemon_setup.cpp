#include "app/daemon_setup.hpp"

#include <filesystem>
#include <system_error>

#include "daemon/transport_config.hpp"
#include "mail/imap.hpp"
#include "mail/maildir.hpp"
#include "mail/smtp.hpp"

namespace ck::app {

core::Result<void, std::string> ensure_maildir_path(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return core::unexpected("cannot create " + dir + ": " + ec.message());
    auto ok = mail::ensure_maildir(dir);
    if (!ok) return core::unexpected(ok.error().message);
    return {};
}

namespace {
daemon::Daemon* hosting = nullptr;
}  // namespace

daemon::Daemon* hosting_daemon() { return hosting; }
HostedRun::HostedRun(daemon::Daemon& d)
    : club_(d.config(), d.store(), d.game_repository()), outer_(hosting) {
    hosting = &d;
}
HostedRun::~HostedRun() { hosting = outer_; }

core::Result<std::unique_ptr<mail::MailSource>, core::Error> make_source(
    const league::Config& config) {
    if (config.source == league::Config::Source::Imap) {
        auto imap = daemon::imap_client_config(config);
        if (!imap) return core::unexpected(imap.error());
        return std::unique_ptr<mail::MailSource>(
            std::make_unique<mail::ImapSource>(std::move(*imap)));
    }
    if (auto ok = ensure_maildir_path(config.inbox); !ok)
        return core::unexpected(core::transient_error(ok.error()));
    return std::unique_ptr<mail::MailSource>(std::make_unique<mail::MaildirSource>(config.inbox));
}

core::Result<std::unique_ptr<mail::MailSink>, core::Error> make_sink(const league::Config& config) {
    if (config.sink == league::Config::Sink::Smtp) {
        auto smtp = daemon::smtp_client_config(config);
        if (!smtp) return core::unexpected(smtp.error());
        return std::unique_ptr<mail::MailSink>(std::make_unique<mail::SmtpSink>(std::move(*smtp)));
    }
    if (auto ok = ensure_maildir_path(config.outbox); !ok)
        return core::unexpected(core::transient_error(ok.error()));
    return std::unique_ptr<mail::MailSink>(std::make_unique<mail::MaildirSink>(config.outbox));
}

core::Result<OrganiserSession, SessionError> open_organiser_session(const std::string& config_file,
                                                                    const std::string& now,
                                                                    const std::string& templates) {
    OrganiserSession s;
    auto config = load_daemon_config(config_file);
    if (!config) return core::unexpected(SessionError{true, config.error()});
    s.config = std::move(*config);
    s.templates = templates_dir(templates, s.config);
    auto clock = make_clock(now);
    if (!clock) return core::unexpected(SessionError{true, clock.error()});
    s.clock = std::move(*clock);
    if (hosting) {
        s.daemon = hosting;
        return s;
    }
    auto sink = make_sink(s.config);
    if (!sink) return core::unexpected(SessionError{false, sink.error().detail});
    s.sink = std::move(*sink);
    auto d = daemon::Daemon::open(s.config, s.templates, StoreWait);
    if (!d) return core::unexpected(SessionError{false, d.error().detail});
    s.owned = std::make_unique<daemon::Daemon>(std::move(*d));
    s.daemon = s.owned.get();
    return s;
}

}  // namespace ck::app
