#include "mail/maildir.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <system_error>

#include "core/atomic_file.hpp"

namespace ck::mail {
namespace fs = std::filesystem;
namespace {

MailError fs_error(const std::string& what, const fs::path& p, int err) {
    return MailError{MailErrorCode::Filesystem,
                     what + ": " + p.string() + ": " + std::strerror(err), 0, true};
}

std::string unique_part(const std::string& name) { return name.substr(0, name.find(':')); }

std::string flags_of(const std::string& name) {
    const size_t p = name.find(":2,");
    return p == std::string::npos ? std::string() : name.substr(p + 3);
}

bool valid_id(const SourceId& id) {
    return !id.empty() && id[0] != '.' && id.find('/') == std::string::npos &&
           id.find(':') == std::string::npos;
}

std::string hostname_for_maildir() {
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0) return "localhost";
    std::string h;
    for (const char* p = buf; *p; ++p) {
        if (*p == '/')
            h += "\\057";
        else if (*p == ':')
            h += "\\072";
        else
            h += *p;
    }
    return h;
}

std::atomic<unsigned long> delivery_counter{0};

}  // namespace

core::Result<void, MailError> ensure_maildir(const fs::path& root) {
    for (const char* sub : {"", "tmp", "new", "cur"}) {
        const fs::path p = root / sub;
        if (::mkdir(p.c_str(), 0700) != 0 && errno != EEXIST)
            return core::unexpected(fs_error("mkdir", p, errno));
    }
    return {};
}

MaildirSource::MaildirSource(fs::path root) : root_(std::move(root)) {}

core::Result<std::vector<SourceId>, MailError> MaildirSource::list_pending() {
    if (auto ok = ensure_maildir(root_); !ok) return core::unexpected(ok.error());
    std::vector<SourceId> ids;
    std::error_code ec;
    for (const char* sub : {"new", "cur"}) {
        for (fs::directory_iterator it(root_ / sub, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string name = it->path().filename().string();
            if (name.empty() || name[0] == '.') continue;
            if (std::string(sub) == "cur" && flags_of(name).find('S') != std::string::npos)
                continue;
            ids.push_back(unique_part(name));
        }
        if (ec) return core::unexpected(fs_error("list", root_ / sub, ec.value()));
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

fs::path MaildirSource::find(const SourceId& id) const {
    if (!valid_id(id)) return {};
    std::error_code ec;
    if (fs::exists(root_ / "new" / id, ec)) return root_ / "new" / id;
    for (fs::directory_iterator it(root_ / "cur", ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (unique_part(name) == id) return it->path();
    }
    return {};
}

core::Result<std::string, MailError> MaildirSource::fetch(const SourceId& id) {
    const fs::path p = find(id);
    if (p.empty())
        return core::unexpected(MailError{MailErrorCode::NotFound,
                                          "no message " + id + " in " + root_.string(), 0, false});
    auto bytes = core::read_file(p);
    if (!bytes)
        return core::unexpected(
            MailError{MailErrorCode::Filesystem, bytes.error().describe(), 0, true});
    return std::move(bytes).value();
}

std::optional<core::TimePoint> MaildirSource::arrival(const SourceId& id) {
    const fs::path p = find(id);
    struct stat st {};
    if (p.empty() || ::stat(p.c_str(), &st) != 0) return std::nullopt;
    return std::chrono::system_clock::from_time_t(st.st_mtim.tv_sec) +
           std::chrono::duration_cast<std::chrono::system_clock::duration>(
               std::chrono::nanoseconds(st.st_mtim.tv_nsec));
}

core::Result<void, MailError> MaildirSource::mark_done(const SourceId& id) {
    const fs::path p = find(id);
    if (p.empty())
        return core::unexpected(MailError{MailErrorCode::NotFound,
                                          "no message " + id + " in " + root_.string(), 0, false});
    const std::string name = p.filename().string();
    std::string flags = flags_of(name);
    if (p.parent_path().filename() == "cur" && flags.find('S') != std::string::npos) return {};
    flags += 'S';
    std::sort(flags.begin(), flags.end());  // the spec keeps flags in ASCII order
    flags.erase(std::unique(flags.begin(), flags.end()), flags.end());
    const fs::path target = root_ / "cur" / (unique_part(name) + ":2," + flags);
    if (::rename(p.c_str(), target.c_str()) != 0)
        return core::unexpected(fs_error("rename", p, errno));
    cur_dirty_ = true;
    if (p.parent_path() != root_ / "cur") new_dirty_ = true;
    if (batching_) return {};
    return sync_marked();
}

core::Result<void, MailError> MaildirSource::sync_marked() {
    if (cur_dirty_) {
        if (auto s = core::sync_directory(root_ / "cur"); !s)
            return core::unexpected(
                MailError{MailErrorCode::Filesystem, s.error().describe(), 0, true});
        cur_dirty_ = false;
    }
    // The removal from new/ only matters for re-listing, which the store's ledger makes
    // harmless: no fsync for it (it becomes durable with the next one of the file system).
    new_dirty_ = false;
    return {};
}

void MaildirSource::begin_batch() { batching_ = true; }

core::Result<void, MailError> MaildirSource::end_batch() {
    batching_ = false;
    return sync_marked();
}

MaildirSink::MaildirSink(fs::path root) : root_(std::move(root)) {}

MaildirSink::~MaildirSink() {
    discard_batch();
    if (tmp_fd_ >= 0) ::close(tmp_fd_);
}

core::Result<void, MailError> MaildirSink::send(const std::string&, const std::vector<std::string>&,
                                                std::string_view raw_message) {
    auto r = deliver(raw_message);
    if (!r) return core::unexpected(r.error());
    return {};
}

core::Result<std::string, MailError> MaildirSink::deliver(std::string_view raw,
                                                          std::optional<core::TimePoint> arrived) {
    if (!batching_ || batch_.empty()) {  // once per batch
        if (auto ok = ensure_maildir(root_); !ok) return core::unexpected(ok.error());
    }
    struct timeval tv {};
    gettimeofday(&tv, nullptr);
    char usec[16];
    std::snprintf(usec, sizeof usec, "%06ld", static_cast<long>(tv.tv_usec));
    const std::string name = std::to_string(tv.tv_sec) + ".M" + usec + "P" +
                             std::to_string(::getpid()) + "Q" + std::to_string(++delivery_counter) +
                             "." + hostname_for_maildir();
    const fs::path tmp = root_ / "tmp" / name;
    const fs::path dst = root_ / "new" / name;
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return core::unexpected(fs_error("create", tmp, errno));
    size_t done = 0;
    while (done < raw.size()) {
        const ssize_t n = ::write(fd, raw.data() + done, raw.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            return core::unexpected(fs_error("write", tmp, err));
        }
        done += static_cast<size_t>(n);
    }
    if (arrived) {  // the delivery time MaildirSource::arrival reads back
        const auto ns =
            std::chrono::duration_cast<std::chrono::nanoseconds>(arrived->time_since_epoch())
                .count();
        struct timespec times[2];
        times[0].tv_sec = times[1].tv_sec = static_cast<time_t>(ns / 1000000000);
        times[0].tv_nsec = times[1].tv_nsec = static_cast<long>(ns % 1000000000);
        if (::futimens(fd, times) != 0) {
            const int err = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            return core::unexpected(fs_error("futimens", tmp, err));
        }
    }
    if (batching_) {  // durable and visible at end_batch
        if (::close(fd) != 0) {
            const int err = errno;
            ::unlink(tmp.c_str());
            return core::unexpected(fs_error("close", tmp, err));
        }
        batch_.push_back(name);
        return name;
    }
    const int sync_rc = core::fsync_counted(fd);
    const int sync_err = errno;
    if (::close(fd) != 0 || sync_rc != 0) {
        const int err = sync_rc != 0 ? sync_err : errno;
        ::unlink(tmp.c_str());
        return core::unexpected(fs_error("fsync", tmp, err));
    }
    if (::rename(tmp.c_str(), dst.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        return core::unexpected(fs_error("rename", tmp, err));
    }
    if (auto s = core::sync_directory(root_ / "new"); !s)
        return core::unexpected(
            MailError{MailErrorCode::Filesystem, s.error().describe(), 0, true});
    return name;
}

void MaildirSink::discard_batch() {
    for (const auto& name : batch_) ::unlink((root_ / "tmp" / name).c_str());
    batch_.clear();
}

// Files of tmp/ older than 36 hours: a batch of a killed process (Maildir spec).
void MaildirSink::sweep_old_temps() {
    const fs::path tmp_dir = root_ / "tmp";
    std::error_code ec;
    const auto cutoff = fs::file_time_type::clock::now() - std::chrono::hours(36);
    for (fs::directory_iterator it(tmp_dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code e;
        if (it->is_regular_file(e) && it->last_write_time(e) < cutoff && !e)
            fs::remove(it->path(), e);
    }
}

bool MaildirSink::begin_batch() {
    discard_batch();
    batching_ = true;
    if (tmp_fd_ < 0 && ensure_maildir(root_)) {
        const fs::path tmp_dir = root_ / "tmp";
        tmp_fd_ = ::open(tmp_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (tmp_fd_ >= 0) sweep_old_temps();
    }
    return true;
}

core::Result<void, MailError> MaildirSink::end_batch() {
    batching_ = false;
    if (batch_.empty()) return {};
    // One syncfs makes the data of every tmp file durable before any of them is renamed.
    const fs::path tmp_dir = root_ / "tmp";
    if (tmp_fd_ < 0) tmp_fd_ = ::open(tmp_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (tmp_fd_ < 0) {
        const int err = errno;
        discard_batch();
        return core::unexpected(fs_error("open", tmp_dir, err));
    }
    if (core::syncfs_counted(tmp_fd_) != 0) {
        const int err = errno;
        discard_batch();
        return core::unexpected(fs_error("syncfs", tmp_dir, err));
    }
    for (std::size_t i = 0; i < batch_.size(); ++i) {
        const fs::path tmp = tmp_dir / batch_[i];
        const fs::path dst = root_ / "new" / batch_[i];
        if (::rename(tmp.c_str(), dst.c_str()) != 0) {
            const int e = errno;
            // All or nothing: take back the ones already in new/ (the error says none was
            // delivered, so the caller sends them again).
            for (std::size_t j = 0; j < i; ++j) ::unlink((root_ / "new" / batch_[j]).c_str());
            batch_.erase(batch_.begin(), batch_.begin() + static_cast<std::ptrdiff_t>(i));
            discard_batch();
            return core::unexpected(fs_error("rename", tmp, e));
        }
    }
    batch_.clear();
    if (auto s = core::sync_directory(root_ / "new"); !s)
        return core::unexpected(
            MailError{MailErrorCode::Filesystem, s.error().describe(), 0, true});
    return {};
}

}  // namespace ck::mail
