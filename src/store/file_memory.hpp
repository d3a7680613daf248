#pragma once
// What a Store knows of its files' contents without reading them (store.hpp, "File memory";
// README "Benchmarks", the serve row): a tail (journal.hpp) is found against the content the
// store holds, and at ply 300 reading that content back cost more than the rest of the commit.
// Two layers, each keyed like a FileWrite (game, name):
//   held    a file as it is on disk, for a file this process wrote (an applied journal) or read,
//           with the stamp (FileStamp) it had then: a use first compares the stamp with the
//           file's, so a file changed on disk by anything but this store is read again
//   staged  a file as the running group stages it (group_journal.hpp), with where in the
//           group's journal it was staged: a savepoint's rewind forgets what was staged after it
// A file not in a layer is read the slow way (from disk, or back from the group's journal): the
// memory is never needed for a right answer, only for a fast one, so anything in doubt is
// forgotten (a failed apply, a rewind, an aborted group). Each layer holds at most Bytes of
// content (the least recently used files of `held` are forgotten first; a staged file that
// does not fit is not remembered). A Store starts with an empty memory.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/io_error.hpp"
#include "core/result.hpp"
#include "store/fs_util.hpp"
#include "store/transaction.hpp"

namespace ck::store {

class FileMemory {
public:
    using Key = std::pair<GameId, std::string>;
    // Content held per layer.
    static constexpr std::size_t Bytes = std::size_t{32} << 20;

    explicit FileMemory(std::size_t bytes = Bytes) : limit_(bytes) {}

    // The held content of `key` if the file on disk still has the stamp it was held with
    // (`now`); otherwise forgets it and returns null. Valid until the next change of the memory.
    const std::string* held(const Key& key, const std::optional<FileStamp>& now);
    // Holds `bytes` as the content of `key`, whose file now has `stamp`.
    void hold(const Key& key, std::string bytes, const FileStamp& stamp);
    // The file of `key`, which had stamp `before` (none: missing), kept its first `keep` bytes
    // and got `bytes` after them, and now has stamp `after`: the held content follows when it
    // was the file's (its stamp `before`, at least `keep` bytes); else the file is forgotten.
    void held_patched(const Key& key, const std::optional<FileStamp>& before, std::uint64_t keep,
                      std::string_view bytes, const FileStamp& after);
    // The held content of `key` without a look at the file: only right after a use of held()
    // found it, with no write of the store in between.
    const std::string* held_as_checked(const Key& key) const;
    void forget(const Key& key);
    void forget_held();

    // The staged content of `key`, or null (not staged, or not remembered).
    const std::string* staged(const Key& key) const;
    // `key` staged with `keep` bytes of `base` (its content before) followed by `bytes`, at
    // journal offset `at`. `base` null: the content before is not known, and neither is the new
    // one unless `keep` is 0.
    void stage(const Key& key, const std::string* base, std::uint64_t keep, std::string_view bytes,
               std::uint64_t at);
    // A rewind of the group to journal offset `at`: forgets what was staged at or after it.
    void rewind_staged(std::uint64_t at);
    void forget_staged();

    // The most either layer holds.
    std::size_t limit() const { return limit_; }
    std::size_t held_bytes() const { return held_bytes_; }
    std::size_t staged_bytes() const { return staged_bytes_; }

private:
    struct Held {
        std::string bytes;
        FileStamp stamp;
        std::list<Key>::iterator used;  // its place in used_
    };
    struct Staged {
        std::string bytes;
        std::uint64_t at = 0;
    };
    void make_room(std::size_t bytes);

    std::size_t limit_;
    std::map<Key, Held> held_;
    std::list<Key> used_;  // the held keys, most recently used first
    std::size_t held_bytes_ = 0;
    std::map<Key, Staged> staged_;
    std::size_t staged_bytes_ = 0;
};

}  // namespace ck::store
