// SMTP and IMAP error classification without a server: nothing listens on the port used.
#include <catch2/catch.hpp>

#include "mail/imap.hpp"
#include "mail/smtp.hpp"

using namespace ck::mail;

// Port 9 (discard) on loopback: nothing listens there on a test machine.
TEST_CASE("SmtpSink: refused connection is a transient Connect error", "[smtp]") {
    SmtpSink sink({"smtp://127.0.0.1:9", "test.example", "", "", TlsMode::None, true, 5, 10, ""});
    auto r = sink.send("referee@example.test", {"white@example.test"}, "Subject: x\n\nbody\n");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code == MailErrorCode::Connect);
    CHECK(r.error().transient);
    CHECK(r.error().response_code == 0);
}

TEST_CASE("SmtpSink: check() on a refused connection is a transient Connect error", "[smtp]") {
    SmtpSink sink({"smtp://127.0.0.1:9", "test.example", "", "", TlsMode::None, true, 5, 10, ""});
    auto r = sink.check();
    REQUIRE_FALSE(r);
    CHECK(r.error().code == MailErrorCode::Connect);
    CHECK(r.error().transient);
    CHECK(r.error().message.find("smtp://127.0.0.1:9") != std::string::npos);
}

TEST_CASE("SmtpSink: bad input is permanent and sends nothing", "[smtp]") {
    SmtpSink sink({"smtp://127.0.0.1:9", "test.example", "", "", TlsMode::None, true, 5, 10, ""});
    auto none = sink.send("a@example.test", {}, "x");
    REQUIRE_FALSE(none.has_value());
    CHECK(none.error().code == MailErrorCode::InvalidInput);
    CHECK_FALSE(none.error().transient);
    auto bad = sink.send("a@example.test", {"b@example.test>\r\nRCPT TO:<c@x"}, "x");
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code == MailErrorCode::InvalidInput);
}

TEST_CASE("ImapSource: refused connection is transient; bad UIDs are refused", "[imap]") {
    ImapConfig cfg;
    cfg.url = "imap://127.0.0.1:9";
    cfg.username = "u";
    cfg.password = "p";
    cfg.connect_timeout_seconds = 5;
    ImapSource src(cfg);
    auto r = src.list_pending();
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().transient);
    CHECK(r.error().message.find("p@") == std::string::npos);
    CHECK(src.fetch("1 OR 2").error().code == MailErrorCode::InvalidInput);
    CHECK(src.mark_done("0").error().code == MailErrorCode::InvalidInput);
}
