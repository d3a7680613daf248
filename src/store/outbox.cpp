#include "store/outbox.hpp"

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
    return read_entries(store_.outbox_dir());
}

core::Result<std::vector<SpoolEntry>, core::IoError> Outbox::failed() const {
    return read_entries(store_.outbox_dir() / "failed");
}

// Writes the entry (with its reason in last_error) to failed/ first, then removes it from the
// spool: a crash in between leaves it in both, and the next flush moves it again (same name).
core::Result<void, core::IoError> Outbox::move_to_failed(const std::string& name,
                                                         SpoolEntry entry) {
    const fs::path dir = store_.outbox_dir();
    if (auto w = core::write_file_atomic(dir / "failed" / name, encode_spool_entry(entry)); !w) {
        return core::unexpected(w.error());
    }
    return remove_durably(dir / name);
}

core::Result<FlushReport, core::IoError> Outbox::flush(mail::MailSink& sink,
                                                       const core::Clock& clock) {
    if (auto p = store_.apply_pending(); !p) return core::unexpected(p.error());
    const fs::path dir = store_.outbox_dir();
    auto names = list_names(dir);
    if (!names) return core::unexpected(names.error());
    FlushReport report;
    std::set<std::string> held;  // recipients with an earlier mail still waiting
    bool server_down = false;
    const core::TimePoint now = clock.now();
    for (const auto& name : *names) {
        if (spool_seq_of(name) == 0) continue;
        auto bytes = core::read_file(dir / name);
        if (!bytes) return core::unexpected(bytes.error());
        auto parsed = parse_spool_entry(*bytes);
        if (!parsed) {
            // Cannot happen for files this store wrote; keep the bytes for the operator.
            core::operator_log().error("outbox: malformed spool file " + (dir / name).string() +
                                       ": " + parsed.error() + "; moved to failed/");
            if (auto w = core::write_file_atomic(dir / "failed" / (name + ".bad"), *bytes); !w) {
                return core::unexpected(w.error());
            }
            if (auto r = remove_durably(dir / name); !r) return core::unexpected(r.error());
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
        auto sent = sink.send(entry.envelope_from, entry.recipients, entry.raw_message);
        if (sent) {
            if (auto r = remove_durably(dir / name); !r) return core::unexpected(r.error());
            ++report.sent;
            continue;
        }
        const mail::MailError& err = sent.error();
        ++entry.attempts;
        entry.last_error = describe(err);
        const std::string what =
            "outbox: mail " + std::to_string(entry.seq) + " to " + entry.recipients.front() + ": ";
        if (!err.transient) {
            entry.last_error = "permanent failure: " + entry.last_error;
            core::operator_log().error(what + entry.last_error + "; moved to failed/");
            if (auto m = move_to_failed(name, std::move(entry)); !m)
                return core::unexpected(m.error());
            ++report.failed;
            continue;
        }
        if (now - entry.queued >= policy_.give_up_after) {
            entry.last_error = "gave up after " + std::to_string(entry.attempts) +
                               " attempts: " + entry.last_error;
            core::operator_log().error(what + entry.last_error + "; moved to failed/");
            if (auto m = move_to_failed(name, std::move(entry)); !m)
                return core::unexpected(m.error());
            ++report.failed;
            continue;
        }
        entry.next_attempt = now + retry_delay(entry.attempts, policy_);
        core::operator_log().warn(what + entry.last_error + "; attempt " +
                                  std::to_string(entry.attempts) + ", retry at " +
                                  core::format_iso8601(entry.next_attempt));
        held.insert(entry.recipients.begin(), entry.recipients.end());
        if (auto w = core::write_file_atomic(dir / name, encode_spool_entry(entry)); !w) {
            return core::unexpected(w.error());
        }
        ++report.deferred;
        if (err.code == mail::MailErrorCode::Connect) server_down = true;
    }
    return report;
}

}  // namespace ck::store
