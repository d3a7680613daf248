#include "store/ledger.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>

#include "core/atomic_file.hpp"

namespace ck::store {
core::Result<Ledger, core::IoError> Ledger::load(const std::filesystem::path& file) {
    const std::string name = file.string();
    Ledger ledger(file);
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) {
        auto w = core::write_file_atomic(file, "");
        if (!w) return core::unexpected(w.error());
        return ledger;
    }
    auto bytes = core::read_file(file);
    if (!bytes) return core::unexpected(bytes.error());
    const std::string& s = *bytes;
    size_t pos = 0;
    for (;;) {
        const size_t eol = s.find('\n', pos);
        if (eol == std::string::npos) break;
        std::string id = s.substr(pos, eol - pos);
        // A power loss can leave NUL-filled blocks; such lines are not ids.
        if (!id.empty() && id.find('\0') == std::string::npos) ledger.ids_.insert(std::move(id));
        pos = eol + 1;
    }
    if (pos != s.size()) {  // torn last line: cut it off durably
        if (::truncate(name.c_str(), static_cast<off_t>(pos)) != 0) {
            return core::unexpected(
                core::io_error_from_errno(errno, name, "cannot cut torn line of ledger"));
        }
        const int fd = ::open(name.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0 || core::fsync_counted(fd) != 0) {
            const int err = errno;
            if (fd >= 0) ::close(fd);
            return core::unexpected(core::sync_error_from_errno(err, name, "cannot sync ledger"));
        }
        ::close(fd);
    }
    return ledger;
}

core::Result<void, core::IoError> Ledger::append(const std::vector<std::string>& message_ids,
                                                 bool sync) {
    std::string text;
    std::vector<const std::string*> added;
    for (const auto& id : message_ids) {
        if (contains(id)) continue;
        bool dup = false;
        for (const auto* a : added) dup = dup || *a == id;
        if (dup) continue;
        added.push_back(&id);
        text += id;
        text += '\n';
    }
    if (text.empty()) return {};
    const std::string name = file_.string();
    const int fd = ::open(name.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot open ledger"));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return core::unexpected(core::io_error_from_errno(err, name, "cannot stat ledger"));
    }
    const char* p = text.data();
    size_t left = text.size();
    int err = 0;
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            err = errno;
            break;
        }
        p += n;
        left -= static_cast<size_t>(n);
    }
    bool sync_failed = false;
    if (err == 0 && sync && core::fsync_counted(fd) != 0) {
        err = errno;
        sync_failed = true;
    }
    if (err != 0) {
        // Keep the file a sequence of whole lines, so the next append starts on a line.
        [[maybe_unused]] int rc = ::ftruncate(fd, st.st_size);
        ::close(fd);
        auto e = core::io_error_from_errno(err, name, "cannot append to ledger");
        e.sync_failed = sync_failed;
        return core::unexpected(std::move(e));
    }
    if (::close(fd) != 0) {
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot close ledger"));
    }
    for (const auto* a : added) ids_.insert(*a);
    return {};
}

}  // namespace ck::store
