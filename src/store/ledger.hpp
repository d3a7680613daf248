#pragma once
// The processed-message ledger (docs/mail-protocol.md, "Who may act": a Message-ID acts once): the
// file ledger/seen, one Message-ID per line, append-only. Each append is one write(), followed by
// fsync unless the store makes it durable later (its checkpoint). A crash can leave a torn last
// line (no "\n"), which load() cuts off, and after a power loss unsynced appends may be missing
// or NUL-filled (such lines are skipped); the journals not yet checkpointed are replayed, so
// every lost id is appended again whole. Lookups go to an in-memory hash set: thousands of ids
// cost well under a megabyte and a millisecond.
#include <cstddef>
#include <filesystem>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/io_error.hpp"
#include "core/result.hpp"

namespace ck::store {

class Ledger {
public:
    // Reads (creating if missing) the ledger file, repairing a torn last line.
    static core::Result<Ledger, core::IoError> load(const std::filesystem::path& file);

    bool contains(const std::string& message_id) const { return ids_.count(message_id) != 0; }
    std::size_t size() const { return ids_.size(); }

    // Appends the ids not yet present, all in one write, durably (fsync) unless `sync` is false
    // (then a later syncfs makes them durable; the store's journal covers them until then). On
    // failure the file is cut back to its previous length and nothing is added.
    core::Result<void, core::IoError> append(const std::vector<std::string>& message_ids,
                                             bool sync = true);

private:
    explicit Ledger(std::filesystem::path file) : file_(std::move(file)) {}
    std::filesystem::path file_;
    std::unordered_set<std::string> ids_;
};

}  // namespace ck::store
