// crazykrieg serve [--config FILE] [--once] [--now ISO-8601] [--templates DIR] [--poll SECONDS]
// (docs/cli.md): loops the mail pass (daemon::Daemon::step, which ends with an outbox flush) every
// poll interval until SIGTERM/SIGINT; the message in hand is finished, then exit 0. It holds
// <store>/serve.lock and the store for its life, with one daemon::Daemon (its game repository's
// cache, templates, secret, player registry) across passes; organiser commands reach it
// through the request spool (request_client.hpp), which wakes it before the poll interval.
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>

#include "app/command_rows.hpp"
#include "app/daemon_setup.hpp"
#include "app/request_client.hpp"
#include "core/file_lock.hpp"
#include "core/log.hpp"
#include "daemon/mail_pass.hpp"
#include "site/site.hpp"

namespace ck::app {
namespace {

volatile std::sig_atomic_t stop_flag = 0;

extern "C" void on_stop_signal(int) { stop_flag = 1; }

// The certificate problem of the mail source or sink, or "" when there is none.
std::string certificate_refusal(mail::MailSource& source, mail::MailSink& sink) {
    if (auto listed = source.list_pending();
        !listed && listed.error().code == mail::MailErrorCode::Certificate)
        return "mail source: " + listed.error().message;
    if (auto checked = sink.check();
        !checked && checked.error().code == mail::MailErrorCode::Certificate)
        return "mail sink: " + checked.error().message;
    return {};
}

constexpr const char* Usage =
    "usage: crazykrieg serve [--config FILE] [--once] [--now ISO-8601] [--templates DIR] "
    "[--poll SECONDS]\n";

int run_serve(const Args& args) {
    namespace po = boost::program_options;
    std::string config_file, now, templates_option, poll_text;
    po::options_description opts;
    opts.add_options()("help,h", "")("config", po::value<std::string>(&config_file), "")(
        "once", "")("now", po::value<std::string>(&now), "")(
        "templates", po::value<std::string>(&templates_option), "")(
        "poll", po::value<std::string>(&poll_text), "");
    po::variables_map vm;
    if (auto done = parse_options("serve", args, opts, vm, Usage)) return *done;
    const bool once = vm.count("once") > 0;
    int poll = 5;
    if (vm.count("poll")) {
        try {
            poll = std::stoi(poll_text);
        } catch (...) {
            poll = 0;
        }
        if (poll < 1 || poll > 3600) return usage_error("serve", "--poll must be 1..3600");
    }
    auto config = load_daemon_config(config_file);
    if (!config) return usage_error("serve", config.error());
    const std::filesystem::path templates = templates_dir(templates_option, *config);
    auto clock = make_clock(now);
    if (!clock) return usage_error("serve", clock.error());
    auto source = make_source(*config);
    auto sink = make_sink(*config);
    if (!source || !sink) {
        const core::Error& e = !source ? source.error() : sink.error();
        // A wrong [imap]/[smtp] key is a bad configuration (exit 2, as a file that does not
        // parse); a password file or Maildir that cannot be read or made, exit 1 (docs/cli.md).
        if (e.kind == core::ErrorKind::Invalid) return usage_error("serve", e.detail);
        std::cerr << "crazykrieg serve: " << e.detail << "\n";
        return ExitFailure;
    }
    // One serve per store, for its whole life (a second one refuses to start). It waits a
    // moment for serve.lock: a command looking whether a daemon runs holds it for an instant.
    std::error_code ec;
    std::filesystem::create_directories(config->store_dir, ec);
    auto serving = core::FileLock::acquire(std::filesystem::path(config->store_dir) / "serve.lock",
                                           std::chrono::seconds(2));
    if (!serving) {
        std::cerr << "crazykrieg serve: another serve is running on the store " << config->store_dir
                  << ": " << serving.error().message << "\n";
        return ExitFailure;
    }
    // The daemon lives as long as the process and holds the store (its lock) all along; the
    // opening checks everything at once (templates, secret, store): a broken set-up stops here
    // with the reason. Its kind chooses the exit code, as above: Invalid (templates that do not
    // load, a secret file that is not one) is the configuration's (exit 2: the service is not
    // restarted, README "The service"); anything else may pass (exit 1).
    auto opened = daemon::Daemon::open(*config, templates, StoreWait);
    if (!opened) {
        if (opened.error().kind == core::ErrorKind::Invalid)
            return usage_error("serve", opened.error().detail);
        std::cerr << "crazykrieg serve: " << opened.error().detail << "\n";
        return ExitFailure;
    }
    daemon::Daemon& d = *opened;
    d.serve_requests(run_hosted);
    const daemon::RequestSpool requests(config->store_dir);
    if (auto made = requests.prepare(); !made) {
        std::cerr << "crazykrieg serve: " << made.error().detail << "\n";
        return ExitFailure;
    }
    // README "TLS": a certificate that fails verification is a set-up error, not an outage:
    // refuse to run (exit 1, the reason on stderr) before any mail is touched. A server that
    // is merely down is retried by the passes.
    if (auto refused = certificate_refusal(**source, **sink); !refused.empty()) {
        std::cerr << "crazykrieg serve: " << refused << "\n";
        return ExitFailure;
    }
    stop_flag = 0;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
    const auto stop = [] { return stop_flag != 0; };
    bool first_pass = true;
    // What the site was rendered from: a pass re-renders only the games that changed.
    site::SiteCache site_cache;
    site_cache.load_through(&d.game_repository());  // the games the pass kept: no replay
    for (;;) {
        const auto pass_start = std::chrono::steady_clock::now();
        const daemon::StepReport report = d.step(**source, **sink, **clock, stop);
        const auto pass_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::steady_clock::now() - pass_start)
                                 .count();
        // The site (README "The club's web pages"): on the first pass, then after each pass
        // that committed something; only the games whose files changed are rendered again, and
        // only changed files are rewritten (each atomically).
        if (!config->site_dir.empty() &&
            (first_pass ||
             report.handled + report.clock_events + report.requests + report.bot_turns > 0)) {
            site_cache.changed(d.store().take_written_games());
            auto site = site::write_site(d.store(), d.players(), d.templates().set(),
                                         config->site_dir, &site_cache);
            if (!site)
                core::operator_log().error("site: " + site.error().detail);
            else if (site->written > 0)
                core::operator_log().info("site: " + std::to_string(site->written) +
                                          " file(s) rewritten, " + std::to_string(site->replayed) +
                                          " game(s) replayed");
        }
        first_pass = false;
        // A failed sync stopped the store (store.hpp, "Fail-stop"): this process may not write
        // it again, and only a new open replays its journals. Exit, so that the service
        // manager (or the organiser) starts serve again.
        if (const core::IoError* stopped = d.store().stopped()) {
            std::cerr << "crazykrieg serve: " << stopped->describe()
                      << "; start serve again (it replays the store's journals)\n";
            return ExitFailure;
        }
        if (report.certificate_error) {
            std::cerr << "crazykrieg serve: " << report.error << "\n";
            return ExitFailure;
        }
        // The pass summary; its replay counter (README "Benchmarks"): games read from their
        // record because the repository did not keep them; last, the pass's wall time (the
        // step: mail, clock, requests, outbox flush and bots; the site update is not in it).
        if (report.handled + report.failed + report.requests + report.bot_turns > 0)
            core::operator_log().info(
                "mail pass: " + std::to_string(report.handled) + " handled, " +
                std::to_string(report.failed) + " left" +
                (report.permanent ? " (" + std::to_string(report.permanent) +
                                        " that retrying will not mend: see the ERROR lines)"
                                  : std::string()) +
                ", " + std::to_string(report.requests) + " request(s), " +
                std::to_string(report.replays) + " game(s) replayed, " +
                std::to_string(report.kept_loads) + " kept" +
                (report.bot_turns ? ", " + std::to_string(report.bot_turns) + " bot turn(s)"
                                  : std::string()) +
                "; " + std::to_string(pass_ms) + " ms");
        // docs/cli.md: `--once` exits 0 on success; a source or outbox that failed, or mails left
        // pending (retried by the next pass), is no success (exit 1, the reason on stderr).
        if (once && (!report.error.empty() || report.failed > 0)) {
            std::cerr << "crazykrieg serve: "
                      << (report.error.empty() ? std::to_string(report.failed) +
                                                     " message(s) left pending (see the log)"
                                               : report.error)
                      << "\n";
            return ExitFailure;
        }
        if (once) break;
        // Sleep until the next poll, a signal, or an organiser request.
        for (int t = 0; t < poll * 20 && !stop_flag && !requests.has_new(); ++t)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (stop_flag) break;
    }
    return ExitOk;
}

}  // namespace

Command serve_command() {
    return {"serve", "the play-by-mail daemon (Maildir default)", run_serve};
}
}  // namespace ck::app
