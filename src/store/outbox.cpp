#include "store/outbox.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <set>
#include <string>

#include "core/atomic_file.hpp"
#include "core/log.hpp"
#include "store/fs_util.hpp"

namespace ck::store {
namespace {

namespace fs = std::filesystem;

std::string describe(const mail::MailError& e) {
    std::string s = e.message;
    if (e.response_code != 0) s = "SMTP " + std::to_string(e.response_code) + ": " + s;
    return s;
}

core::Result<std::vector<SpoolEntry>, core::IoError> read_entries(const fs::path& dir) {
    auto names = list_names(dir);
    if (!names) return core::unexpected(names.error());
    std::vector<SpoolEntry> out;
    for (const auto& n : *names) {
        if (spool_seq_of(n) == 0) continue;
        auto bytes = core::read_file(dir / n);
        if (!bytes) return core::unexpected(bytes.error());
        if (auto e = parse_spool_entry(*bytes)) out.push_back(std::move(*e));
    }
    return out;
}

}  // namespace

std::chrono::seconds retry_delay(int failures, const OutboxPolicy& policy) {
    auto delay = policy.first_retry;
    for (int i = 1; i < failures && delay < policy.max_retry; ++i) delay *= 2;
    return delay < policy.max_retry ? delay : policy.max_retry;
}

core::Result<std::vector<SpoolEntry>, core::IoError> Outbox::pending() const {
    auto entries = read_entries(store_.outbox_dir());
    if (!entries) return entries;
    std::set<std::uint64_t> on_disk;
    for (const auto& e : *entries) on_disk.insert(e.seq);
    std::string scratch;
    for (const auto& m : store_.unspooled_mails()) {
        auto bytes = store_.mail_bytes(m, scratch);
        if (!bytes) return core::unexpected(bytes.error());
        auto e = parse_spool_entry(*bytes);
        if (!e) continue;
        if (on_disk.count(e->seq) != 0) {  // a stale copy (see send_due): memory wins
            for (auto& d : *entries)
                if (d.seq == e->seq) d = *e;
            continue;
        }
        entries->push_back(std::move(*e));
    }
    std::stable_sort(entries->begin(), entries->end(),
                     [](const SpoolEntry& a, const SpoolEntry& b) { return a.seq < b.seq; });
    return entries;
}

core::Result<std::vector<SpoolEntry>, core::IoError> Outbox::failed() const {
    return read_entries(store_.outbox_dir() / "failed");
}

namespace {

// The store's unspooled mail with sequence number `seq`, or nullptr.
std::vector<JournalMail>::iterator find_unspooled(Store& store, std::uint64_t seq) {
    auto& mails = store.unspooled_mails();
    auto it = std::lower_bound(mails.begin(), mails.end(), seq,
                               [](const JournalMail& m, std::uint64_t s) { return m.seq < s; });
    return it != mails.end() && it->seq == seq ? it : mails.end();
}

void erase_unspooled(Store& store, std::uint64_t seq) {
    auto it = find_unspooled(store, seq);
    if (it != store.unspooled_mails().end()) store.unspooled_mails().erase(it);
}

}  // namespace

// Writes the entry (with its reason in last_error) to failed/ first, then removes it from the
// spool: a crash in between leaves it in both, and the next flush moves it again (same name).
// An unspooled mail is only dropped from memory (a crash before the next checkpoint spools it
// again by replay, and it fails again).
core::Result<void, core::IoError> Outbox::move_to_failed(const Item& item, SpoolEntry entry) {
    const fs::path dir = store_.outbox_dir();
    if (auto w = core::write_file_atomic(dir / "failed" / item.name, encode_spool_entry(entry));
        !w) {
        return core::unexpected(w.error());
    }
    if (item.in_memory) {
        erase_unspooled(store_, item.seq);
        const std::string stale = (dir / item.name).string();  // see send_due
        if (::unlink(stale.c_str()) != 0 && errno != ENOENT) {
            return core::unexpected(core::io_error_from_errno(errno, stale, "cannot remove"));
        }
        return {};
    }
    return remove_durably(dir / item.name);
}

core::Result<FlushReport, core::IoError> Outbox::flush(mail::MailSink& sink,
                                                       const core::Clock& clock) {
    if (const core::IoError* stopped = store_.stopped()) return core::unexpected(*stopped);
    auto flushed = flush_unchecked(sink, clock);
    if (!flushed && flushed.error().sync_failed)
        return core::unexpected(store_.stop_on_sync_failure(flushed.error()));
    return flushed;
}

core::Result<FlushReport, core::IoError> Outbox::flush_unchecked(mail::MailSink& sink,
                                                                 const core::Clock& clock) {
    if (auto p = store_.apply_pending(); !p) return core::unexpected(p.error());
    FlushReport report;
    std::vector<Item> sent;  // accepted by the sink in this batch
    const bool batched = sink.begin_batch();
    if (!batched) {
        // Each send is final (SMTP): spool everything first, so that each sent mail can be
        // dropped at once and a crash resends at most the mail in hand.
        if (auto c = store_.checkpoint(); !c) {
            (void)sink.end_batch();
            return core::unexpected(c.error());
        }
    }
    auto tried = send_due(sink, clock.now(), report, sent, batched);
    if (auto durable = sink.end_batch(); !durable) {
        // The sink may have lost any mail of the batch: keep them all for the next flush.
        core::operator_log().error("outbox: sink could not make " + std::to_string(sent.size()) +
                                   " mail(s) durable: " + describe(durable.error()) +
                                   "; kept for the next flush");
        report.sent -= sent.size();
        report.waiting += sent.size();
        sent.clear();
    }
    const fs::path dir = store_.outbox_dir();
    bool removed = false;
    for (const auto& item : sent) {
        if (item.in_memory) erase_unspooled(store_, item.seq);
        // For an unspooled mail: a stale spool file a failed checkpoint may have left.
        const std::string p = (dir / item.name).string();
        if (::unlink(p.c_str()) == 0) {
            removed = true;
        } else if (errno != ENOENT) {
            return core::unexpected(core::io_error_from_errno(errno, p, "cannot remove"));
        }
    }
    if (removed) {
        if (auto synced = core::sync_directory(dir); !synced)
            return core::unexpected(synced.error());
    }
    if (!tried) return core::unexpected(tried.error());
    if (auto c = store_.checkpoint(); !c) return core::unexpected(c.error());
    return report;
}

core::Result<void, core::IoError> Outbox::send_due(mail::MailSink& sink, core::TimePoint now,
                                                   FlushReport& report, std::vector<Item>& sent,
                                                   bool batched) {
    const fs::path dir = store_.outbox_dir();
    auto names = list_names(dir);
    if (!names) return core::unexpected(names.error());
    // An unspooled mail may also have a (stale) spool file when a checkpoint failed after
    // writing it: the one in memory is the mail.
    std::vector<Item> items;
    std::set<std::uint64_t> in_memory;
    for (const auto& m : store_.unspooled_mails()) {
        items.push_back({m.seq, spool_file_name(m.seq), true});
        in_memory.insert(m.seq);
    }
    for (const auto& name : *names) {
        const std::uint64_t seq = spool_seq_of(name);
        if (seq != 0 && in_memory.count(seq) == 0) items.push_back({seq, name, false});
    }
    std::stable_sort(items.begin(), items.end(),
                     [](const Item& a, const Item& b) { return a.seq < b.seq; });

    std::set<std::string> held;  // recipients with an earlier mail still waiting
    bool server_down = false;
    for (const auto& item : items) {
        // The entry's bytes: lent by the store when they are in its memory (read only until
        // this item is sent or put back), else read from the journal or the spool file.
        std::string read_bytes;
        std::string_view bytes;
        if (item.in_memory) {
            auto it = find_unspooled(store_, item.seq);
            if (it == store_.unspooled_mails().end()) continue;
            auto lent = store_.mail_bytes(*it, read_bytes);
            if (!lent) return core::unexpected(lent.error());
            bytes = *lent;
        } else {
            auto read = core::read_file(dir / item.name);
            if (!read) return core::unexpected(read.error());
            read_bytes = std::move(*read);
            bytes = read_bytes;
        }
        std::size_t body_at = 0;
        auto parsed = parse_spool_header(bytes, body_at);
        if (!parsed) {
            // Cannot happen for entries this store wrote; keep the bytes for the operator.
            core::operator_log().error("outbox: malformed spool entry " + item.name + ": " +
                                       parsed.error() + "; moved to failed/");
            if (auto w = core::write_file_atomic(dir / "failed" / (item.name + ".bad"), bytes);
                !w) {
                return core::unexpected(w.error());
            }
            if (item.in_memory) {
                erase_unspooled(store_, item.seq);
            } else if (auto r = remove_durably(dir / item.name); !r) {
                return core::unexpected(r.error());
            }
            ++report.failed;
            continue;
        }
        SpoolEntry entry = std::move(*parsed);
        bool is_held = server_down || entry.next_attempt > now;
        for (const auto& r : entry.recipients) is_held = is_held || held.count(r) != 0;
        if (is_held) {
            ++report.waiting;
            held.insert(entry.recipients.begin(), entry.recipients.end());
            continue;
        }
        const std::string_view raw = bytes.substr(body_at);
        auto accepted = sink.send(entry.envelope_from, entry.recipients, raw);
        if (accepted) {
            ++report.sent;
            if (batched) {
                sent.push_back(item);  // dropped from the spool once the sink's batch is durable
            } else if (item.in_memory) {
                erase_unspooled(store_, item.seq);
            } else if (auto r = remove_durably(dir / item.name); !r) {
                return core::unexpected(r.error());
            }
            continue;
        }
        const mail::MailError& err = accepted.error();
        entry.raw_message = std::string(raw);  // spooled again below, or moved to failed/
        ++entry.attempts;
        entry.last_error = describe(err);
        const std::string what =
            "outbox: mail " + std::to_string(entry.seq) + " to " + entry.recipients.front() + ": ";
        if (!err.transient) {
            entry.last_error = "permanent failure: " + entry.last_error;
            core::operator_log().error(what + entry.last_error + "; moved to failed/");
            if (auto m = move_to_failed(item, std::move(entry)); !m)
                return core::unexpected(m.error());
            ++report.failed;
            continue;
        }
        if (now - entry.queued >= policy_.give_up_after) {
            entry.last_error = "gave up after " + std::to_string(entry.attempts) +
                               " attempts: " + entry.last_error;
            core::operator_log().error(what + entry.last_error + "; moved to failed/");
            if (auto m = move_to_failed(item, std::move(entry)); !m)
                return core::unexpected(m.error());
            ++report.failed;
            continue;
        }
        entry.next_attempt = now + retry_delay(entry.attempts, policy_);
        core::operator_log().warn(what + entry.last_error + "; attempt " +
                                  std::to_string(entry.attempts) + ", retry at " +
                                  core::format_iso8601(entry.next_attempt));
        held.insert(entry.recipients.begin(), entry.recipients.end());
        if (item.in_memory) {  // the checkpoint spools it with this retry state
            auto it = find_unspooled(store_, item.seq);
            it->spool_bytes = encode_spool_entry(entry);
            it->journal_txid = 0;  // the new bytes are in memory
        } else if (auto w = core::write_file_atomic(dir / item.name, encode_spool_entry(entry));
                   !w) {
            return core::unexpected(w.error());
        }
        ++report.deferred;
        if (err.code == mail::MailErrorCode::Connect) server_down = true;
    }
    return {};
}

}  // namespace ck::store
