#include "core/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <cerrno>
#include <string>
#include <thread>

namespace ck::core {
namespace {

// The pid a previous holder wrote, or "" if there is none readable.
std::string holder_pid(int fd) {
    char buf[32];
    ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return "";
    std::string s(buf, static_cast<size_t>(n));
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    for (char c : s) {
        if (c < '0' || c > '9') return "";
    }
    return s;
}

}  // namespace

Result<FileLock, IoError> FileLock::acquire(const std::filesystem::path& path,
                                            std::chrono::milliseconds wait) {
    const std::string name = path.string();
    int fd = ::open(name.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return unexpected(io_error_from_errno(errno, name, "cannot open lock file"));
    const auto give_up = std::chrono::steady_clock::now() + wait;
    int rc;
    for (;;) {
        do {
            rc = ::flock(fd, LOCK_EX | LOCK_NB);
        } while (rc != 0 && errno == EINTR);
        if (rc == 0 || errno != EWOULDBLOCK || std::chrono::steady_clock::now() >= give_up) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (rc != 0) {
        const int err = errno;
        std::string message = "cannot lock";
        if (err == EWOULDBLOCK) {
            const std::string pid = holder_pid(fd);
            message = pid.empty() ? "locked by another process"
                                  : "locked by another process (pid " + pid + ")";
        }
        ::close(fd);
        return unexpected(io_error_from_errno(err == EWOULDBLOCK ? EAGAIN : err, name, message));
    }
    // Best effort: the pid only helps the operator; the lock itself is what counts.
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) == 0) {
        [[maybe_unused]] ssize_t n = ::pwrite(fd, pid.data(), pid.size(), 0);
    }
    return FileLock(fd, path);
}

bool FileLock::held(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    int rc;
    do {
        rc = ::flock(fd, LOCK_SH | LOCK_NB);
    } while (rc != 0 && errno == EINTR);
    const bool busy = rc != 0 && errno == EWOULDBLOCK;
    ::close(fd);  // drops the shared lock, if taken
    return busy;
}

FileLock::FileLock(FileLock&& other) noexcept : fd_(other.fd_), path_(std::move(other.path_)) {
    other.fd_ = -1;
}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
    if (this != &other) {
        release();
        fd_ = other.fd_;
        path_ = std::move(other.path_);
        other.fd_ = -1;
    }
    return *this;
}

FileLock::~FileLock() { release(); }

void FileLock::release() {
    if (fd_ >= 0) {
        ::flock(fd_, LOCK_UN);
        ::close(fd_);
        fd_ = -1;
    }
}

}  // namespace ck::core
