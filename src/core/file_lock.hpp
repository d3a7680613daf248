#pragma once
// An exclusive advisory lock on a file (flock), held for the lifetime of the object: a second
// daemon on the same store refuses to start instead of racing the first. The lock belongs to
// the open file, so it also conflicts with a second FileLock in the same process, and it is
// released when the process dies, however it dies. Child processes do not inherit it.
#include <chrono>
#include <filesystem>
#include <string>

#include "core/io_error.hpp"
#include "core/result.hpp"

namespace ck::core {

class FileLock {
public:
    // Opens (creating if missing) `path` and takes the lock, retrying for up to `wait` while
    // another holder has it (0: no waiting); then writes this process's id into the file for the
    // operator. If another holder still has it, the error's code is
    // std::errc::resource_unavailable_try_again and its message names the holder's pid if known.
    static Result<FileLock, IoError> acquire(
        const std::filesystem::path& path,
        std::chrono::milliseconds wait = std::chrono::milliseconds{0});

    // True when another open file holds the lock on `path` now (a missing file: false). Only
    // looks: takes a shared lock for an instant and writes nothing, so the holder's pid stays.
    static bool held(const std::filesystem::path& path);

    FileLock(FileLock&& other) noexcept;
    FileLock& operator=(FileLock&& other) noexcept;
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    ~FileLock();  // releases the lock (the file stays)

    const std::filesystem::path& path() const { return path_; }

private:
    FileLock(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}
    void release();

    int fd_ = -1;
    std::filesystem::path path_;
};

}  // namespace ck::core
