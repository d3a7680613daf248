#include "store/fs_util.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>

#include "core/atomic_file.hpp"

namespace ck::store {
namespace {

core::IoError fs_error(const std::error_code& ec, const std::filesystem::path& p,
                       std::string message) {
    return core::IoError{ec, p.string(), std::move(message)};
}

FileStamp stamp_from(const struct stat& st) {
    const auto ns = [](const struct timespec& t) {
        return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
    };
    return FileStamp{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
                     static_cast<std::int64_t>(st.st_size), ns(st.st_mtim), ns(st.st_ctim)};
}

}  // namespace

core::Result<std::optional<FileStamp>, core::IoError> stamp_of(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return std::optional<FileStamp>();
        return core::unexpected(core::io_error_from_errno(errno, path.string(), "cannot stat"));
    }
    return std::optional<FileStamp>(stamp_from(st));
}

core::Result<std::vector<std::string>, core::IoError> list_names(const std::filesystem::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    std::filesystem::directory_iterator it(dir, ec), end;
    if (ec) return core::unexpected(fs_error(ec, dir, "cannot list directory"));
    for (; it != end; it.increment(ec)) {
        if (ec) break;
        names.push_back(it->path().filename().string());
    }
    if (ec) return core::unexpected(fs_error(ec, dir, "cannot list directory"));
    std::sort(names.begin(), names.end());
    return names;
}

core::Result<bool, core::IoError> ensure_directory(const std::filesystem::path& dir, bool sync) {
    std::error_code ec;
    if (std::filesystem::is_directory(dir, ec)) return false;
    const bool made = std::filesystem::create_directory(dir, ec);
    if (ec) return core::unexpected(fs_error(ec, dir, "cannot create directory"));
    if (!sync) return made;
    auto parent = dir.parent_path();
    if (auto synced = core::sync_directory(parent.empty() ? std::filesystem::path(".") : parent);
        !synced)
        return core::unexpected(synced.error());
    return made;
}

core::Result<void, core::IoError> remove_durably(const std::filesystem::path& file) {
    const std::string name = file.string();
    if (::unlink(name.c_str()) != 0 && errno != ENOENT) {
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot remove"));
    }
    return core::sync_directory(file.parent_path());
}

core::Result<void, core::IoError> overwrite_file_unsynced(const std::filesystem::path& path,
                                                          std::string_view bytes, bool fresh,
                                                          FileStamp* after) {
    const std::string name = path.string();
    // `fresh`: created now, or (it exists) written over and cut as any other.
    int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | (fresh ? O_EXCL : 0), 0644);
    if (fd < 0 && fresh && errno == EEXIST) {
        fresh = false;
        fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    }
    if (fd < 0) return core::unexpected(core::io_error_from_errno(errno, name, "cannot create"));
    const char* p = bytes.data();
    size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            ::close(fd);
            return core::unexpected(core::io_error_from_errno(err, name, "cannot write"));
        }
        p += n;
        left -= static_cast<size_t>(n);
    }
    if (!fresh && ::ftruncate(fd, static_cast<off_t>(bytes.size())) != 0) {
        const int err = errno;
        ::close(fd);
        return core::unexpected(core::io_error_from_errno(err, name, "cannot truncate"));
    }
    if (after != nullptr) {
        struct stat st {};
        if (::fstat(fd, &st) != 0) {
            const int err = errno;
            ::close(fd);
            return core::unexpected(core::io_error_from_errno(err, name, "cannot stat"));
        }
        *after = stamp_from(st);
    }
    if (::close(fd) != 0) {
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot close"));
    }
    return {};
}

core::Result<void, core::IoError> patch_file_unsynced(const std::filesystem::path& path,
                                                      std::uint64_t keep, std::string_view bytes,
                                                      FileStamp* before, FileStamp* after) {
    const std::string name = path.string();
    OwnedFd fd(::open(name.c_str(), O_WRONLY | O_CLOEXEC));
    if (!fd.valid()) return core::unexpected(core::io_error_from_errno(errno, name, "cannot open"));
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot stat"));
    if (before != nullptr) *before = stamp_from(st);
    if (static_cast<std::uint64_t>(st.st_size) < keep) {
        return core::unexpected(
            core::IoError{std::make_error_code(std::errc::invalid_argument), name,
                          "cannot apply a journal tail at byte " + std::to_string(keep) +
                              " to a file of " + std::to_string(st.st_size) + " bytes"});
    }
    auto at = static_cast<off_t>(keep);
    const char* p = bytes.data();
    size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::pwrite(fd.get(), p, left, at);
        if (n < 0) {
            if (errno == EINTR) continue;
            return core::unexpected(core::io_error_from_errno(errno, name, "cannot write"));
        }
        p += n;
        at += n;
        left -= static_cast<size_t>(n);
    }
    if (static_cast<std::uint64_t>(st.st_size) != keep + bytes.size() &&
        ::ftruncate(fd.get(), at) != 0) {
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot truncate"));
    }
    if (after != nullptr) {
        if (::fstat(fd.get(), &st) != 0)
            return core::unexpected(core::io_error_from_errno(errno, name, "cannot stat"));
        *after = stamp_from(st);
    }
    if (::close(fd.release()) != 0)
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot close"));
    return {};
}

OwnedFd& OwnedFd::operator=(OwnedFd&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.release();
    }
    return *this;
}

OwnedFd::~OwnedFd() {
    if (fd_ >= 0) ::close(fd_);
}

core::Result<OwnedFd, core::IoError> open_directory(const std::filesystem::path& dir) {
    const std::string name = dir.string();
    const int fd = ::open(name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return core::unexpected(core::io_error_from_errno(errno, name, "cannot open"));
    return OwnedFd(fd);
}

core::Result<void, core::IoError> sync_filesystem(const OwnedFd& fd,
                                                  const std::filesystem::path& name) {
    if (core::syncfs_counted(fd.get()) != 0) {
        return core::unexpected(
            core::sync_error_from_errno(errno, name.string(), "cannot sync file system of"));
    }
    return {};
}

core::Result<void, core::IoError> sync_file(const std::filesystem::path& file) {
    const std::string name = file.string();
    const int fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return {};
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot open"));
    }
    const int rc = core::fsync_counted(fd);
    const int err = errno;
    ::close(fd);
    if (rc != 0) return core::unexpected(core::sync_error_from_errno(err, name, "cannot sync"));
    return {};
}

bool is_temp_name(const std::string& name) {
    return name.size() > 1 && name[0] == '.' && name.find(".tmp.") != std::string::npos;
}

core::Result<void, core::IoError> remove_stale_temps(const std::filesystem::path& dir) {
    auto names = list_names(dir);
    if (!names) return core::unexpected(names.error());
    bool removed = false;
    for (const auto& n : *names) {
        if (!is_temp_name(n)) continue;
        const std::string p = (dir / n).string();
        if (::unlink(p.c_str()) != 0 && errno != ENOENT) {
            return core::unexpected(core::io_error_from_errno(errno, p, "cannot remove temp file"));
        }
        removed = true;
    }
    if (removed) return core::sync_directory(dir);
    return {};
}

core::Result<StampedContent, core::IoError> read_file_stamped(const std::filesystem::path& path) {
    const std::string name = path.string();
    OwnedFd fd(::open(name.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.valid()) return core::unexpected(core::io_error_from_errno(errno, name, "cannot open"));
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot stat"));
    const FileStamp first = stamp_from(st);
    StampedContent out;
    out.bytes.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    for (;;) {  // to the end, whatever the size said: the file may have grown meanwhile
        if (got == out.bytes.size()) out.bytes.resize(got + 4096);
        const ssize_t n = ::read(fd.get(), out.bytes.data() + got, out.bytes.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return core::unexpected(core::io_error_from_errno(errno, name, "cannot read"));
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    out.bytes.resize(got);
    if (::fstat(fd.get(), &st) != 0)
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot stat"));
    if (stamp_from(st) == first && static_cast<std::uint64_t>(first.size) == got) out.stamp = first;
    return out;
}

core::Result<std::string, core::IoError> read_file_range(const std::filesystem::path& file,
                                                         std::uint64_t at, std::uint64_t size) {
    const std::string name = file.string();
    const int fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return core::unexpected(core::io_error_from_errno(errno, name, "cannot open"));
    std::string out(static_cast<std::size_t>(size), '\0');
    std::size_t got = 0;
    while (got < out.size()) {
        const ssize_t n =
            ::pread(fd, out.data() + got, out.size() - got, static_cast<off_t>(at + got));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int err = n < 0 ? errno : EIO;
            ::close(fd);
            return core::unexpected(core::io_error_from_errno(err, name, "cannot read"));
        }
        got += static_cast<std::size_t>(n);
    }
    ::close(fd);
    return out;
}

}  // namespace ck::store
