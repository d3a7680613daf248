#pragma once
// IoError: an environment failure (disk, lock, network) converted at a module edge (docs/design.md,
// errors tier 3). `code` is the OS error (compare with std::errc), `path` names what was touched
// (a file, a directory or a URL; may be empty), `message` says what was being done.
#include <string>
#include <system_error>

namespace ck::core {

struct IoError {
    std::error_code code;
    std::string path;
    std::string message;
    // A failed fsync, fdatasync or syncfs: what was written before it may be lost for good,
    // whatever a retry reports (Linux marks failed pages clean). The store stops on it
    // (store.hpp, "Fail-stop").
    bool sync_failed = false;

    // One line for the operator log: "MESSAGE: PATH: OS REASON" (parts that are empty are left
    // out).
    std::string describe() const;
};

// An IoError from errno as left by the failed call.
IoError io_error_from_errno(int err, std::string path, std::string message);
// The same for a failed fsync, fdatasync or syncfs (sync_failed set).
IoError sync_error_from_errno(int err, std::string path, std::string message);

}  // namespace ck::core
