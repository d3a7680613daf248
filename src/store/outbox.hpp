#pragma once
// The durable outbox (docs/mail-protocol.md: "SMTP ... retries with back-off from a durable
// outbox"). Mails are spooled by Store::commit; flush() sends the due ones through a MailSink.
//
// Delivery is at least once: a spool entry is deleted only after the sink accepted the mail,
// so a crash between the two sends it again after restart. Message-IDs are deterministic per
// game, ply and recipient (docs/mail-protocol.md), so mail clients collapse such duplicates.
//
// Order: entries are tried in enqueue order (seq). A mail waits while an earlier mail to any of
// its recipients is waiting (not due, or failed this round), so one player never receives mails
// out of order; mails to other recipients go on.
//
// Retry policy: after the n-th transient failure the next attempt is first_retry * 2^(n-1)
// later, capped at max_retry (1, 2, 4, ..., 32, 60, 60 ... minutes by default); a transient
// failure once give_up_after has passed since the mail was queued moves it to outbox/failed/;
// so does a permanent failure (SMTP 5xx, bad input) at once. Both are logged at error level.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/io_error.hpp"
#include "core/result.hpp"
#include "mail/source.hpp"
#include "store/spool_entry.hpp"
#include "store/store.hpp"

namespace ck::store {

struct OutboxPolicy {
    std::chrono::seconds first_retry{60};
    std::chrono::seconds max_retry{3600};
    std::chrono::seconds give_up_after{std::chrono::hours(24 * 5)};
};

// Delay before the next attempt after `failures` (>= 1) transient failures.
std::chrono::seconds retry_delay(int failures, const OutboxPolicy& policy);

struct FlushReport {
    std::size_t sent = 0;      // accepted by the sink and removed from the spool
    std::size_t deferred = 0;  // failed transiently this round; rescheduled
    std::size_t failed = 0;    // moved to outbox/failed/ this round
    std::size_t waiting = 0;   // not tried: not due, held behind an earlier mail, or server down
};

class Outbox {
public:
    // The store must outlive the outbox and not move meanwhile; its lock is what makes the
    // spool ours.
    explicit Outbox(Store& store, OutboxPolicy policy = {}) : store_(store), policy_(policy) {}

    // Applies any pending journal first (so no committed mail is missed), then tries each due
    // mail once, oldest first: the spool files in outbox/ and the store's unspooled mails (those
    // of journals not yet checkpointed, see store.hpp) alike. With a batching sink
    // (MailSink::begin_batch true: Maildir, SMTP) all sends are one batch, the spool entries of the
    // mails sent are dropped only after end_batch succeeded (one directory fsync for all; when
    // it fails they stay and are sent again), then the store is checkpointed: a crash before
    // that checkpoint spools the mails of the unretired journals again and resends them. With
    // a sink that does not batch the store is checkpointed first and each spool entry is removed
    // right after its send, so a crash resends at most one mail. After a transient Connect
    // error the remaining mails wait for the next flush. I/O errors of the spool itself stop
    // the flush and are returned; a failed fsync of the spool stops the store (store.hpp,
    // "Fail-stop"), and a stopped store refuses the flush.
    core::Result<FlushReport, core::IoError> flush(mail::MailSink& sink, const core::Clock& clock);

    // Spooled mails in FIFO order / mails given up on, for the operator and for tests.
    core::Result<std::vector<SpoolEntry>, core::IoError> pending() const;
    core::Result<std::vector<SpoolEntry>, core::IoError> failed() const;

private:
    struct Item {
        std::uint64_t seq = 0;
        std::string name;        // spool file name
        bool in_memory = false;  // one of the store's unspooled mails, not a file in outbox/
    };
    core::Result<void, core::IoError> send_due(mail::MailSink& sink, core::TimePoint now,
                                               FlushReport& report, std::vector<Item>& sent,
                                               bool batched);
    core::Result<void, core::IoError> move_to_failed(const Item& item, SpoolEntry entry);
    core::Result<FlushReport, core::IoError> flush_unchecked(mail::MailSink& sink,
                                                             const core::Clock& clock);

    Store& store_;
    OutboxPolicy policy_;
};

}  // namespace ck::store
