// crazykrieg deliver [--config FILE] [--now ISO-8601] [--templates DIR] < message.eml
// (docs/cli.md, for an MTA's pipe delivery). The message is first stored in the inbox Maildir
// (mail.inbox; exit 75, EX_TEMPFAIL, when that fails: the MTA retries). Then one mail pass runs
// on that Maildir, the same code path as `serve --once`, and the replies leave through the
// configured sink (Maildir or SMTP). The inbox Maildir is deliver's own spool whatever
// mail.source says: with source = imap, `serve` reads IMAP and deliver still works. When the
// store is locked by a running `serve`, the stored message is left in the inbox (a `serve` on
// source = maildir picks it up) and deliver still exits 0: it was accepted durably.
#include <iostream>
#include <iterator>
#include <string>

#include "app/command_rows.hpp"
#include "app/daemon_setup.hpp"
#include "cli/store_owner.hpp"
#include "core/log.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/request_spool.hpp"
#include "mail/maildir.hpp"

namespace ck::app {
namespace {

constexpr const char* Usage =
    "usage: crazykrieg deliver [--config FILE] [--now ISO-8601] [--templates DIR] < message.eml\n";

int run_deliver(const Args& args) {
    namespace po = boost::program_options;
    std::string config_file, now, templates;
    po::options_description opts;
    opts.add_options()("help,h", "")("config", po::value<std::string>(&config_file), "")(
        "now", po::value<std::string>(&now), "")("templates", po::value<std::string>(&templates),
                                                 "");
    po::variables_map vm;
    if (auto done = parse_options("deliver", args, opts, vm, Usage)) return *done;
    auto config = load_daemon_config(config_file, StoreUse::Read);
    if (!config) return usage_error("deliver", config.error());
    // Run as the wrong user (master.cf's user=): the MTA keeps the mail and retries once the
    // organiser mended it (cli/store_owner.hpp), rather than bouncing it.
    if (auto mine = cli::check_store_owner(config->store_dir); !mine) {
        std::cerr << "crazykrieg deliver: " << mine.error() << "\n";
        return ExitTempFail;
    }
    auto clock = make_clock(now);
    if (!clock) return usage_error("deliver", clock.error());
    const std::string raw{std::istreambuf_iterator<char>(std::cin),
                          std::istreambuf_iterator<char>()};
    if (!std::cin.eof() && std::cin.fail()) {
        std::cerr << "crazykrieg deliver: cannot read stdin\n";
        return ExitTempFail;
    }
    if (auto ok = ensure_maildir_path(config->inbox); !ok) {
        std::cerr << "crazykrieg deliver: " << ok.error() << "\n";
        return ExitTempFail;
    }
    mail::MaildirSink inbox(config->inbox);
    // The MTA hands the mail over now: its arrival, for deadlines (README "Time controls"),
    // also when a running `serve` rules it later.
    if (auto stored = inbox.deliver(raw, (*clock)->now()); !stored) {
        std::cerr << "crazykrieg deliver: cannot store the message: " << stored.error().message
                  << "\n";
        return ExitTempFail;
    }
    // A running `serve` holds the store for its life and takes the mail from the inbox itself.
    if (daemon::RequestSpool(config->store_dir).serving()) return ExitOk;
    mail::MaildirSource source(config->inbox);
    auto sink = make_sink(*config);
    if (!sink) {
        core::operator_log().error("deliver: " + sink.error().detail +
                                   "; message left in the inbox");
        return ExitOk;
    }
    auto d = daemon::Daemon::open(*config, templates_dir(templates, *config), StoreWait);
    if (!d) {
        // Stored either way: a store another command holds passes (WARN); a broken set-up (the
        // templates, a corrupt store) waits for the operator (ERROR, core/error.hpp).
        const std::string line = "deliver: " + d.error().detail + "; message left in the inbox";
        if (d.error().transient())
            core::operator_log().warn(line);
        else
            core::operator_log().error(line);
        return ExitOk;
    }
    d->step(source, **sink, **clock);
    return ExitOk;
}

}  // namespace

Command deliver_command() {
    return {"deliver", "process one message from stdin (MTA pipe)", run_deliver};
}
}  // namespace ck::app
