#pragma once
// What the operator should do about a store that cannot be opened or written (README "The
// operator log"). A committed transaction that cannot be applied blocks every later one (the
// journals apply in order, store/store.hpp), so every mail waits at its source behind it; the
// daemon says so, with the fix, at every pass instead of failing each mail with a bare error.
#include <filesystem>
#include <string>

#include "core/io_error.hpp"

namespace ck::league {

// "DESCRIBE; WHAT IT MEANS: WHAT TO DO", for an error of the store at `root`.
std::string describe_store_failure(const core::IoError& e, const std::filesystem::path& root);

}  // namespace ck::league
