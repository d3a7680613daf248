// crazykrieg config check [--config FILE] [--templates DIR] [--connect] (docs/cli.md: "More (...,
// config check) as the README documents them"): what a club organiser runs before `serve`.
// Prints the effective settings (never a password or the server secret), then checks what
// `serve` will need: the template folder, the store and Maildir folders, the server secret and
// password files (readable, not readable by others), and with --connect the mail servers (IMAP:
// log in and count the unseen messages; SMTP: EHLO, STARTTLS and AUTH as configured, NOOP).
// Each finding is one line; "problem: ..." lines make the exit status 1, "warning: ..." lines
// do not. Exit 0 when there is no problem, 2 on a usage error.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "app/command_rows.hpp"
#include "app/daemon_setup.hpp"
#include "compose/compose.hpp"
#include "core/config_location.hpp"
#include "core/data_files.hpp"
#include "daemon/transport_config.hpp"
#include "league/config.hpp"
#include "league/time_control.hpp"
#include "mail/imap.hpp"
#include "mail/smtp.hpp"

namespace ck::app {
namespace {

namespace fs = std::filesystem;

class Report {
public:
    void line(const std::string& key, const std::string& value) {
        std::cout << key << ": " << value << "\n";
    }
    void problem(const std::string& what) {
        std::cout << "problem: " << what << "\n";
        ++problems_;
    }
    void warning(const std::string& what) { std::cout << "warning: " << what << "\n"; }
    int problems() const { return problems_; }

private:
    int problems_ = 0;
};

// A directory the daemon writes: one line "KEY: LABEL DIR [(state)]", or a problem.
void check_writable_dir(Report& r, const std::string& key, const std::string& label,
                        const std::string& dir) {
    const std::string what = label.empty() ? key : label;
    std::error_code ec;
    if (fs::is_directory(dir, ec)) {
        if (::access(dir.c_str(), W_OK | X_OK) != 0)
            r.problem(what + " " + dir + " is not writable");
        else
            r.line(key, label + (label.empty() ? "" : " ") + dir);
        return;
    }
    if (fs::exists(dir, ec)) {
        r.problem(what + " " + dir + " is not a directory");
        return;
    }
    fs::path parent = fs::absolute(dir, ec).parent_path();
    while (!parent.empty() && !fs::exists(parent, ec) && parent != parent.root_path())
        parent = parent.parent_path();
    if (::access(parent.c_str(), W_OK | X_OK) != 0)
        r.problem(what + " " + dir + " does not exist and cannot be created under " +
                  parent.string());
    else
        r.line(key, label + (label.empty() ? "" : " ") + dir + " (created on first use)");
}

// A file holding a secret: only its owner may read it.
void check_private_file(Report& r, const std::string& what, const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return;  // reading it reports the error
    if ((st.st_mode & 0077) != 0)
        r.warning(what + " " + path + " can be read by others (chmod 600 " + path + ")");
}

void check_secret(Report& r, const league::Config& c) {
    std::error_code ec;
    if (!fs::exists(c.secret_file, ec)) {
        r.line("secret", c.secret_file + " (created on first use)");
        return;
    }
    auto secret = league::read_secret_file(c.secret_file);
    if (!secret) {
        r.problem("secret: " + secret.error().message);
        return;
    }
    r.line("secret", c.secret_file + " (present)");
    check_private_file(r, "secret", c.secret_file);
}

// README "TLS": which CAs the server's certificate is checked against.
void check_ca_file(Report& r, const std::string& section, bool tls, bool verify,
                   const std::string& ca_file) {
    if (!tls) {
        r.line(section + " tls", "none (plain connection, starttls = no)");
        return;
    }
    if (!verify) {
        r.line(section + " tls", "certificate NOT verified (verify_tls = no)");
        return;
    }
    if (ca_file.empty()) {
        r.line(section + " tls", "certificate verified against the system's CAs");
        return;
    }
    std::ifstream in(ca_file);
    if (!in)
        r.problem(section + ".ca_file: cannot read " + ca_file);
    else
        r.line(section + " tls", "certificate verified against " + ca_file);
}

void check_source(Report& r, const league::Config& c, bool connect) {
    if (c.source == league::Config::Source::Maildir) {
        check_writable_dir(r, "source", "maildir", c.inbox);
        return;
    }
    r.line("source", "imap " + c.imap_url + " as " + c.imap_user +
                         (c.imap_processed_folder.empty()
                              ? ", handled mail flagged \\Seen"
                              : ", handled mail moved to " + c.imap_processed_folder));
    auto imap = daemon::imap_client_config(c);
    if (!imap) {
        r.problem("imap: " + imap.error().detail);
        return;
    }
    check_private_file(r, "imap.password_file", c.imap_password_file);
    check_ca_file(r, "imap",
                  imap->url.rfind("imaps://", 0) == 0 || imap->tls != mail::TlsMode::None,
                  c.imap_verify_tls, c.imap_ca_file);
    if (!connect) return;
    mail::ImapSource source(std::move(*imap));
    auto pending = source.list_pending();
    if (!pending)
        r.problem("imap connection: " + pending.error().message);
    else
        r.line("imap connection", "ok, " + std::to_string(pending->size()) + " message(s) waiting");
}

void check_sink(Report& r, const league::Config& c, bool connect) {
    if (c.sink == league::Config::Sink::Maildir) {
        check_writable_dir(r, "sink", "maildir", c.outbox);
        return;
    }
    r.line("sink",
           "smtp " + c.smtp_url + (c.smtp_user.empty() ? ", no AUTH" : " as " + c.smtp_user));
    auto smtp = daemon::smtp_client_config(c);
    if (!smtp) {
        r.problem("smtp: " + smtp.error().detail);
        return;
    }
    if (!c.smtp_user.empty()) check_private_file(r, "smtp.password_file", c.smtp_password_file);
    check_ca_file(r, "smtp",
                  smtp->url.rfind("smtps://", 0) == 0 || smtp->tls != mail::TlsMode::None,
                  c.smtp_verify_tls, c.smtp_ca_file);
    if (!connect) return;
    mail::SmtpSink sink(std::move(*smtp));
    auto ok = sink.check();
    if (!ok)
        r.problem("smtp connection: " + ok.error().message);
    else
        r.line("smtp connection", "ok");
}

int run_config(const Args& args) {
    std::string config_file, templates;
    bool connect = false;
    std::vector<std::string> words;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << "usage: crazykrieg config check [--config FILE] [--templates DIR] "
                         "[--connect]\n"
                         "  prints the effective settings and checks what serve needs; "
                         "--connect also\n"
                         "  logs in to the IMAP and SMTP servers. Exit 1 when a problem is "
                         "found.\n";
            return ExitOk;
        }
        if (a == "--config" || a == "--templates") {
            if (i + 1 >= args.size()) return usage_error("config", a + " needs a value");
            (a == "--config" ? config_file : templates) = args[++i];
        } else if (a == "--connect") {
            connect = true;
        } else if (!a.empty() && a[0] == '-') {
            return usage_error("config", "unknown option '" + a + "'");
        } else {
            words.push_back(a);
        }
    }
    if (words.size() != 1 || words[0] != "check") return usage_error("config", "expected check");

    Report r;
    // Which file every command would use, and why (core/config_location.hpp).
    const core::ConfigChoice chosen = core::locate_config(config_file);
    r.line("config",
           chosen.file.empty() ? chosen.origin : chosen.file + " (" + chosen.origin + ")");
    auto loaded = load_daemon_config(config_file, StoreUse::Read);
    if (!loaded) {
        r.problem(loaded.error());
        // Every problem of the file, not only the first (league/config.hpp ConfigError::more).
        if (!config_file.empty())
            if (auto again = league::load_config_file(config_file); !again)
                for (const std::string& m : again.error().more) r.problem(m);
        return ExitFailure;
    }
    const league::Config& c = *loaded;
    r.line("referee address", c.referee_address);
    check_writable_dir(r, "store", "", c.store_dir);
    check_secret(r, c);
    check_source(r, c, connect);
    check_sink(r, c, connect);
    // The folder every command would use, and why (core/data_files.hpp).
    const core::DataDir found = core::locate_templates(templates, c.templates);
    auto t = compose::Templates::load(found.dir);
    if (!t)
        r.problem("templates: " + t.error().message + " (" + found.origin + ")");
    else
        r.line("templates", found.dir.string() + " (" + found.origin + "; " +
                                std::to_string(compose::kind_names().size()) + " kinds of mail)");
    r.line(
        "club",
        "default_time " + league::format_time_control(c.default_time) + ", reminder_days " +
            std::to_string(c.reminder_days) + ", leave_days_per_year " +
            std::to_string(c.leave_days_per_year) + ", challenge_days " +
            std::to_string(c.challenge_days) + ", unknown_sender_reply " +
            (c.unknown_sender_reply == league::Config::UnknownSenderReply::None ? "none"
                                                                                : "once-per-day") +
            ", rated " + (c.rated ? "yes" : "no"));
    r.line("site", c.site_dir.empty() ? std::string("none") : c.site_dir);
    if (r.problems() > 0) {
        std::cout << r.problems() << " problem(s)\n";
        return ExitFailure;
    }
    std::cout << "ok\n";
    return ExitOk;
}

}  // namespace

Command config_command() {
    return {"config", "check the configuration (check [--connect])", run_config};
}
}  // namespace ck::app
