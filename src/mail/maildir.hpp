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
    // Moves new/ID to cur/ID:2,S (or adds S to the flags of cur/ID:2,FLAGS) and fsyncs cur/.
    core::Result<void, MailError> mark_done(const SourceId& id) override;

private:
    std::filesystem::path find(const SourceId& id) const;
    std::filesystem::path root_;
};

// Delivers into a Maildir: writes tmp/NAME, fsyncs it, renames it to new/NAME and fsyncs new/.
// NAME = "SECONDS.M<usec>P<pid>Q<counter>.HOST" (unique per the Maildir spec). The envelope
// is not recorded: the message is stored as given.
class MaildirSink final : public MailSink {
public:
    explicit MaildirSink(std::filesystem::path root);
    core::Result<void, MailError> send(const std::string& envelope_from,
                                       const std::vector<std::string>& recipients,
                                       const std::string& raw_message) override;
    // Same as send, returning the file name chosen.
    core::Result<std::string, MailError> deliver(const std::string& raw_message);

private:
    std::filesystem::path root_;
};

// Creates root/{tmp,new,cur} (mode 0700) when missing.
core::Result<void, MailError> ensure_maildir(const std::filesystem::path& root);

}  // namespace ck::mail
