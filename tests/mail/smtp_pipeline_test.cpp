// mail/smtp_pipeline.hpp: SMTP replies (multi-line, split anywhere) and dot-stuffing.
#include <catch2/catch.hpp>
#include <string>

#include "mail/smtp_pipeline.hpp"

using ck::mail::detail::dot_stuff;
using ck::mail::detail::SmtpReply;
using ck::mail::detail::take_smtp_reply;

TEST_CASE("SMTP replies: multi-line, several in one buffer, incomplete", "[smtp][smtp_pipeline]") {
    std::string buf =
        "250-mail.example.test\r\n250-PIPELINING\r\n250 8BITMIME\r\n550 5.1.1 <x@y>: User "
        "unknown\r\n354 End data with <CR><LF>.<CR><LF>\r\n25";
    SmtpReply r;
    REQUIRE(take_smtp_reply(buf, r));
    CHECK(r.code == 250);
    REQUIRE(r.lines.size() == 3);
    CHECK(r.lines[1] == "PIPELINING");
    CHECK(r.text == "8BITMIME");
    REQUIRE(take_smtp_reply(buf, r));
    CHECK(r.code == 550);
    CHECK(r.text == "5.1.1 <x@y>: User unknown");
    REQUIRE(take_smtp_reply(buf, r));
    CHECK(r.code == 354);
    CHECK_FALSE(take_smtp_reply(buf, r));  // "25" waits for the rest
    buf += "0 2.0.0 Ok: queued\r\n";
    REQUIRE(take_smtp_reply(buf, r));
    CHECK(r.code == 250);
    CHECK(buf.empty());
    std::string junk = "hello\r\n";
    REQUIRE(take_smtp_reply(junk, r));
    CHECK(r.code == 0);
}

TEST_CASE("SMTP data: dot-stuffing and the end line", "[smtp][smtp_pipeline]") {
    CHECK(dot_stuff("a\r\n.b\r\n..c\r\n") == "a\r\n..b\r\n...c\r\n.\r\n");
    CHECK(dot_stuff(".\r\n") == "..\r\n.\r\n");
    CHECK(dot_stuff("no end") == "no end\r\n.\r\n");
    CHECK(dot_stuff("x.\r\n") == "x.\r\n.\r\n");
}
