// Outbox: sending through a Maildir, back-off schedule, give-up, permanent failure, order.
#include <catch2/catch.hpp>

#include <deque>
#include <functional>
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
    bool batching = false;          // what begin_batch answers (end_batch does nothing)
    std::function<void()> on_send;  // called first in each send

    bool begin_batch() override { return batching; }
    ck::core::Result<void, MailError> send(const std::string&, const std::vector<std::string>&,
                                           std::string_view raw) override {
        if (on_send) on_send();
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
        sent.emplace_back(raw);
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

namespace {

// A sink that batches: sends are only recorded, end_batch fails on request.
class BatchSink final : public ck::mail::MailSink {
public:
    bool fail_batch = false;
    int batches = 0;
    std::vector<std::string> in_batch, durable;

    ck::core::Result<void, MailError> send(const std::string&, const std::vector<std::string>&,
                                           std::string_view raw) override {
        in_batch.emplace_back(raw);
        return {};
    }
    bool begin_batch() override {
        in_batch.clear();
        return true;
    }
    ck::core::Result<void, MailError> end_batch() override {
        ++batches;
        if (fail_batch) {
            in_batch.clear();
            return ck::core::unexpected(MailError{MailErrorCode::Filesystem, "disk full", 0, true});
        }
        durable.insert(durable.end(), in_batch.begin(), in_batch.end());
        in_batch.clear();
        return {};
    }
};

}  // namespace

TEST_CASE("mails of a fresh commit are sent from memory and never spooled", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"a@example.org", "one"}, {"b@example.org", "two"}});
    CHECK(store->unspooled_mails().size() == 2);
    CHECK(names_in(tmp.path() / "outbox") == std::vector<std::string>{"failed"});
    BatchSink sink;
    ck::core::FixedClock clock(t0);
    auto report = Outbox(*store).flush(sink, clock);
    REQUIRE(report);
    CHECK(report->sent == 2);
    CHECK(sink.batches == 1);
    CHECK(sink.durable == std::vector<std::string>{"one", "two"});
    CHECK(store->unspooled_mails().empty());
    CHECK(names_in(tmp.path() / "outbox") == std::vector<std::string>{"failed"});
    CHECK(names_in(tmp.path() / "journal").empty());  // checkpointed after sending
}

TEST_CASE("when the sink's batch fails every mail of it stays spooled", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"a@example.org", "one"}});
    REQUIRE(store->checkpoint());                   // "one" is a spool file now
    spool(*store, t0, {{"b@example.org", "two"}});  // "two" is in memory
    BatchSink sink;
    sink.fail_batch = true;
    ck::core::FixedClock clock(t0);
    Outbox outbox(*store);
    auto report = outbox.flush(sink, clock);
    REQUIRE(report);
    CHECK(report->sent == 0);
    CHECK(report->waiting == 2);
    auto pending = outbox.pending();
    REQUIRE(pending);
    REQUIRE(pending->size() == 2);
    CHECK(names_in(tmp.path() / "outbox").size() == 3);  // both spooled by the checkpoint
    sink.fail_batch = false;
    REQUIRE(outbox.flush(sink, clock)->sent == 2);
    CHECK(sink.durable == std::vector<std::string>{"one", "two"});
    CHECK(outbox.pending()->empty());
}

TEST_CASE("a deferred mail from memory is spooled with its retry state", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"a@example.org", "one"}});
    ScriptedSink sink;
    sink.batching = true;  // so the mail is sent from memory
    sink.failures.push_back(transient());
    ck::core::FixedClock clock(t0);
    Outbox outbox(*store);
    REQUIRE(outbox.flush(sink, clock)->deferred == 1);
    CHECK(store->unspooled_mails().empty());
    auto pending = outbox.pending();
    REQUIRE(pending);
    REQUIRE(pending->size() == 1);
    CHECK(pending->at(0).attempts == 1);
    CHECK(pending->at(0).next_attempt == t0 + 60s);
    CHECK(names_in(tmp.path() / "outbox").size() == 2);
}

TEST_CASE("a stale spool file of an unspooled mail is not sent twice", "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"a@example.org", "one"}});
    REQUIRE(store->unspooled_mails().size() == 1);
    // What a checkpoint that failed after writing the spool files leaves behind.
    const auto& m = store->unspooled_mails().front();
    REQUIRE(
        ck::core::write_file_atomic(tmp.path() / "outbox" / spool_file_name(m.seq), m.spool_bytes));
    Outbox outbox(*store);
    REQUIRE(outbox.pending()->size() == 1);
    ScriptedSink sink;
    sink.batching = true;
    ck::core::FixedClock clock(t0);
    REQUIRE(outbox.flush(sink, clock)->sent == 1);
    CHECK(sink.sent == std::vector<std::string>{"one"});
    CHECK(names_in(tmp.path() / "outbox") == std::vector<std::string>{"failed"});
    REQUIRE(outbox.flush(sink, clock)->sent == 0);
}

TEST_CASE("a sink that does not batch gets spooled mails, each dropped after its send",
          "[outbox]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    const auto t0 = at("2026-11-21T15:30:00Z");
    spool(*store, t0, {{"a@example.org", "one"}, {"b@example.org", "two"}});
    REQUIRE(store->unspooled_mails().size() == 2);
    ScriptedSink sink;  // like SMTP: each send is final
    std::vector<std::size_t> spooled_at_send;
    sink.on_send = [&] { spooled_at_send.push_back(names_in(tmp.path() / "outbox").size() - 1); };
    ck::core::FixedClock clock(t0);
    REQUIRE(Outbox(*store).flush(sink, clock)->sent == 2);
    // Checkpointed before the first send; the first mail's file gone before the second send.
    CHECK(spooled_at_send == std::vector<std::size_t>{2, 1});
    CHECK(names_in(tmp.path() / "journal").empty());
    CHECK(names_in(tmp.path() / "outbox") == std::vector<std::string>{"failed"});
}
