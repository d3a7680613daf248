#pragma once
// The running group of a Store (store.hpp, "Group commit"): the staged transactions written
// front to back as the one journal the group commits as (journal.hpp format), with indexes for
// the store's reads of staged state. Bounded memory, whatever the group's size: the journal's
// bytes stay in memory up to SpillBytes, beyond that they go to the temp file
// journal/.group.tmp.tx (a temp name: Store::open removes one a crash left); file writes are
// indexed by where their bytes are, and read back from there; records and Message-IDs (club
// state is small) are also kept in memory. A mark taken between two stagings is a savepoint:
// rewind(mark) cuts the journal back to it.
// While nothing went to the temp file, the group also keeps the staged records themselves, so
// that the store applies them from memory after the commit instead of reading the journal back
// (take_staged): at most SpillBytes more.
//
// Nothing of a group is committed before write(): the fsync and rename of the finished journal
// to journal/<txid>.tx is its commit point, as for a single transaction.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/io_error.hpp"
#include "core/result.hpp"
#include "store/journal.hpp"
#include "store/state.hpp"
#include "store/transaction.hpp"

namespace ck::store {

class GroupJournal {
public:
    // Staged journal bytes kept in memory before they go to the temp file.
    static constexpr std::size_t SpillBytes = std::size_t{4} << 20;

    explicit GroupJournal(std::filesystem::path temp_file) : temp_file_(std::move(temp_file)) {}
    GroupJournal(GroupJournal&& other) noexcept;
    GroupJournal& operator=(GroupJournal&&) = delete;
    GroupJournal(const GroupJournal&) = delete;
    GroupJournal& operator=(const GroupJournal&) = delete;
    ~GroupJournal();  // drops what is staged

    // Nothing staged.
    bool empty() const { return size() == 0; }
    // The journal's length so far: where the next staging starts (a mark's size).
    std::uint64_t length() const { return size(); }
    // Appends one resolved transaction, and sets where each of its mails is in the journal
    // (JournalMail::at and size, as a JournalReader reading the journal back would). On error
    // (the temp file could not be written) nothing of `staged` is kept and the group goes on.
    core::Result<void, core::IoError> stage(JournalRecord&& staged);
    // The records staged since the group began, in order, when the group kept them all in
    // memory (nothing went to the temp file); nullopt otherwise. Called before write(), which
    // empties the group.
    std::optional<std::vector<JournalRecord>> take_staged();

    // The staged content of a file: nullopt when the group does not write it. `on_disk` is
    // where the file is, read when the group wrote only tails of it (journal.hpp).
    core::Result<std::optional<std::string>, core::IoError> read_file(
        GameId game, const std::string& name, const std::filesystem::path& on_disk) const;
    // Whether the group writes the file.
    bool stages(GameId game, const std::string& name) const {
        return files_.count({game, name}) != 0;
    }
    // The staged write of a record (nullopt bytes: erased), or null.
    const std::optional<std::string>* record(Namespace ns, const std::string& key) const;
    const std::map<std::pair<Namespace, std::string>, std::optional<std::string>>& records() const {
        return records_;
    }
    bool seen(const std::string& message_id) const { return seen_.count(message_id) != 0; }
    const std::set<std::string>& seen_ids() const { return seen_; }
    // The games the group writes files of, ascending.
    std::vector<GameId> games() const;

    // Where a staged write's bytes are in the journal; keep: a tail's (journal.hpp).
    struct Piece {
        std::uint64_t at = 0;
        std::size_t len = 0;
        std::uint64_t keep = 0;
    };
    // (game, name) -> the latest staged whole write of the file (if any) and the tails after it.
    using FileIndex = std::map<std::pair<GameId, std::string>, std::vector<Piece>>;

    // A savepoint: the journal's length and the indexes as they are.
    struct Mark {
        std::uint64_t size = 0;
        FileIndex files;
        std::map<std::pair<Namespace, std::string>, std::optional<std::string>> records;
        std::set<std::string> seen;
        std::uint32_t crc = 0;
        std::size_t kept = 0;
    };
    Mark mark() const { return Mark{size(), files_, records_, seen_, crc_, kept_.size()}; }
    // Back to `m` (taken from this group since it was last cleared).
    void rewind(Mark m);
    // Drops everything staged (and the temp file).
    void clear();

    // The commit point: finishes the journal with `next_game` in its header and renames it
    // into place as `journal`, fsynced (core::rename_into_place, or fsync and rename of the
    // temp file); the caller fsyncs the directory, after which the journal is durable. On
    // error nothing was renamed. The group is empty afterwards, whether this succeeded or not.
    core::Result<void, core::IoError> write(const std::filesystem::path& journal, GameId next_game);

private:
    std::uint64_t size() const { return flushed_ + buf_.size(); }
    core::Result<void, core::IoError> spill();
    core::Result<void, core::IoError> pwrite_all(std::string_view bytes, std::uint64_t at);

    std::filesystem::path temp_file_;
    int fd_ = -1;                // the temp file, once spilled
    std::uint64_t flushed_ = 0;  // journal bytes in the temp file; buf_ follows them
    std::uint32_t crc_ = 0;      // CRC-32C of the records staged so far (journal.hpp)
    std::string buf_;
    core::Result<void, core::IoError> read_piece(const Piece& piece, std::string& out) const;

    FileIndex files_;
    std::map<std::pair<Namespace, std::string>, std::optional<std::string>> records_;
    std::set<std::string> seen_;
    std::vector<JournalRecord> kept_;  // every staged record while fd_ < 0 (see the top)
};

}  // namespace ck::store
