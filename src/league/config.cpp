#include "league/config.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/text.hpp"
#include "league/mail_url.hpp"

namespace ck::league {
namespace po = boost::program_options;
namespace {

// Every key of config/crazykrieg.conf.example, as section.key.
const char* const Keys[] = {"store.dir",
                            "mail.source",
                            "mail.inbox",
                            "mail.outbox",
                            "mail.sink",
                            "mail.referee_address",
                            "mail.secret_file",
                            "mail.templates",
                            "mail.trusted_authserv_id",
                            "imap.url",
                            "imap.user",
                            "imap.password_file",
                            "imap.processed_folder",
                            "imap.starttls",
                            "imap.verify_tls",
                            "imap.ca_file",
                            "smtp.url",
                            "smtp.user",
                            "smtp.password_file",
                            "smtp.starttls",
                            "smtp.verify_tls",
                            "smtp.ca_file",
                            "club.default_time",
                            "club.reminder_days",
                            "club.leave_days_per_year",
                            "club.challenge_days",
                            "club.unknown_sender_reply",
                            "club.rated",
                            "site.dir"};

core::Unexpected<ConfigError> fail(ConfigError::Code code, const std::string& name, int line,
                                   const std::string& what) {
    std::string where = name;
    if (line > 0) where += ":" + std::to_string(line);
    return core::unexpected(ConfigError{code, where + ": " + what, line, {}});
}

// What scan finds: section.key -> line, the text with every faulty line blanked (for po,
// which stops at the first), and the faults in line order.
struct Scan {
    std::map<std::string, int> lines;
    std::string clean;
    std::vector<ConfigError> errors;
};

// Pre-scan for the errors po reports without a line: unknown keys, duplicates, bad lines. Every
// faulty line is reported (config check lists them all), not only the first.
Scan scan(const std::string& text, const std::string& name) {
    Scan out;
    std::istringstream in(text);
    std::string raw, section;
    int line_no = 0;
    const auto fault = [&](ConfigError::Code code, const std::string& what) {
        out.errors.push_back(fail(code, name, line_no, what).error());
        out.clean += "\n";
    };
    // A faulty section line makes its keys unknown: they are reported, not guessed at.
    bool section_ok = true;
    while (std::getline(in, raw)) {
        ++line_no;
        const std::string line = core::trim_ascii(raw);
        if (line.empty() || line[0] == '#' || line[0] == ';') {
            out.clean += raw + "\n";
            continue;
        }
        if (line.front() == '[') {
            section_ok = line.back() == ']';
            if (!section_ok) {
                fault(ConfigError::Code::Syntax, "bad section line");
                continue;
            }
            section = core::trim_ascii(line.substr(1, line.size() - 2));
            out.clean += raw + "\n";
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string::npos) {
            fault(ConfigError::Code::Syntax, "expected key = value: " + line);
            continue;
        }
        const std::string key =
            (section.empty() ? "" : section + ".") + core::trim_ascii(line.substr(0, eq));
        if (!section_ok) {
            out.clean += "\n";  // already reported with its section line
            continue;
        }
        if (std::find(std::begin(Keys), std::end(Keys), key) == std::end(Keys)) {
            fault(ConfigError::Code::UnknownKey, "unknown key '" + key + "'");
            continue;
        }
        if (!out.lines.emplace(key, line_no).second) {
            fault(ConfigError::Code::Duplicate, "key '" + key + "' given twice (first on line " +
                                                    std::to_string(out.lines[key]) + ")");
            continue;
        }
        out.clean += raw + "\n";
    }
    return out;
}

}  // namespace

Config default_config() { return Config{}; }

const std::vector<std::string>& config_keys() {
    static const std::vector<std::string> keys(std::begin(Keys), std::end(Keys));
    return keys;
}

core::Result<Config, ConfigError> load_config(std::istream& in, const std::string& name) {
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return fail(ConfigError::Code::Unreadable, name, 0, "cannot read");
    const std::string text = buffer.str();
    Scan scanned = scan(text, name);
    std::vector<ConfigError>& errors = scanned.errors;
    const std::map<std::string, int>* lines = &scanned.lines;

    po::options_description desc;
    for (const char* key : Keys) desc.add_options()(key, po::value<std::string>());
    po::variables_map vm;
    try {
        std::istringstream again(scanned.clean);
        po::store(po::parse_config_file(again, desc, false), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return fail(ConfigError::Code::Syntax, name, 0, e.what());
    }

    Config c = default_config();
    const auto get = [&](const char* key, std::string& out) {
        if (vm.count(key)) out = core::trim_ascii(vm[key].as<std::string>());
    };
    // A bad value is noted and the next key checked: every problem of the file is reported.
    const auto bad = [&](const std::string& key, const std::string& what) {
        errors.push_back(
            fail(ConfigError::Code::BadValue, name, lines->at(key), key + ": " + what).error());
    };
    const auto get_bool = [&](const char* key, bool& out) -> bool {
        if (!vm.count(key)) return true;
        const std::string v = core::trim_ascii(vm[key].as<std::string>());
        if (v == "yes" || v == "true" || v == "on" || v == "1") {
            out = true;
        } else if (v == "no" || v == "false" || v == "off" || v == "0") {
            out = false;
        } else {
            return false;
        }
        return true;
    };
    const auto get_days = [&](const char* key, int& out) -> bool {
        if (!vm.count(key)) return true;
        const std::string v = core::trim_ascii(vm[key].as<std::string>());
        if (v.empty() || v.size() > 4 || v.find_first_not_of("0123456789") != std::string::npos) {
            return false;
        }
        out = std::stoi(v);
        return true;
    };

    get("store.dir", c.store_dir);
    if (vm.count("mail.source")) {
        const std::string v = core::trim_ascii(vm["mail.source"].as<std::string>());
        if (v == "maildir")
            c.source = Config::Source::Maildir;
        else if (v == "imap")
            c.source = Config::Source::Imap;
        else
            bad("mail.source", "expected maildir or imap, got '" + v + "'");
    }
    if (vm.count("mail.sink")) {
        const std::string v = core::trim_ascii(vm["mail.sink"].as<std::string>());
        if (v == "maildir")
            c.sink = Config::Sink::Maildir;
        else if (v == "smtp")
            c.sink = Config::Sink::Smtp;
        else
            bad("mail.sink", "expected maildir or smtp, got '" + v + "'");
    }
    get("mail.inbox", c.inbox);
    get("mail.outbox", c.outbox);
    get("mail.referee_address", c.referee_address);
    {
        const auto at = c.referee_address.find('@');
        if (at == std::string::npos || at == 0 || at + 1 == c.referee_address.size() ||
            c.referee_address.find('+') != std::string::npos) {
            bad("mail.referee_address", "expected local@domain without '+'");
        }
    }
    get("mail.secret_file", c.secret_file);
    get("mail.templates", c.templates);
    get("mail.trusted_authserv_id", c.trusted_authserv_id);
    if (c.trusted_authserv_id.find_first_of(" \t;()\"\\") != std::string::npos)
        bad("mail.trusted_authserv_id", "expected one authserv-id (a host name)");
    get("imap.url", c.imap_url);
    if (vm.count("imap.url")) {
        if (auto u = parse_mail_url(c.imap_url, "imap", "imaps"); !u)
            bad("imap.url", u.error().detail);
    }
    get("imap.user", c.imap_user);
    get("imap.password_file", c.imap_password_file);
    get("imap.processed_folder", c.imap_processed_folder);
    for (const char ch : c.imap_processed_folder) {
        // Sent as an IMAP quoted string; non-ASCII names would need modified UTF-7.
        if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) > 0x7e ||
            ch == '"' || ch == '\\')
            bad("imap.processed_folder", "printable ASCII without quotes or backslashes");
    }
    const std::pair<const char*, bool*> flags[] = {{"imap.starttls", &c.imap_starttls},
                                                   {"imap.verify_tls", &c.imap_verify_tls},
                                                   {"smtp.starttls", &c.smtp_starttls},
                                                   {"club.rated", &c.rated},
                                                   {"smtp.verify_tls", &c.smtp_verify_tls}};
    for (const auto& [key, out] : flags)
        if (!get_bool(key, *out)) bad(key, "expected yes or no");
    get("smtp.url", c.smtp_url);
    if (vm.count("smtp.url")) {
        if (auto u = parse_mail_url(c.smtp_url, "smtp", "smtps"); !u)
            bad("smtp.url", u.error().detail);
        else if (!u->path.empty())
            bad("smtp.url", "expected no path: smtp://HOST[:PORT]");
    }
    get("imap.ca_file", c.imap_ca_file);
    get("smtp.ca_file", c.smtp_ca_file);
    get("smtp.user", c.smtp_user);
    get("site.dir", c.site_dir);
    get("smtp.password_file", c.smtp_password_file);
    if (vm.count("club.default_time")) {
        auto tc = parse_time_control(core::trim_ascii(vm["club.default_time"].as<std::string>()));
        if (!tc)
            bad("club.default_time", tc.error().message);
        else
            c.default_time = *tc;
    }
    if (!get_days("club.reminder_days", c.reminder_days)) {
        bad("club.reminder_days", "expected a whole number of days");
    }
    if (!get_days("club.leave_days_per_year", c.leave_days_per_year) ||
        c.leave_days_per_year > 366) {
        bad("club.leave_days_per_year", "expected 0..366 days");
    }
    if (!get_days("club.challenge_days", c.challenge_days) || c.challenge_days < 1) {
        bad("club.challenge_days", "expected a whole number of days, at least 1");
    }
    if (vm.count("club.unknown_sender_reply")) {
        // "no"/"yes" are accepted as older spellings of none/once-per-day.
        const std::string v = core::trim_ascii(vm["club.unknown_sender_reply"].as<std::string>());
        if (v == "none" || v == "no")
            c.unknown_sender_reply = Config::UnknownSenderReply::None;
        else if (v == "once-per-day" || v == "yes")
            c.unknown_sender_reply = Config::UnknownSenderReply::OncePerDay;
        else
            bad("club.unknown_sender_reply", "expected none or once-per-day, got '" + v + "'");
    }
    for (const char* key : {"store.dir", "mail.inbox", "mail.outbox", "mail.secret_file"}) {
        if (vm.count(key) && core::trim_ascii(vm[key].as<std::string>()).empty()) {
            bad(key, "must not be empty");
        }
    }
    if (!errors.empty()) {
        std::stable_sort(
            errors.begin(), errors.end(),
            [](const ConfigError& a, const ConfigError& b) { return a.line < b.line; });
        ConfigError first = errors.front();
        for (std::size_t i = 1; i < errors.size(); ++i) first.more.push_back(errors[i].message);
        return core::unexpected(std::move(first));
    }
    return c;
}

core::Result<Config, ConfigError> load_config_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(ConfigError::Code::Unreadable, path, 0, "cannot open the config file");
    auto c = load_config(in, path);
    if (!c) return c;
    // Relative paths of a config file are relative to its directory (config.hpp).
    const std::filesystem::path base = std::filesystem::absolute(path).parent_path();
    for (std::string* p :
         {&c->store_dir, &c->inbox, &c->outbox, &c->secret_file, &c->templates,
          &c->imap_password_file, &c->smtp_password_file, &c->imap_ca_file, &c->smtp_ca_file}) {
        if (!p->empty() && std::filesystem::path(*p).is_relative())
            *p = (base / *p).lexically_normal().string();
    }
    return c;
}

core::Result<std::string, ConfigError> read_secret_file(const std::string& path,
                                                        std::size_t min_length) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(ConfigError::Code::Unreadable, path, 0, "cannot open the secret file");
    std::string first;
    std::getline(in, first);
    if (in.bad())
        return fail(ConfigError::Code::Unreadable, path, 0, "cannot read the secret file");
    const auto end = first.find_last_not_of(" \t\r");
    first.erase(end == std::string::npos ? 0 : end + 1);
    if (first.size() < min_length) {
        // The message never contains the secret itself.
        return fail(ConfigError::Code::BadValue, path, 1,
                    "secret shorter than " + std::to_string(min_length) + " characters");
    }
    return first;
}

core::ErrorKind secret_error_kind(const ConfigError& e) {
    return e.code == ConfigError::Code::Unreadable ? core::ErrorKind::Transient
                                                   : core::ErrorKind::Invalid;
}

}  // namespace ck::league
