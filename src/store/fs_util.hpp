#pragma once
// Directory helpers for the store, converting std::filesystem errors to IoError at the edge.
#include <filesystem>
#include <string>
#include <vector>

#include "core/io_error.hpp"
#include "core/result.hpp"

namespace ck::store {

// Names of the entries of `dir`, sorted.
core::Result<std::vector<std::string>, core::IoError> list_names(const std::filesystem::path& dir);

// Creates `dir` if missing and makes its entry in the parent durable.
core::Result<void, core::IoError> ensure_directory(const std::filesystem::path& dir);

// Unlinks `file` (missing is fine) and fsyncs its directory.
core::Result<void, core::IoError> remove_durably(const std::filesystem::path& file);

// Removes the temp files write_file_atomic leaves behind when killed (".NAME.tmp.XXXXXX").
// Only safe while holding the store lock: nobody else is writing.
core::Result<void, core::IoError> remove_stale_temps(const std::filesystem::path& dir);

// fsync of an existing file (missing is fine): makes durable what a crashed process wrote.
core::Result<void, core::IoError> sync_file(const std::filesystem::path& file);

bool is_temp_name(const std::string& name);

}  // namespace ck::store
