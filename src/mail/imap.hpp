#pragma once
// ImapSource: a mailbox on an IMAP server as a MailSource, through libcurl, by UID.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "mail/imap_config.hpp"
#include "mail/source.hpp"

namespace ck::mail {
namespace detail {
class CurlHandle;
class ImapBatchFetcher;
}  // namespace detail

// Ids are UIDs as decimal text (valid while the mailbox's UIDVALIDITY holds). One connection
// is reused for every call (libcurl keeps the login and the selected mailbox).
// Batches (README "Benchmarks", the live mail figure): fetch() of a listed UID fetches it and
// up to FetchBatch UIDs listed after it with one "UID FETCH set (UID BODY.PEEK[])" on a second,
// read-only connection (mail/imap_batch.hpp), and keeps them until asked; if that fails, the
// message is fetched alone as below. mark_done inside begin_batch/end_batch is one command.
// A batch fetch leaves \Seen alone (PEEK). Fetched alone, fetch() uses "UID FETCH n BODY[]",
// which sets \Seen on the server; in \Seen mode fetch()
// therefore clears \Seen again right away, so that a message stays pending until mark_done()
// (a crash between the two leaves it marked seen: that is the one window where a mail can be
// skipped; use done_folder mode to close it).
// An IMAP date-time (RFC 3501 `date-time`, the INTERNALDATE form): "27-Nov-2026 06:15:17 +0000",
// the day may be space-padded; nullopt when the text is not one.
std::optional<core::TimePoint> parse_imap_date_time(std::string_view text);

class ImapSource final : public MailSource {
public:
    explicit ImapSource(ImapConfig config);
    ~ImapSource() override;
    core::Result<std::vector<SourceId>, MailError> list_pending() override;
    core::Result<std::string, MailError> fetch(const SourceId& id) override;
    // The INTERNALDATE (the server's time of delivery, RFC 3501 2.3.3) list_pending learnt with
    // one "UID FETCH set (UID INTERNALDATE)" after its search; nullopt when it could not.
    std::optional<core::TimePoint> arrival(const SourceId& id) override;
    core::Result<void, MailError> mark_done(const SourceId& id) override;
    // Batch (MailSource): mark_done only collects the UIDs; end_batch marks them all with one
    // command (UID MOVE uid,uid,... or UID STORE uid,uid,... +FLAGS (\Seen)).
    void begin_batch() override;
    core::Result<void, MailError> end_batch() override;

private:
    core::Result<std::string, MailError> command(const std::string& url, const std::string& cmd);
    core::Result<std::string, MailError> perform(const std::string& url, const char* custom);
    std::string mailbox_url() const;
    core::Result<void, MailError> mark_set_done(const std::string& uid_set);
    std::optional<std::string> fetch_batch(const SourceId& id);
    ImapConfig config_;
    std::unique_ptr<detail::CurlHandle> curl_;
    bool folder_checked_ = false;
    bool batching_ = false;
    std::vector<SourceId> batch_;  // UIDs marked done in the open batch
    static constexpr std::size_t FetchBatch = 50;
    std::unique_ptr<detail::ImapBatchFetcher> fetcher_;
    bool fetcher_broken_ = false;                   // the server refused a batch: fetch alone
    std::vector<SourceId> listed_;                  // the last list_pending, in order
    std::map<SourceId, std::string> prefetched_;    // fetched in a batch, not yet asked for
    std::map<SourceId, core::TimePoint> arrivals_;  // INTERNALDATE of the listed messages
};

}  // namespace ck::mail
