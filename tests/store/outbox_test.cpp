// Outbox: sending through a Maildir, back-off schedule, give-up, permanent failure, order.
#include <catch2/catch.hpp>

#include <deque>
#include <string>
#include <vector>

#include "core/temp_dir.hpp"
#include "mail/maildir.hpp"
#include "store/outbox.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using namespace std::chrono_literals;
using ck::mail::MailError;
using ck::mail::MailErrorCode;
using ck::test::at;
using ck::test::names_in;
using ck::test::slurp;
using ck::test::TempDir;

namespace {

// A sink that answers from a script (then succeeds) and records every call.
class ScriptedSink final : public ck::mail::MailSink {
public:
    std::deque<MailError> failures;  // returned first, one per call
    bool always_fail_transient = false;
    std::vector<std::string> sent;  // raw messages of successful calls
    int calls = 0;

    ck::core::Result<void, MailError> send(const std::string&, const std::vector<std::string>&,
                                           const std::string& raw) override {
        ++calls;
        if (always_fail_transient) {
            return ck::core::unexpected(
                MailError{MailErrorCode::Rejected, "mailbox busy", 451, true});
        }
        if (!failures.empty()) {
            MailError e = failures.front();
            failures.pop_front();
            return ck::core::unexpected(e);
        }
        sent.push_back(raw);
        return {};
    }
};

MailError transient(MailErrorCode code = MailErrorCode::Rejected) {
    return MailError{code, "try again later", code == MailErrorCode::Rejected ? 451 : 0, true};
}

void spool(Store& store, ck::core::TimePoint now,
           const std::vector<std::pair<std::string, std::string>>& mails) {
    Transaction tx(now);
    for (const auto& [rcpt, body] : mails) {
        tx.queue_mail(SpooledMail{"referee@club.example", {rcpt}, body});
    }
    REQUIRE(store.commit(tx));
}

}  // namespace

TEST_CASE("retry delays double from one minute up to one hour", "[outbox]") {
    const OutboxPolicy p;
    std::vector<long> minutes;
    for (int n = 1; n <= 9; ++n) minutes.push_back(retry_delay(n, p).count() / 60);
    CHECK(minutes == std::vector<long>{1, 2, 4, 8, 16, 32, 60, 60, 60});
    CHECK(retry_delay(1000, p) == 3600s);
}

TEST_CASE("flush delivers spooled mails into a Maildir and empties the spool", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path() / "var");
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0,
          {{"white@example.org", "Subject: one\r\n\r\nbody 1\r\n"},
           {"black@example.org", "Subject: two\r\n\r\nbody 2\r\n"}});
    ck::mail::MaildirSink sink(tmp.path() / "Maildir");
    REQUIRE(ck::mail::ensure_maildir(tmp.path() / "Maildir"));
    ck::core::FixedClock clock(t0);
    Outbox outbox(*store);
    auto r = outbox.flush(sink, clock);
    REQUIRE(r);
    CHECK(r->sent == 2);
    CHECK(r->waiting == 0);
    CHECK(outbox.pending()->empty());
    const auto delivered = names_in(tmp.path() / "Maildir" / "new");
    REQUIRE(delivered.size() == 2);
    std::vector<std::string> bodies;
    for (const auto& n : delivered) bodies.push_back(slurp(tmp.path() / "Maildir" / "new" / n));
    std::sort(bodies.begin(), bodies.end());
    CHECK(bodies == std::vector<std::string>{"Subject: one\r\n\r\nbody 1\r\n",
                                             "Subject: two\r\n\r\nbody 2\r\n"});
    auto again = outbox.flush(sink, clock);
    REQUIRE(again);
    CHECK(again->sent == 0);
}

TEST_CASE("transient failures back off 1, 2, 4 minutes, then the mail goes", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"white@example.org", "the mail"}});
    ScriptedSink sink;
    sink.failures = {transient(), transient(), transient()};
    ck::core::FixedClock clock(t0);
    Outbox outbox(*store);

    auto expect_state = [&](int attempts, ck::core::TimePoint next) {
        auto pending = outbox.pending();
        REQUIRE(pending);
        REQUIRE(pending->size() == 1);
        CHECK(pending->front().attempts == attempts);
        CHECK(ck::core::format_iso8601(pending->front().next_attempt) ==
              ck::core::format_iso8601(next));
        CHECK(pending->front().last_error == "SMTP 451: try again later");
    };
    REQUIRE(outbox.flush(sink, clock)->deferred == 1);
    expect_state(1, t0 + 1min);

    clock.set(t0 + 59s);  // not due yet: the sink is not called
    auto early = outbox.flush(sink, clock);
    REQUIRE(early);
    CHECK(early->waiting == 1);
    CHECK(sink.calls == 1);

    clock.set(t0 + 1min);
    REQUIRE(outbox.flush(sink, clock)->deferred == 1);
    expect_state(2, t0 + 1min + 2min);
    clock.set(t0 + 3min);
    REQUIRE(outbox.flush(sink, clock)->deferred == 1);
    expect_state(3, t0 + 3min + 4min);
    clock.set(t0 + 7min);
    auto last = outbox.flush(sink, clock);
    REQUIRE(last);
    CHECK(last->sent == 1);
    CHECK(sink.calls == 4);
    CHECK(sink.sent == std::vector<std::string>{"the mail"});
    CHECK(outbox.pending()->empty());
    CHECK(outbox.failed()->empty());
}

TEST_CASE("the spooled retry state survives a restart", "[outbox]") {
    TempDir tmp;
    const auto t0 = at("2026-11-21T15:30:00Z");
    ScriptedSink sink;
    sink.failures = {transient(), transient()};
    ck::core::FixedClock clock(t0);
    {
        auto store = Store::open(tmp.path());
        REQUIRE(store);
        spool(*store, t0, {{"white@example.org", "m"}});
        Outbox outbox(*store);
        REQUIRE(outbox.flush(sink, clock));
        clock.set(t0 + 1min);
        REQUIRE(outbox.flush(sink, clock));
    }
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    Outbox outbox(*store);
    clock.set(t0 + 2min);  // due only at t0 + 3 min
    CHECK(outbox.flush(sink, clock)->waiting == 1);
    clock.set(t0 + 3min);
    CHECK(outbox.flush(sink, clock)->sent == 1);
}

TEST_CASE("a mail still failing after the give-up time moves to failed/", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"white@example.org", "m"}});
    ScriptedSink sink;
    sink.always_fail_transient = true;
    ck::core::FixedClock clock(t0);
    OutboxPolicy policy;
    policy.give_up_after = 24h;
    Outbox outbox(*store, policy);
    int rounds = 0;
    while (!outbox.pending()->empty() && rounds < 3000) {
        REQUIRE(outbox.flush(sink, clock));
        clock.advance(1min);
        ++rounds;
    }
    // Attempts at 0, 1, 3, 7, 15, 31, 63 min (7), then hourly at 123, 183, ..., 1443 min (23):
    // the 30th attempt is the first at or after 24 h = 1440 min, and gives up.
    CHECK(sink.calls == 30);
    CHECK(clock.now() == t0 + 1444min);
    auto failed = outbox.failed();
    REQUIRE(failed);
    REQUIRE(failed->size() == 1);
    CHECK(failed->front().attempts == 30);
    CHECK(failed->front().last_error.rfind("gave up after 30 attempts: SMTP 451", 0) == 0);
    CHECK(failed->front().raw_message == "m");
}

TEST_CASE("a permanent failure moves the mail to failed/ with the reason", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"nobody@example.org", "bounce me"}, {"white@example.org", "fine"}});
    ScriptedSink sink;
    sink.failures = {MailError{MailErrorCode::Rejected, "no such user", 550, false}};
    ck::core::FixedClock clock(t0);
    Outbox outbox(*store);
    auto r = outbox.flush(sink, clock);
    REQUIRE(r);
    CHECK(r->failed == 1);
    CHECK(r->sent == 1);
    CHECK(outbox.pending()->empty());
    auto failed = outbox.failed();
    REQUIRE(failed->size() == 1);
    CHECK(failed->front().recipients == std::vector<std::string>{"nobody@example.org"});
    CHECK(failed->front().last_error == "permanent failure: SMTP 550: no such user");
    CHECK(names_in(tmp.path() / "outbox" / "failed") ==
          std::vector<std::string>{"00000000000000000001.mail"});
}

TEST_CASE("mails go in FIFO order, a waiting mail holding back later mails to its recipient",
          "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"x@example.org", "A"}, {"x@example.org", "B"}, {"y@example.org", "C"}});
    spool(*store, t0, {{"y@example.org", "D"}});
    ScriptedSink sink;
    sink.failures = {transient()};  // A fails once
    ck::core::FixedClock clock(t0);
    Outbox outbox(*store);
    auto r = outbox.flush(sink, clock);
    REQUIRE(r);
    CHECK(r->deferred == 1);
    CHECK(r->waiting == 1);  // B, behind A
    CHECK(r->sent == 2);
    CHECK(sink.sent == std::vector<std::string>{"C", "D"});
    clock.advance(1min);
    REQUIRE(outbox.flush(sink, clock)->sent == 2);
    CHECK(sink.sent == std::vector<std::string>{"C", "D", "A", "B"});
}

TEST_CASE("after a connection failure the rest waits for the next flush", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"x@example.org", "A"}, {"y@example.org", "B"}, {"z@example.org", "C"}});
    ScriptedSink sink;
    sink.failures = {transient(MailErrorCode::Connect)};
    ck::core::FixedClock clock(t0);
    Outbox outbox(*store);
    auto r = outbox.flush(sink, clock);
    REQUIRE(r);
    CHECK(sink.calls == 1);
    CHECK(r->deferred == 1);
    CHECK(r->waiting == 2);
    // B and C were not attempted, so they stay due now and carry no failure.
    auto pending = outbox.pending();
    REQUIRE(pending->size() == 3);
    CHECK(pending->at(1).attempts == 0);
    CHECK(pending->at(2).attempts == 0);
}

TEST_CASE("flush first applies a committed but unapplied journal", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    Transaction tx(t0);
    tx.queue_mail(SpooledMail{"", {"x@example.org"}, "from the journal"});
    REQUIRE(store->commit_journal_only_for_test(tx));
    ScriptedSink sink;
    ck::core::FixedClock clock(t0);
    Outbox outbox(*store);
    REQUIRE(outbox.flush(sink, clock)->sent == 1);
    CHECK(sink.sent == std::vector<std::string>{"from the journal"});
    CHECK(names_in(tmp.path() / "journal").empty());
}
