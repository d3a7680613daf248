// The INI config (docs/cli.md; keys of config/crazykrieg.conf.example).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "league/config.hpp"

namespace fs = std::filesystem;
using ck::league::Config;
using ck::league::ConfigError;
using ck::league::load_config_file;
using ck::league::read_secret_file;

namespace {

// A file in a fresh temporary directory, removed with the object.
class TempFile {
public:
    explicit TempFile(const std::string& content) {
        std::random_device rd;
        dir_ = fs::temp_directory_path() / ("ck-league-config-" + std::to_string(rd()));
        fs::create_directories(dir_);
        path_ = (dir_ / "crazykrieg.conf").string();
        std::ofstream(path_, std::ios::binary) << content;
    }
    ~TempFile() {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    const std::string& path() const { return path_; }
    // `relative` as the config file's relative paths are read: from the file's directory.
    std::string beside(const std::string& relative) const { return (dir_ / relative).string(); }

private:
    fs::path dir_;
    std::string path_;
};

const std::string Example = std::string(CK_TEST_DATA) + "/../../config/crazykrieg.conf.example";

}  // namespace

TEST_CASE("config: the embedded default is everything under ./var/, no mail server", "[config]") {
    const Config c = ck::league::default_config();
    CHECK(c.store_dir == "var/games");
    CHECK(c.inbox == "var/inbox");
    CHECK(c.outbox == "var/outbox");
    CHECK(c.source == Config::Source::Maildir);
    CHECK(c.sink == Config::Sink::Maildir);
    CHECK(c.default_time.kind == ck::league::TimeControl::Kind::DaysPerMove);
    CHECK(c.default_time.days == 3);
}

TEST_CASE("config: the example file loads and equals the default", "[config]") {
    auto c = load_config_file(Example);
    REQUIRE(c);
    CHECK(c->store_dir == (fs::absolute(Example).parent_path() / "var/games").lexically_normal());

    // Uncomment every key line of the example: each key must be known and at its default.
    std::ifstream in(Example);
    REQUIRE(in);
    std::ostringstream uncommented;
    std::string line, section;
    std::vector<std::string> keys;  // section.key of every commented key line, in order
    while (std::getline(in, line)) {
        if (line.size() > 1 && line[0] == '[') section = line.substr(1, line.find(']') - 1);
        if (line.size() > 1 && line[0] == '#' && line[1] != ' ' &&
            line.find('=') != std::string::npos) {
            line.erase(0, 1);
            std::string key = line.substr(0, line.find('='));
            key.erase(key.find_last_not_of(' ') + 1);
            keys.push_back(section + "." + key);
        }
        uncommented << line << '\n';
    }
    // The example documents exactly the keys the daemon knows, in the same order.
    CHECK(keys == ck::league::config_keys());
    TempFile f(uncommented.str());
    auto all = load_config_file(f.path());
    INFO((all ? std::string() : all.error().message));
    REQUIRE(all);
    const Config d = ck::league::default_config();
    CHECK(all->store_dir == f.beside(d.store_dir));
    CHECK(all->inbox == f.beside(d.inbox));
    CHECK(all->outbox == f.beside(d.outbox));
    CHECK(all->referee_address == d.referee_address);
    CHECK(all->secret_file == f.beside(d.secret_file));
    CHECK(all->imap_url == d.imap_url);
    CHECK(all->imap_user == d.imap_user);
    CHECK(all->imap_password_file == d.imap_password_file);
    CHECK(all->templates == d.templates);
    CHECK(all->imap_processed_folder == d.imap_processed_folder);
    CHECK(all->smtp_url == d.smtp_url);
    CHECK(all->smtp_user == d.smtp_user);
    CHECK(all->smtp_password_file == d.smtp_password_file);
    CHECK(all->smtp_starttls == d.smtp_starttls);
    CHECK(all->imap_starttls == d.imap_starttls);
    CHECK(all->imap_verify_tls == d.imap_verify_tls);
    CHECK(all->smtp_verify_tls == d.smtp_verify_tls);
    CHECK(all->default_time == d.default_time);
    CHECK(all->reminder_days == d.reminder_days);
    CHECK(all->leave_days_per_year == d.leave_days_per_year);
    CHECK(all->unknown_sender_reply == d.unknown_sender_reply);
}

TEST_CASE("config: values are read and typed", "[config]") {
    TempFile f(
        "# a club\n[store]\ndir = /srv/ck/games\n\n[mail]\nsource = imap\nsink = smtp\n"
        "referee_address = umpire@chess.example\nsecret_file=/etc/ck/secret\n"
        "[imap]\nurl = imaps://mail.example:993/INBOX\npassword_file = /etc/ck/imap\n"
        "[smtp]\nstarttls = no\n[club]\ndefault_time = 10/50d\nreminder_days = 2\n"
        "leave_days_per_year = 14\nunknown_sender_reply = once-per-day\n");
    auto c = load_config_file(f.path());
    INFO((c ? std::string() : c.error().message));
    REQUIRE(c);
    CHECK(c->store_dir == "/srv/ck/games");
    CHECK(c->source == Config::Source::Imap);
    CHECK(c->sink == Config::Sink::Smtp);
    CHECK(c->referee_address == "umpire@chess.example");
    CHECK(c->secret_file == "/etc/ck/secret");
    CHECK(c->imap_url == "imaps://mail.example:993/INBOX");
    CHECK(c->imap_password_file == "/etc/ck/imap");
    CHECK(c->inbox == f.beside("var/inbox"));  // untouched keys keep their default
    CHECK_FALSE(c->smtp_starttls);
    CHECK(c->default_time.kind == ck::league::TimeControl::Kind::MovesInDays);
    CHECK(c->reminder_days == 2);
    CHECK(c->leave_days_per_year == 14);
    CHECK(c->unknown_sender_reply == Config::UnknownSenderReply::OncePerDay);
}

TEST_CASE("config: relative paths are relative to the config file's directory", "[config]") {
    TempFile f(
        "[store]\ndir = games\n[mail]\ninbox = ../in\ntemplates = share/templates\n"
        "secret_file = /abs/secret\n[imap]\npassword_file = pw\n[smtp]\npassword_file = "
        "./smtp-pw\n");
    auto c = load_config_file(f.path());
    INFO((c ? std::string() : c.error().message));
    REQUIRE(c);
    CHECK(c->store_dir == f.beside("games"));
    CHECK(c->inbox == fs::path(f.beside("")).parent_path().parent_path() / "in");
    CHECK(c->outbox == f.beside("var/outbox"));  // a default too: no working directory
    CHECK(c->templates == f.beside("share/templates"));
    CHECK(c->secret_file == "/abs/secret");
    CHECK(c->imap_password_file == f.beside("pw"));
    CHECK(c->smtp_password_file == f.beside("smtp-pw"));
    CHECK(ck::league::default_config().templates.empty());  // found by core::locate_templates
}

TEST_CASE("config: unknown keys are named with their line", "[config]") {
    TempFile f("[mail]\nsource = maildir\n\n[smtp]\npassword = hunter2\n");
    auto c = load_config_file(f.path());
    REQUIRE_FALSE(c);
    CHECK(c.error().code == ConfigError::Code::UnknownKey);
    CHECK(c.error().line == 5);
    CHECK(c.error().message.find("smtp.password") != std::string::npos);
    CHECK(c.error().message.find(":5:") != std::string::npos);
    CHECK(c.error().message.find("hunter2") == std::string::npos);

    TempFile g("dir = var/games\n");  // a key outside its section
    c = load_config_file(g.path());
    REQUIRE_FALSE(c);
    CHECK(c.error().code == ConfigError::Code::UnknownKey);
    CHECK(c.error().message.find("'dir'") != std::string::npos);
}

TEST_CASE("config: bad values, bad lines, duplicates, missing file", "[config]") {
    struct Case {
        const char* text;
        ConfigError::Code code;
        int line;
    };
    using Code = ConfigError::Code;
    for (const Case& k : {Case{"[mail]\nsource = pop3\n", Code::BadValue, 2},
                          Case{"[mail]\nsink = sendmail\n", Code::BadValue, 2},
                          Case{"[mail]\nreferee_address = referee\n", Code::BadValue, 2},
                          Case{"[mail]\nreferee_address = ref+x@club.example\n", Code::BadValue, 2},
                          Case{"[club]\n\ndefault_time = 3 days\n", Code::BadValue, 3},
                          Case{"[club]\nreminder_days = -1\n", Code::BadValue, 2},
                          Case{"[club]\nunknown_sender_reply = maybe\n", Code::BadValue, 2},
                          Case{"[smtp]\nstarttls = sometimes\n", Code::BadValue, 2},
                          Case{"[imap]\nstarttls = maybe\n", Code::BadValue, 2},
                          Case{"[imap]\nverify_tls = 2\n", Code::BadValue, 2},
                          Case{"[imap]\nurl = pop3://mail.example\n", Code::BadValue, 2},
                          Case{"[imap]\nurl = imap://u:pw@mail.example/\n", Code::BadValue, 2},
                          Case{"[imap]\nprocessed_folder = a\"b\n", Code::BadValue, 2},
                          Case{"[smtp]\nurl = smtp://mail.example/helo\n", Code::BadValue, 2},
                          Case{"[smtp]\nurl = imap://mail.example\n", Code::BadValue, 2},
                          Case{"[store]\ndir =\n", Code::BadValue, 2},
                          Case{"[store]\njust some words\n", Code::Syntax, 2},
                          Case{"[store\ndir = x\n", Code::Syntax, 1},
                          Case{"[store]\ndir = a\ndir = b\n", Code::Duplicate, 3}}) {
        INFO(k.text);
        TempFile f(k.text);
        auto c = load_config_file(f.path());
        REQUIRE_FALSE(c);
        CHECK(c.error().code == k.code);
        CHECK(c.error().line == k.line);
    }
    auto c = load_config_file("/nonexistent/dir/crazykrieg.conf");
    REQUIRE_FALSE(c);
    CHECK(c.error().code == ConfigError::Code::Unreadable);
}

TEST_CASE("config: secrets come from the file a key names", "[config]") {
    TempFile f("0123456789abcdef0123\r\nsecond line ignored\n");
    auto s = read_secret_file(f.path(), 16);
    REQUIRE(s);
    CHECK(*s == "0123456789abcdef0123");
    TempFile short_secret("tiny42\n");
    auto t = read_secret_file(short_secret.path(), 16);
    REQUIRE_FALSE(t);
    CHECK(t.error().message.find("shorter than 16") != std::string::npos);
    CHECK(t.error().message.find("tiny42") == std::string::npos);  // never the secret itself
    CHECK(t.error().message.find(": secret") != std::string::npos);
    CHECK_FALSE(read_secret_file("/nonexistent/secret"));
    TempFile empty("");
    CHECK_FALSE(read_secret_file(empty.path()));
}
