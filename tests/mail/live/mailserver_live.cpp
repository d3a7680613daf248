// Live tests against real postfix + dovecot on loopback, started by the CTest fixture
// (scripts/mailtest.sh start /tmp/ck-mailtest). Exit 77 (skipped) when not root or the server
// packages are missing -- the same conditions under which the fixture skips. As root with the
// packages installed, servers that do not answer are a failure, never a silent pass.
// "[.throughput]" is a manual load check: mail_live_tests "[.throughput]" (CK_MAIL_BENCH_N).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "core/clock.hpp"
#include "mail/imap.hpp"
#include "mail/message.hpp"
#include "mail/outgoing.hpp"
#include "mail/smtp.hpp"

using namespace ck::mail;
using Clock = std::chrono::steady_clock;

namespace {

std::string env_or(const char* name, const char* fallback) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' ? v : fallback;
}

const std::string SmtpUrl = "smtp://127.0.0.1:" + env_or("SMTP_PORT", "10025");
const std::string ImapUrl = "imap://127.0.0.1:" + env_or("IMAP_PORT", "10143");

SmtpSink make_sink() {
    SmtpConfig c;
    c.url = SmtpUrl;
    c.helo_name = "live-test.example.test";
    c.timeout_seconds = 30;
    return SmtpSink(c);
}

ImapConfig imap_config(const std::string& user, const std::string& mailbox = "INBOX",
                       const std::string& done_folder = "") {
    ImapConfig c;
    c.url = ImapUrl;
    c.mailbox = mailbox;
    c.username = user;
    c.password = "secret";
    c.done_folder = done_folder;
    c.timeout_seconds = 30;
    return c;
}

// A unique suffix per run, so tests never match mail of an earlier run.
std::string run_token() {
    static const std::string t =
        std::to_string(std::chrono::system_clock::now().time_since_epoch().count() %
                       100000000000LL) +
        "p" + std::to_string(::getpid());
    return t;
}

std::string make_mail(const std::string& to, const std::string& message_id,
                      const std::string& text) {
    OutgoingMail m;
    m.from = {"White Player", "white@example.test"};
    m.to = {{"Referee", to}};
    m.subject = "Re: [crazykrieg #42] Z\xC3\xBCge";
    m.message_id = message_id;
    m.text_body = text;
    m.date = std::chrono::system_clock::now();
    std::string raw = render_mime(m);
    // Replies from players are not automatic: drop our own Auto-Submitted marker.
    const std::string marker = "Auto-Submitted: auto-generated\r\n";
    raw.erase(raw.find(marker), marker.size());
    return raw;
}

// Polls `source` until a pending message with `message_id` shows up; returns its UID.
std::string wait_for(ImapSource& source, const std::string& message_id, std::chrono::seconds limit,
                     MailMessage* out = nullptr) {
    const auto deadline = Clock::now() + limit;
    while (Clock::now() < deadline) {
        auto pending = source.list_pending();
        REQUIRE(pending.has_value());
        for (const SourceId& uid : pending.value()) {
            auto raw = source.fetch(uid);
            REQUIRE(raw.has_value());
            auto parsed = parse_message(raw.value());
            REQUIRE(parsed.has_value());
            if (parsed->message_id == message_id) {
                if (out != nullptr) *out = parsed.value();
                return uid;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    FAIL("message " << message_id << " not delivered within " << limit.count() << " s");
    return {};
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace

TEST_CASE("live: SMTP to a plus-address, IMAP fetch, parse, mark done (\\Seen)", "[mailserver]") {
    const std::string token = "42.w." + run_token();
    const std::string rcpt = "referee+" + token + "@example.test";
    const std::string id = "seen." + run_token() + "@example.test";
    SmtpSink sink = make_sink();
    auto sent = sink.send(
        "white@example.test", {rcpt},
        make_mail(rcpt, id, "Nf3\n\nOn Sat, 21 Nov 2026, Referee wrote:\n> Your move.\n"));
    INFO((sent ? std::string() : sent.error().message));
    REQUIRE(sent.has_value());

    ImapSource source(imap_config("referee@example.test"));
    MailMessage m;
    const std::string uid = wait_for(source, id, std::chrono::seconds(10), &m);
    CHECK(m.body_text == "Nf3");
    CHECK(m.subject == "Re: [crazykrieg #42] Z\xC3\xBCge");
    CHECK(m.from_address == "white@example.test");
    CHECK(m.delivered_to == std::vector<std::string>{rcpt});
    CHECK(contains(m.envelope_recipients, rcpt));
    CHECK(m.return_path == std::optional<std::string>("white@example.test"));
    CHECK_FALSE(m.is_automatic());

    // Fetching alone must not consume it: still pending until the caller commits.
    auto again = source.list_pending();
    REQUIRE(again.has_value());
    CHECK(contains(again.value(), uid));

    REQUIRE(source.mark_done(uid).has_value());
    auto after = source.list_pending();
    REQUIRE(after.has_value());
    CHECK_FALSE(contains(after.value(), uid));
    CHECK(source.mark_done(uid).has_value());  // idempotent

    auto missing = source.fetch("999999");
    REQUIRE_FALSE(missing.has_value());
    CHECK(missing.error().code == MailErrorCode::NotFound);

    // Plus-addressing delivered to referee only: white's INBOX has nothing with this id.
    ImapSource white(imap_config("white@example.test", "INBOX", "Done"));
    auto white_pending = white.list_pending();
    REQUIRE(white_pending.has_value());
    for (const SourceId& u : white_pending.value()) {
        auto raw = white.fetch(u);
        REQUIRE(raw.has_value());
        CHECK(parse_message(raw.value())->message_id != id);
    }
}

TEST_CASE("live: move-to-folder mode creates the folder and moves the message", "[mailserver]") {
    const std::string rcpt = "referee+7.b." + run_token() + "@example.test";
    const std::string id = "move." + run_token() + "@example.test";
    SmtpSink sink = make_sink();
    REQUIRE(sink.send("black@example.test", {rcpt}, make_mail(rcpt, id, "resign\n")).has_value());

    const std::string folder = "Processed " + run_token();  // a name with a space, new each run
    ImapSource source(imap_config("referee@example.test", "INBOX", folder));
    MailMessage m;
    const std::string uid = wait_for(source, id, std::chrono::seconds(10), &m);
    CHECK(m.body_text == "resign");
    REQUIRE(source.mark_done(uid).has_value());
    auto left = source.list_pending();
    REQUIRE(left.has_value());
    CHECK_FALSE(contains(left.value(), uid));

    // It is in the folder now (done_folder set only so that pending = every message there).
    ImapSource moved(imap_config("referee@example.test", folder, "Archive"));
    MailMessage found;
    (void)wait_for(moved, id, std::chrono::seconds(2), &found);
    CHECK(found.body_text == "resign");
}

TEST_CASE("live: SMTP refusals are permanent and carry the reply code", "[mailserver]") {
    SmtpSink sink = make_sink();
    auto unknown =
        sink.send("white@example.test", {"nobody@example.test"}, "Subject: x\r\n\r\nx\r\n");
    REQUIRE_FALSE(unknown.has_value());
    CHECK(unknown.error().response_code == 550);
    CHECK_FALSE(unknown.error().transient);
    auto relay =
        sink.send("white@example.test", {"someone@elsewhere.test"}, "Subject: x\r\n\r\nx\r\n");
    REQUIRE_FALSE(relay.has_value());
    CHECK(relay.error().response_code == 554);
    CHECK_FALSE(relay.error().transient);
    // The connection is still usable after refusals.
    const std::string id = "after-refusal." + run_token() + "@example.test";
    CHECK(sink.send("white@example.test", {"black@example.test"},
                    make_mail("black@example.test", id, "x\n"))
              .has_value());
}

TEST_CASE("live: wrong IMAP password is a permanent error", "[mailserver]") {
    ImapConfig c = imap_config("referee@example.test");
    c.password = "wrong";
    ImapSource source(c);
    auto r = source.list_pending();
    REQUIRE_FALSE(r.has_value());
    CHECK_FALSE(r.error().transient);
    CHECK(r.error().message.find("wrong") == std::string::npos);
}

TEST_CASE("live throughput: N messages SMTP -> IMAP fetch + parse + mark done", "[.throughput]") {
    const int n = std::atoi(env_or("CK_MAIL_BENCH_N", "200").c_str());
    const std::string rcpt = "black+bench." + run_token() + "@example.test";
    SmtpSink sink = make_sink();
    const auto t0 = Clock::now();
    for (int i = 0; i < n; ++i) {
        const std::string id = "bench." + std::to_string(i) + "." + run_token() + "@example.test";
        auto r = sink.send("white@example.test", {rcpt},
                           make_mail(rcpt, id, "move " + std::to_string(i) + "\n"));
        REQUIRE(r.has_value());
    }
    const auto t1 = Clock::now();
    ImapSource source(imap_config("black@example.test"));
    size_t pending = 0;
    while (Clock::now() < t1 + std::chrono::seconds(60)) {
        auto p = source.list_pending();
        REQUIRE(p.has_value());
        pending = p->size();
        if (pending >= static_cast<size_t>(n)) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const auto t2 = Clock::now();
    REQUIRE(pending >= static_cast<size_t>(n));
    auto uids = source.list_pending();
    REQUIRE(uids.has_value());
    int ok = 0;
    Clock::duration fetching{};
    Clock::duration parsing{};
    for (const SourceId& uid : uids.value()) {
        const auto f0 = Clock::now();
        auto raw = source.fetch(uid);
        REQUIRE(raw.has_value());
        const auto f1 = Clock::now();
        auto m = parse_message(raw.value());
        REQUIRE(m.has_value());
        parsing += Clock::now() - f1;
        fetching += f1 - f0;
        if (m->body_text.rfind("move ", 0) == 0 && contains(m->delivered_to, rcpt)) ++ok;
        REQUIRE(source.mark_done(uid).has_value());
    }
    const auto t3 = Clock::now();
    CHECK(ok == n);
    CHECK(source.list_pending()->empty());
    auto secs = [](auto d) { return std::chrono::duration<double>(d).count(); };
    std::printf(
        "throughput N=%d: SMTP send %.2f s (%.0f msg/s); all delivered %.2f s after first send; "
        "IMAP fetch+parse+mark done %.2f s (%.0f msg/s); total %.2f s\n",
        n, secs(t1 - t0), n / secs(t1 - t0), secs(t2 - t0), secs(t3 - t2), n / secs(t3 - t2),
        secs(t3 - t0));
    std::printf("  of which fetch (incl. clearing \\Seen) %.2f s, parse %.3f s, mark done %.2f s\n",
                secs(fetching), secs(parsing), secs(t3 - t2) - secs(fetching) - secs(parsing));
}

int main(int argc, char* argv[]) {
    if (::geteuid() != 0) {
        std::printf(
            "SKIP: live mail server tests need root (scripts/mailtest.sh runs postfix and "
            "dovecot)\n");
        return 77;
    }
    for (const char* p : {"/usr/sbin/postfix", "/usr/sbin/dovecot", "/usr/lib/dovecot/imap",
                          "/usr/lib/dovecot/lmtp"}) {
        if (!std::filesystem::exists(p)) {
            std::printf(
                "SKIP: %s missing: install postfix dovecot-imapd dovecot-lmtpd "
                "(scripts/setup.sh)\n",
                p);
            return 77;
        }
    }
    return Catch::Session().run(argc, argv);
}
