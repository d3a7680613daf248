// daemon/sender_auth.hpp: which Authentication-Results let a mail act (README "Sender
// authentication"), one case per rule; and one pass of the daemon with the check configured.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "daemon/sender_auth.hpp"
#include "daemon_fixture.hpp"
#include "mail/message.hpp"

namespace {

using ck::daemon::check_sender_authentication;

// A mail from `from` with these Authentication-Results headers, topmost first.
ck::mail::MailMessage mail_with(const std::string& from, const std::vector<std::string>& ars) {
    std::string raw;
    for (const auto& a : ars) raw += "Authentication-Results: " + a + "\r\n";
    raw += "From: Alice <" + from +
           ">\r\nTo: referee@club.example\r\nSubject: x\r\n"
           "Message-ID: <m1@example.org>\r\n\r\n1. e4\r\n";
    auto m = ck::mail::parse_message(raw);
    REQUIRE(m);
    return *m;
}

bool passes(const std::string& from, const std::vector<std::string>& ars) {
    return check_sender_authentication(mail_with(from, ars), "mx.club.example").pass;
}

}  // namespace

TEST_CASE("sender authentication: not configured lets everything through",
          "[daemon][sender_auth]") {
    CHECK(check_sender_authentication(mail_with("a@example.org", {}), "").pass);
}

TEST_CASE("sender authentication: each passing result", "[daemon][sender_auth]") {
    const std::string a = "alice@example.org";
    CHECK(passes(a, {"mx.club.example; dmarc=pass header.from=example.org"}));
    CHECK(passes(a, {"mx.club.example; dkim=pass header.d=example.org"}));
    CHECK(passes(a, {"MX.Club.Example; dkim=pass header.d=EXAMPLE.org"}));  // case-insensitive
    CHECK(passes(a, {"mx.club.example; spf=pass smtp.mailfrom=bounce@example.org"}));
    CHECK(passes(a, {"mx.club.example; spf=pass smtp.mailfrom=mail.example.org"}));  // subdomain
    CHECK(passes(a, {"mx.club.example; spf=fail smtp.mailfrom=example.org; "
                     "dkim=pass header.d=example.org"}));  // one passing result suffices
}

TEST_CASE("sender authentication: results that do not vouch for the From domain",
          "[daemon][sender_auth]") {
    const std::string a = "alice@example.org";
    CHECK_FALSE(passes(a, {}));  // no header at all
    CHECK_FALSE(passes(a, {"mx.club.example; none"}));
    CHECK_FALSE(passes(a, {"mx.club.example; dmarc=fail; dkim=fail header.d=example.org; "
                           "spf=softfail smtp.mailfrom=example.org"}));
    CHECK_FALSE(passes(a, {"mx.club.example; dkim=pass header.d=attacker.example"}));
    CHECK_FALSE(passes(a, {"mx.club.example; dkim=pass header.d=sub.example.org"}));  // not equal
    CHECK_FALSE(passes(a, {"mx.club.example; spf=pass smtp.mailfrom=x@attacker.example"}));
    CHECK_FALSE(passes(a, {"mx.club.example; spf=pass smtp.mailfrom=x@notexample.org"}));
    CHECK_FALSE(passes(a, {"mx.club.example; dkim=neutral header.d=example.org"}));
}

TEST_CASE("sender authentication: other authserv-ids and forged copies are ignored",
          "[daemon][sender_auth]") {
    const std::string a = "alice@example.org";
    // Another server's verdict counts for nothing.
    CHECK_FALSE(passes(a, {"mx.elsewhere.example; dmarc=pass"}));
    CHECK(passes(a, {"mx.elsewhere.example; dmarc=fail",
                     "mx.club.example; dmarc=pass"}));  // the trusted one, below another id
    // The topmost header of the trusted id decides: a forged "pass" lower down (written by the
    // sender before the mail reached the club's MTA) does not help.
    CHECK_FALSE(passes(a, {"mx.club.example; dmarc=fail; dkim=none; spf=fail",
                           "mx.club.example; dmarc=pass; dkim=pass header.d=example.org"}));
    CHECK_FALSE(passes(a, {"mx.elsewhere.example; dmarc=pass", "mx.club.example; spf=fail",
                           "mx.club.example; dmarc=pass"}));
    // A header whose id only contains the trusted id is another id.
    CHECK_FALSE(passes(a, {"mx.club.example.attacker.example; dmarc=pass"}));
}

TEST_CASE("sender authentication in a pass: unauthenticated mail never acts",
          "[daemon][sender_auth][mail_pass]") {
    using namespace ck::daemon::test;
    DaemonFixture f("sender-auth", fixed_start(),
                    [](ck::league::Config& c) { c.trusted_authserv_id = "mx.club.example"; });
    f.add_player("White", "white@example.org");
    f.add_player("Black", "black@example.org");
    ck::daemon::NewGame g;
    g.variant = "crazyhouse";
    g.white = "white@example.org";
    g.black = "black@example.org";
    const auto id = f.start_game(g);
    const std::string reply = f.reply_address(to_string(id), ck::rules::Color::White);
    const auto move = [&](const std::string& mid, const std::string& ar) {
        return "Authentication-Results: " + ar + "\r\nFrom: White <white@example.org>\r\nTo: <" +
               reply + ">\r\nSubject: Re: game\r\nMessage-ID: <" + mid + ">\r\n\r\n1. e4\r\n";
    };
    // Forged: the sender wrote a passing header with the club's id, but the club's MTA (the
    // topmost header of that id) found nothing. Nothing acts: no turn mail to Black.
    f.deliver("Authentication-Results: mx.club.example; spf=fail smtp.mailfrom=example.org\r\n" +
              move("forged@example.org", "mx.club.example; dmarc=pass"));
    auto r = f.step();
    CHECK(r.handled == 1);
    CHECK(to(f.new_outgoing(), "black@example.org").empty());
    // Authenticated by DKIM: the move acts and Black hears of it.
    f.deliver(move("real@example.org", "mx.club.example; dkim=pass header.d=example.org"));
    r = f.step();
    CHECK(r.handled == 1);
    CHECK(to(f.new_outgoing(), "black@example.org").size() == 1);
}
