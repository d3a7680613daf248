#pragma once
// Durable whole-file writes and reads (docs/design.md, "Durable state"): a reader of `path` sees
// either the old content or the new, never a mix, and after success the new content survives a
// crash.
#include <sys/types.h>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/io_error.hpp"
#include "core/result.hpp"

namespace ck::core {

// Replaces `path` by `bytes`: writes a temp file ".NAME.tmp.XXXXXX" in the same directory
// (hidden, so directory scans that skip dot files never see it), fsyncs it, renames it over
// `path` and fsyncs the directory. The file gets permission bits `mode` (not masked by umask).
// The directory must exist. On a failure before the rename `path` is unchanged and the temp
// file is removed; a failure of the directory's fsync comes after the rename, so `path` may
// already hold the new content: a caller to whom that matters (a commit point) calls
// rename_into_place and sync_directory itself.
Result<void, IoError> write_file_atomic(const std::filesystem::path& path, std::string_view bytes,
                                        mode_t mode = 0644);

// write_file_atomic up to and including the rename, without the directory's fsync: on success
// `path` holds `bytes` (durable once sync_directory of its directory returned ok); on failure
// `path` is unchanged and the temp file is removed.
Result<void, IoError> rename_into_place(const std::filesystem::path& path, std::string_view bytes,
                                        mode_t mode = 0644);

// The whole content of `path`.
Result<std::string, IoError> read_file(const std::filesystem::path& path);

// fsync of a directory, so that a rename or a new entry in it is durable. Any failure is a
// sync failure (IoError::sync_failed): the entries' durability is unknown.
Result<void, IoError> sync_directory(const std::filesystem::path& dir);

// The one way this program calls fsync(2) and syncfs(2) (fsync retried on EINTR), so that each
// call is counted: `crazykrieg bench` reports them per mail (README "Benchmarks").
int fsync_counted(int fd);
int syncfs_counted(int fd);
struct SyncCounts {
    std::uint64_t fsync = 0;
    std::uint64_t syncfs = 0;
};
// The calls made by this process so far.
SyncCounts sync_counts();

}  // namespace ck::core
