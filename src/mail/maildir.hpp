#pragma once
// Maildir (https://cr.yp.to/proto/maildir.html) as a MailSource and a MailSink.
#include <filesystem>
#include <string>
#include <vector>

#include "mail/source.hpp"

namespace ck::mail {

// Reads a Maildir. Pending = every message in new/, and every message in cur/ whose info
// (":2,FLAGS") lacks the S flag. Ids are the unique part of the file name (before ':'), so an
// id stays valid while the message moves from new/ to cur/. Listing is sorted by id, which
// starts with the delivery time for names made per the Maildir spec.
class MaildirSource final : public MailSource {
public:
    explicit MaildirSource(std::filesystem::path root);
    core::Result<std::vector<SourceId>, MailError> list_pending() override;
    core::Result<std::string, MailError> fetch(const SourceId& id) override;
    // The file's modification time: its delivery time (MaildirSink::deliver sets it when given
    // one; a Maildir delivery agent writes the file at delivery).
    std::optional<core::TimePoint> arrival(const SourceId& id) override;
    // Moves new/ID to cur/ID:2,S (or adds S to the flags of cur/ID:2,FLAGS) and fsyncs cur/
    // (not new/: a lost removal from new/ only re-lists a mail the store has seen); inside a
    // batch that fsync waits for end_batch, which does it once.
    core::Result<void, MailError> mark_done(const SourceId& id) override;
    void begin_batch() override;
    core::Result<void, MailError> end_batch() override;

private:
    std::filesystem::path find(const SourceId& id) const;
    core::Result<void, MailError> sync_marked();
    std::filesystem::path root_;
    bool batching_ = false;
    bool cur_dirty_ = false;  // renames not yet made durable by a directory fsync
    bool new_dirty_ = false;
};

// Delivers into a Maildir: writes tmp/NAME, fsyncs it, renames it to new/NAME and fsyncs new/.
// NAME = "SECONDS.M<usec>P<pid>Q<counter>.HOST" (unique per the Maildir spec; usec zero-padded
// to 6 digits so that name order is delivery order). The envelope is not recorded: the message
// is stored as given.
//
// Batch (begin_batch .. end_batch): send only writes tmp/NAME; end_batch makes all of them
// durable with one syncfs(2) of the Maildir's file system, renames them to new/ in send order
// and fsyncs new/ once. Nothing of a batch is visible in new/ before end_batch. A batch is all
// or nothing: if end_batch fails, every mail of it is removed again (from tmp/, and from new/
// for the ones a failed rename came after), so an error means none was delivered. A batch left
// open when the sink is destroyed or a new batch begins is discarded (its tmp files removed).
// The syncfs goes through a descriptor of tmp/ opened at the sink's first batch and kept, so
// it reports every writeback error on the file system since then (Linux errseq), also one
// another caller saw first. The first batch also sweeps tmp/ files older than 36 hours (left
// by a process killed mid-batch), as the Maildir spec says.
class MaildirSink final : public MailSink {
public:
    explicit MaildirSink(std::filesystem::path root);
    ~MaildirSink() override;
    MaildirSink(const MaildirSink&) = delete;
    MaildirSink& operator=(const MaildirSink&) = delete;
    core::Result<void, MailError> send(const std::string& envelope_from,
                                       const std::vector<std::string>& recipients,
                                       std::string_view raw_message) override;
    // Same as send, returning the file name chosen (its name in new/ once the batch ends).
    // `arrived`: the delivery time to record as the file's modification time (MaildirSource::
    // arrival), e.g. an MTA's time given to `deliver --now`; nullopt: the file system's now.
    core::Result<std::string, MailError> deliver(std::string_view raw_message,
                                                 std::optional<core::TimePoint> arrived = {});
    bool begin_batch() override;  // true
    core::Result<void, MailError> end_batch() override;

private:
    void discard_batch();
    void sweep_old_temps();
    std::filesystem::path root_;
    int tmp_fd_ = -1;  // tmp/, kept from the first batch on (see above)
    bool batching_ = false;
    std::vector<std::string> batch_;  // names written to tmp/, in send order
};

// Creates root/{tmp,new,cur} (mode 0700) when missing.
core::Result<void, MailError> ensure_maildir(const std::filesystem::path& root);

}  // namespace ck::mail
