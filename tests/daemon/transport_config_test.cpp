// [imap]/[smtp] configuration -> mail client settings (daemon/transport_config.hpp), and the
// config keys that choose them.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "daemon/transport_config.hpp"
#include "league/config.hpp"

namespace fs = std::filesystem;
using ck::daemon::imap_client_config;
using ck::daemon::smtp_client_config;
using ck::league::Config;
using ck::league::parse_mail_url;
using ck::mail::TlsMode;

namespace {

class Dir {
public:
    Dir() : path_(fs::temp_directory_path() / ("ck-transport-" + std::to_string(::getpid()))) {
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~Dir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    std::string file(const std::string& name, const std::string& content) const {
        const fs::path p = path_ / name;
        std::ofstream(p, std::ios::binary) << content;
        return p.string();
    }

private:
    fs::path path_;
};

Config load(const std::string& text) {
    std::istringstream in(text);
    auto c = ck::league::load_config(in, "test.conf");
    INFO((c ? std::string() : c.error().message));
    REQUIRE(c);
    return *c;
}

}  // namespace

TEST_CASE("transport: mail URLs", "[transport_config]") {
    auto u = parse_mail_url("IMAPS://mail.example:993/Club%20Mail/", "imap", "imaps");
    REQUIRE(u);
    CHECK(u->scheme == "imaps");
    CHECK(u->server == "imaps://mail.example:993");
    CHECK(u->path == "Club Mail");
    u = parse_mail_url("smtp://127.0.0.1:10025", "smtp", "smtps");
    REQUIRE(u);
    CHECK(u->server == "smtp://127.0.0.1:10025");
    CHECK(u->path.empty());
    for (const char* bad : {"imap://", "imap://:143", "http://mail.example", "mail.example",
                            "imap://user:pw@mail.example", "imap://mail.example/INBOX;UID=1",
                            "imap://mail.example/INBOX?x", "imap://mail.example/%4", "imap://a b",
                            "imap://mail.example/%0d%0aX"}) {
        INFO(bad);
        CHECK_FALSE(parse_mail_url(bad, "imap", "imaps"));
    }
    // A password in the URL is refused, and the message does not repeat it.
    auto pw = parse_mail_url("imap://user:hunter2@mail.example", "imap", "imaps");
    REQUIRE_FALSE(pw);
    CHECK(pw.error().detail.find("hunter2") == std::string::npos);
}

TEST_CASE("transport: IMAP settings from the config, password from its file",
          "[transport_config]") {
    Dir dir;
    const std::string pw = dir.file("imap-pass", "s3cret pass\nignored\n");
    Config c = load(
        "[mail]\nsource = imap\n[imap]\nurl = imap://127.0.0.1:10143/INBOX\n"
        "user = referee@example.test\npassword_file = " +
        pw + "\nprocessed_folder = Done\nstarttls = no\n");
    auto i = imap_client_config(c);
    INFO((i ? std::string() : i.error().detail));
    REQUIRE(i);
    CHECK(i->url == "imap://127.0.0.1:10143");
    CHECK(i->mailbox == "INBOX");
    CHECK(i->username == "referee@example.test");
    CHECK(i->password == "s3cret pass");
    CHECK(i->done_folder == "Done");
    CHECK(i->tls == TlsMode::None);
    CHECK(i->verify_tls_peer);

    // The defaults: STARTTLS required on imap://, nothing extra on imaps://.
    c.imap_starttls = true;
    CHECK(imap_client_config(c)->tls == TlsMode::Required);
    c.imap_url = "imaps://mail.example";
    CHECK(imap_client_config(c)->tls == TlsMode::None);
    CHECK(imap_client_config(c)->mailbox == "INBOX");
    // An empty processed_folder is \Seen mode.
    c.imap_processed_folder.clear();
    CHECK(imap_client_config(c)->done_folder.empty());

    // No password file, or one that cannot be read: an error naming the key.
    c.imap_password_file.clear();
    auto none = imap_client_config(c);
    REQUIRE_FALSE(none);
    CHECK(none.error().detail.find("imap.password_file") != std::string::npos);
    c.imap_password_file = "/nonexistent/imap-pass";
    CHECK_FALSE(imap_client_config(c));
}

TEST_CASE("transport: SMTP settings from the config, AUTH only with a user", "[transport_config]") {
    Dir dir;
    Config c = load(
        "[mail]\nsink = smtp\nreferee_address = referee@example.test\n"
        "[smtp]\nurl = smtp://127.0.0.1:10025\nstarttls = no\n");
    auto s = smtp_client_config(c);
    REQUIRE(s);
    CHECK(s->url == "smtp://127.0.0.1:10025");
    CHECK(s->username.empty());
    CHECK(s->password.empty());
    CHECK(s->tls == TlsMode::None);
    CHECK(s->helo_name == "example.test");

    c.smtp_starttls = true;
    CHECK(smtp_client_config(c)->tls == TlsMode::Required);
    c.smtp_url = "smtps://mail.example:465";
    CHECK(smtp_client_config(c)->tls == TlsMode::None);

    c.smtp_user = "referee";
    auto missing = smtp_client_config(c);
    REQUIRE_FALSE(missing);
    CHECK(missing.error().detail.find("smtp.password_file") != std::string::npos);
    c.smtp_password_file = dir.file("smtp-pass", "pa55\n");
    auto with_auth = smtp_client_config(c);
    REQUIRE(with_auth);
    CHECK(with_auth->username == "referee");
    CHECK(with_auth->password == "pa55");
    c.smtp_user.clear();
    CHECK_FALSE(smtp_client_config(c));  // a password file without a user is a mistake
}

TEST_CASE("config: unknown_sender_reply takes none | once-per-day (and no | yes)", "[config]") {
    CHECK(ck::league::default_config().unknown_sender_reply == Config::UnknownSenderReply::None);
    CHECK(load("[club]\nunknown_sender_reply = none\n").unknown_sender_reply ==
          Config::UnknownSenderReply::None);
    CHECK(load("[club]\nunknown_sender_reply = no\n").unknown_sender_reply ==
          Config::UnknownSenderReply::None);
    CHECK(load("[club]\nunknown_sender_reply = once-per-day\n").unknown_sender_reply ==
          Config::UnknownSenderReply::OncePerDay);
    CHECK(load("[club]\nunknown_sender_reply = yes\n").unknown_sender_reply ==
          Config::UnknownSenderReply::OncePerDay);
}

TEST_CASE("transport: ca_file reaches both clients; empty means the system's CAs",
          "[transport_config]") {
    Dir dir;
    const std::string pw = dir.file("pass", "pw\n");
    Config c = load(
        "[mail]\nsource = imap\nsink = smtp\n[imap]\nurl = imaps://mail.example\n"
        "password_file = " +
        pw +
        "\nca_file = /etc/club/ca.pem\n[smtp]\n"
        "url = smtp://mail.example:587\nuser = referee@example.test\n"
        "password_file = " +
        pw + "\nca_file = /etc/club/smtp-ca.pem\n");
    CHECK(imap_client_config(c)->ca_file == "/etc/club/ca.pem");
    CHECK(smtp_client_config(c)->ca_file == "/etc/club/smtp-ca.pem");
    CHECK(ck::league::default_config().imap_ca_file.empty());
    CHECK(ck::league::default_config().smtp_ca_file.empty());
    c.imap_ca_file.clear();
    CHECK(imap_client_config(c)->ca_file.empty());
}

// The kinds of the settings' errors (transport_config.hpp): a key that is missing or wrong is
// Invalid, a password file that cannot be read Transient; the texts are config check's.
TEST_CASE("transport: a wrong key is Invalid, an unreadable password file Transient",
          "[transport_config][errors]") {
    using ck::core::ErrorKind;
    Dir dir;
    const std::string pw = dir.file("pass", "pw\n");
    Config c = load(
        "[mail]\nsource = imap\nsink = smtp\nreferee_address = referee@example.test\n"
        "[imap]\nurl = imap://127.0.0.1:10143\nuser = referee@example.test\npassword_file = " +
        pw + "\n[smtp]\nurl = smtp://127.0.0.1:10025\n");
    REQUIRE(imap_client_config(c));
    REQUIRE(smtp_client_config(c));
    // Each row changes one thing of c and names the error of the client settings it spoils.
    enum class Client { Imap, Smtp };
    const struct {
        Client client;
        std::function<void(Config&)> change;
        ErrorKind kind;
        std::string detail;
    } cases[] = {
        {Client::Imap, [](Config& k) { k.imap_url = "imap://user:pw@mail.example"; },
         ErrorKind::Invalid,
         "imap.url: no user or password in the URL: use the user and password_file keys"},
        {Client::Imap, [](Config& k) { k.imap_user.clear(); }, ErrorKind::Invalid,
         "imap.user is not set"},
        {Client::Imap, [](Config& k) { k.imap_password_file.clear(); }, ErrorKind::Invalid,
         "imap.password_file is not set (source = imap)"},
        {Client::Imap, [](Config& k) { k.imap_password_file = "/nonexistent/imap-pass"; },
         ErrorKind::Transient,
         "imap.password_file: /nonexistent/imap-pass: cannot open the secret file"},
        {Client::Smtp, [](Config& k) { k.smtp_url = "ftp://mail.example"; }, ErrorKind::Invalid,
         "smtp.url: expected smtp://HOST[:PORT] or smtps://..."},
        {Client::Smtp, [](Config& k) { k.smtp_url = "smtp://mail.example/path"; },
         ErrorKind::Invalid, "smtp.url: expected no path: smtp://HOST[:PORT]"},
        {Client::Smtp, [](Config& k) { k.smtp_user = "referee"; }, ErrorKind::Invalid,
         "smtp.user is set but smtp.password_file is not"},
        {Client::Smtp, [&](Config& k) { k.smtp_password_file = pw; }, ErrorKind::Invalid,
         "smtp.password_file is set but smtp.user is not"},
        {Client::Smtp,
         [](Config& k) {
             k.smtp_user = "referee";
             k.smtp_password_file = "/nonexistent/smtp-pass";
         },
         ErrorKind::Transient,
         "smtp.password_file: /nonexistent/smtp-pass: cannot open the secret file"},
    };
    for (const auto& row : cases) {
        INFO(row.detail);
        Config k = c;
        row.change(k);
        ck::core::Error e;
        if (row.client == Client::Imap) {
            auto i = imap_client_config(k);
            REQUIRE_FALSE(i);
            e = i.error();
        } else {
            auto s = smtp_client_config(k);
            REQUIRE_FALSE(s);
            e = s.error();
        }
        CHECK(e.kind == row.kind);
        CHECK(e.detail == row.detail);
    }
    // A password file that is read but holds no password: the text names the key (the rest is
    // the secret reader's).
    Config k = c;
    k.imap_password_file = dir.file("empty", "\n");
    auto empty = imap_client_config(k);
    REQUIRE_FALSE(empty);
    CHECK(empty.error().kind == ErrorKind::Invalid);
    CHECK(empty.error().detail.rfind("imap.password_file: ", 0) == 0);
}
