#pragma once
// Durable whole-file writes and reads (docs/design.md, "Durable state"): a reader of `path` sees
// either the old content or the new, never a mix, and after success the new content survives a
// crash.
#include <sys/types.h>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/io_error.hpp"
#include "core/result.hpp"

namespace ck::core {

// Replaces `path` by `bytes`: writes a temp file ".NAME.tmp.XXXXXX" in the same directory
// (hidden, so directory scans that skip dot files never see it), fsyncs it, renames it over
// `path` and fsyncs the directory. The file gets permission bits `mode` (not masked by umask).
// On failure `path` is unchanged and the temp file is removed. The directory must exist.
Result<void, IoError> write_file_atomic(const std::filesystem::path& path, std::string_view bytes,
                                        mode_t mode = 0644);

// The whole content of `path`.
Result<std::string, IoError> read_file(const std::filesystem::path& path);

// fsync of a directory, so that a rename or a new entry in it is durable.
Result<void, IoError> sync_directory(const std::filesystem::path& dir);

}  // namespace ck::core
