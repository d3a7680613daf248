#pragma once
// Directory helpers for the store, converting std::filesystem errors to IoError at the edge.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/io_error.hpp"
#include "core/result.hpp"

namespace ck::store {

// Names of the entries of `dir`, sorted.
core::Result<std::vector<std::string>, core::IoError> list_names(const std::filesystem::path& dir);

// Creates `dir` if missing and makes its entry in the parent durable (with `sync` false the
// entry becomes durable with the next sync_filesystem). True when it made `dir` now: `dir` is
// then empty, as nothing else writes into the store while its lock is held.
core::Result<bool, core::IoError> ensure_directory(const std::filesystem::path& dir,
                                                   bool sync = true);

// What stat(2) says of a file that changes with any write to it: its inode, size, and
// modification and change times (nanoseconds). Two equal stamps are taken as the same content;
// a write by another process in the same clock tick as the store's own, of the same size, is the
// one change this misses (README "Store: durability contract": nothing but the store's holder
// writes its files).
struct FileStamp {
    std::uint64_t dev = 0;
    std::uint64_t ino = 0;
    std::int64_t size = 0;
    std::int64_t mtime_ns = 0;
    std::int64_t ctime_ns = 0;
    friend bool operator==(const FileStamp& a, const FileStamp& b) {
        return a.dev == b.dev && a.ino == b.ino && a.size == b.size && a.mtime_ns == b.mtime_ns &&
               a.ctime_ns == b.ctime_ns;
    }
};
// The stamp of `path` now; nullopt when it does not exist.
core::Result<std::optional<FileStamp>, core::IoError> stamp_of(const std::filesystem::path& path);

// Writes `bytes` as the whole content of `path` in place (created if missing, truncated
// otherwise), without fsync. Only for content a journal can redo: a crash midway leaves a torn
// file, and after a power loss the content may be anything until the journal is replayed;
// sync_filesystem makes it durable. (No temp file and rename: creating and deleting inodes is
// the dearest part of a commit on ext4. No O_TRUNC either: ext4's auto_da_alloc writes back a
// file truncated to zero at its close, a disk wait per file; the file is overwritten and then
// cut to its new length instead.)
// `fresh`: `path` is likely new: it is created exclusively (O_EXCL), and then the cut to length,
// a system call per file, is left out; when it exists it is written over and cut as without.
// `after`: set to the file's stamp once written (FileMemory).
core::Result<void, core::IoError> overwrite_file_unsynced(const std::filesystem::path& path,
                                                          std::string_view bytes,
                                                          bool fresh = false,
                                                          FileStamp* after = nullptr);

// Keeps the first `keep` bytes of the existing file `path` and makes `bytes` follow them (written
// at `keep`, the file cut to keep + bytes.size()), without fsync: a journal's tail record
// (journal.hpp), with overwrite_file_unsynced's contract. A missing file, or one shorter than
// `keep`, is an error (code invalid_argument for the latter), and nothing is written.
// `before`, `after`: set to the file's stamp before and after the write (FileMemory).
core::Result<void, core::IoError> patch_file_unsynced(const std::filesystem::path& path,
                                                      std::uint64_t keep, std::string_view bytes,
                                                      FileStamp* before = nullptr,
                                                      FileStamp* after = nullptr);

// The whole content of `path`, and its stamp when the file did not change while it was read
// (nullopt else: the content is right as of some instant of the read, no more).
struct StampedContent {
    std::string bytes;
    std::optional<FileStamp> stamp;
};
core::Result<StampedContent, core::IoError> read_file_stamped(const std::filesystem::path& path);

// A descriptor owned for an object's life (closed by the destructor; -1 when moved from).
class OwnedFd {
public:
    OwnedFd() = default;
    explicit OwnedFd(int fd) : fd_(fd) {}
    OwnedFd(OwnedFd&& other) noexcept : fd_(other.release()) {}
    OwnedFd& operator=(OwnedFd&& other) noexcept;
    OwnedFd(const OwnedFd&) = delete;
    OwnedFd& operator=(const OwnedFd&) = delete;
    ~OwnedFd();
    int get() const { return fd_; }
    bool valid() const { return fd_ >= 0; }
    int release() { return std::exchange(fd_, -1); }

private:
    int fd_ = -1;
};

// Opens `dir` (O_RDONLY | O_DIRECTORY) to be kept: a syncfs through it reports every writeback
// error of its file system since this open, even one another caller saw first (Linux errseq,
// 5.8 and later), which a descriptor opened later would miss.
core::Result<OwnedFd, core::IoError> open_directory(const std::filesystem::path& dir);

// syncfs(2) through `fd` (from open_directory of `name`): every written file and directory
// entry of its file system is durable when this returns ok. A failure is a sync failure
// (IoError::sync_failed): pages that failed writeback are lost, whatever a later call says.
core::Result<void, core::IoError> sync_filesystem(const OwnedFd& fd,
                                                  const std::filesystem::path& name);

// Unlinks `file` (missing is fine) and fsyncs its directory.
core::Result<void, core::IoError> remove_durably(const std::filesystem::path& file);

// Removes the temp files write_file_atomic leaves behind when killed (".NAME.tmp.XXXXXX").
// Only safe while holding the store lock: nobody else is writing.
core::Result<void, core::IoError> remove_stale_temps(const std::filesystem::path& dir);

// fsync of an existing file (missing is fine): makes durable what a crashed process wrote.
core::Result<void, core::IoError> sync_file(const std::filesystem::path& file);

bool is_temp_name(const std::string& name);

// `size` bytes of `file` from offset `at` (an error if the file is shorter).
core::Result<std::string, core::IoError> read_file_range(const std::filesystem::path& file,
                                                         std::uint64_t at, std::uint64_t size);

}  // namespace ck::store
