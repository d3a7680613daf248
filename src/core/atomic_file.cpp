#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <atomic>
#include <cerrno>
#include <vector>

namespace ck::core {
namespace {

// Closes a descriptor on every path out of a function.
class Fd {
public:
    explicit Fd(int fd) : fd_(fd) {}
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    int get() const { return fd_; }
    // Closes now and reports the result (close can report a deferred write error).
    int close_now() {
        int rc = ::close(fd_);
        fd_ = -1;
        return rc;
    }

private:
    int fd_;
};

bool write_all(int fd, std::string_view bytes) {
    const char* p = bytes.data();
    size_t left = bytes.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        p += n;
        left -= static_cast<size_t>(n);
    }
    return true;
}

std::atomic<std::uint64_t> fsync_calls{0};
std::atomic<std::uint64_t> syncfs_calls{0};

}  // namespace

int fsync_counted(int fd) {
    fsync_calls.fetch_add(1, std::memory_order_relaxed);
    int rc;
    do {
        rc = ::fsync(fd);
    } while (rc != 0 && errno == EINTR);
    return rc;
}

int syncfs_counted(int fd) {
    syncfs_calls.fetch_add(1, std::memory_order_relaxed);
    return ::syncfs(fd);
}

SyncCounts sync_counts() {
    return SyncCounts{fsync_calls.load(std::memory_order_relaxed),
                      syncfs_calls.load(std::memory_order_relaxed)};
}

Result<void, IoError> sync_directory(const std::filesystem::path& dir) {
    const std::string name = dir.empty() ? std::string(".") : dir.string();
    Fd fd(::open(name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd.get() < 0) {
        return unexpected(sync_error_from_errno(errno, name, "cannot open directory to sync"));
    }
    if (fsync_counted(fd.get()) != 0) {
        return unexpected(sync_error_from_errno(errno, name, "cannot sync directory"));
    }
    return {};
}

Result<void, IoError> write_file_atomic(const std::filesystem::path& path, std::string_view bytes,
                                        mode_t mode) {
    if (auto placed = rename_into_place(path, bytes, mode); !placed) return placed;
    return sync_directory(path.parent_path());
}

Result<void, IoError> rename_into_place(const std::filesystem::path& path, std::string_view bytes,
                                        mode_t mode) {
    const std::filesystem::path dir = path.parent_path();
    const std::string target = path.string();
    if (path.filename().empty()) {
        return unexpected(io_error_from_errno(EISDIR, target, "not a file name"));
    }
    std::string tmpl = (dir / ("." + path.filename().string() + ".tmp.XXXXXX")).string();
    std::vector<char> tmp_name(tmpl.begin(), tmpl.end());
    tmp_name.push_back('\0');

    Fd fd(::mkostemp(tmp_name.data(), O_CLOEXEC));
    if (fd.get() < 0) {
        return unexpected(io_error_from_errno(errno, target, "cannot create temp file for"));
    }
    const std::string tmp(tmp_name.data());
    auto fail = [&](int err, const char* what, bool sync = false) {
        ::unlink(tmp.c_str());
        return unexpected(sync ? sync_error_from_errno(err, target, what)
                               : io_error_from_errno(err, target, what));
    };
    if (::fchmod(fd.get(), mode) != 0) return fail(errno, "cannot set permissions of");
    if (!write_all(fd.get(), bytes)) return fail(errno, "cannot write");
    if (fsync_counted(fd.get()) != 0) return fail(errno, "cannot sync", true);
    if (fd.close_now() != 0) return fail(errno, "cannot close");
    if (::rename(tmp.c_str(), target.c_str()) != 0)
        return fail(errno, "cannot rename temp file to");
    return {};
}

Result<std::string, IoError> read_file(const std::filesystem::path& path) {
    const std::string name = path.string();
    Fd fd(::open(name.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) return unexpected(io_error_from_errno(errno, name, "cannot open"));
    std::string out;
    struct stat st {};
    if (::fstat(fd.get(), &st) == 0 && st.st_size > 0) out.reserve(static_cast<size_t>(st.st_size));
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(fd.get(), buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR) continue;
            return unexpected(io_error_from_errno(errno, name, "cannot read"));
        }
        if (n == 0) break;
        out.append(buf, static_cast<size_t>(n));
    }
    return out;
}

}  // namespace ck::core
