#pragma once
// The processed-message ledger (mail.md, "Who may act": a Message-ID acts once): the file
// ledger/seen, one Message-ID per line, append-only. Each append is one write() followed by
// fsync. A crash can leave at most a torn last line (no "\n"); load() cuts it off, and the
// journal that was appending it is replayed, so the id is appended again whole. Lookups go
// to an in-memory hash set: thousands of ids cost well under a megabyte and a millisecond.
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

    // Appends the ids not yet present, durably (fsync) and all in one write. On failure the
    // file is cut back to its previous length and nothing is added.
    core::Result<void, core::IoError> append(const std::vector<std::string>& message_ids);

private:
    explicit Ledger(std::filesystem::path file) : file_(std::move(file)) {}
    std::filesystem::path file_;
    std::unordered_set<std::string> ids_;
};

}  // namespace ck::store
