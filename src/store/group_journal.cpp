#include "store/group_journal.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>

#include "core/atomic_file.hpp"
#include "store/crc32c.hpp"

namespace ck::store {

GroupJournal::GroupJournal(GroupJournal&& other) noexcept
    : temp_file_(std::move(other.temp_file_)),
      fd_(std::exchange(other.fd_, -1)),
      flushed_(std::exchange(other.flushed_, 0)),
      crc_(std::exchange(other.crc_, 0)),
      buf_(std::move(other.buf_)),
      files_(std::move(other.files_)),
      records_(std::move(other.records_)),
      seen_(std::move(other.seen_)),
      kept_(std::move(other.kept_)) {}

GroupJournal::~GroupJournal() { clear(); }

void GroupJournal::clear() {
    if (fd_ >= 0) {
        ::close(fd_);
        ::unlink(temp_file_.c_str());  // gone already when write() renamed it
        fd_ = -1;
    }
    flushed_ = 0;
    crc_ = 0;
    buf_.clear();
    files_.clear();
    records_.clear();
    seen_.clear();
    kept_.clear();
}

core::Result<void, core::IoError> GroupJournal::pwrite_all(std::string_view bytes,
                                                           std::uint64_t at) {
    while (!bytes.empty()) {
        const ssize_t n = ::pwrite(fd_, bytes.data(), bytes.size(), static_cast<off_t>(at));
        if (n < 0) {
            if (errno == EINTR) continue;
            return core::unexpected(
                core::io_error_from_errno(errno, temp_file_.string(), "cannot write"));
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
        at += static_cast<std::uint64_t>(n);
    }
    return {};
}

// Moves the bytes in memory to the end of the temp file (made on first use).
core::Result<void, core::IoError> GroupJournal::spill() {
    if (fd_ < 0) {
        fd_ = ::open(temp_file_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd_ < 0) {
            return core::unexpected(
                core::io_error_from_errno(errno, temp_file_.string(), "cannot create"));
        }
    }
    if (auto w = pwrite_all(buf_, flushed_); !w) return w;
    flushed_ += buf_.size();
    buf_.clear();
    kept_.clear();  // the journal is read back from the file after the commit
    return {};
}

core::Result<void, core::IoError> GroupJournal::stage(JournalRecord&& staged) {
    const std::uint64_t before = size();
    // The counter is filled in by write(). Appended, not assigned: the buffer keeps the room an
    // earlier group grew it to (at most about twice SpillBytes) instead of growing again.
    if (before == 0) {
        buf_.clear();
        buf_ += journal_header_fixed(std::nullopt);
    }
    const std::uint64_t base = flushed_;
    const std::uint32_t crc_before = crc_;
    const std::size_t from = buf_.size();
    std::vector<std::size_t> offsets, mail_offsets;
    encode_journal_entries(staged, buf_, &offsets, &mail_offsets);
    crc_ = crc32c(crc_, std::string_view(buf_).substr(from));
    if (buf_.size() >= SpillBytes) {
        if (auto s = spill(); !s) {
            buf_.resize(before - flushed_);  // nothing of `staged` reached the file's length
            crc_ = crc_before;
            return s;
        }
    }
    for (std::size_t i = 0; i < staged.files.size(); ++i) {
        const FileWrite& f = staged.files[i];
        std::vector<Piece>& pieces = files_[{f.game, f.name}];
        if (f.keep == 0) pieces.clear();
        pieces.push_back(Piece{base + offsets[i], f.bytes.size(), f.keep});
    }
    for (const RecordWrite& r : staged.records) records_[{r.ns, r.key}] = r.bytes;
    seen_.insert(staged.seen.begin(), staged.seen.end());
    for (std::size_t i = 0; i < staged.mails.size(); ++i) {
        staged.mails[i].at = base + mail_offsets[i];
        staged.mails[i].size = staged.mails[i].spool_bytes.size();
    }
    if (fd_ < 0) kept_.push_back(std::move(staged));
    return {};
}

std::optional<std::vector<JournalRecord>> GroupJournal::take_staged() {
    if (fd_ >= 0 || empty()) return std::nullopt;
    return std::exchange(kept_, {});
}

// Appends the bytes of `piece` to `out`, from the temp file and from memory.
core::Result<void, core::IoError> GroupJournal::read_piece(const Piece& piece,
                                                           std::string& out) const {
    const std::uint64_t at = piece.at;
    const std::size_t len = piece.len;
    const std::size_t base = out.size();
    out.resize(base + len);
    std::size_t got = 0;
    while (got < len && at + got < flushed_) {  // the part in the temp file
        const auto want =
            static_cast<std::size_t>(std::min<std::uint64_t>(len - got, flushed_ - (at + got)));
        const ssize_t n = ::pread(fd_, out.data() + base + got, want, static_cast<off_t>(at + got));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            return core::unexpected(
                core::io_error_from_errno(n < 0 ? errno : EIO, temp_file_.string(), "cannot read"));
        }
        got += static_cast<std::size_t>(n);
    }
    if (got < len) out.replace(base + got, len - got, buf_, at + got - flushed_, len - got);
    return {};
}

core::Result<std::optional<std::string>, core::IoError> GroupJournal::read_file(
    GameId game, const std::string& name, const std::filesystem::path& on_disk) const {
    const auto it = files_.find({game, name});
    if (it == files_.end()) return std::optional<std::string>();
    std::string out;
    if (it->second.front().keep != 0) {  // tails of the file as it is on disk
        auto disk = core::read_file(on_disk);
        if (!disk) return core::unexpected(disk.error());
        out = std::move(*disk);
    }
    for (const Piece& piece : it->second) {
        if (out.size() < piece.keep) {
            return core::unexpected(core::IoError{
                std::make_error_code(std::errc::invalid_argument), on_disk.string(),
                "staged tail at byte " + std::to_string(piece.keep) + " past the file's end"});
        }
        out.resize(piece.keep);
        if (auto r = read_piece(piece, out); !r) return core::unexpected(r.error());
    }
    return std::optional<std::string>(std::move(out));
}

const std::optional<std::string>* GroupJournal::record(Namespace ns, const std::string& key) const {
    const auto it = records_.find({ns, key});
    return it == records_.end() ? nullptr : &it->second;
}

std::vector<GameId> GroupJournal::games() const {
    std::vector<GameId> ids;
    for (auto it = files_.begin(); it != files_.end();
         it = files_.lower_bound({it->first.first.next(), std::string()})) {
        ids.push_back(it->first.first);
    }
    return ids;
}

void GroupJournal::rewind(Mark m) {
    if (m.size == 0) {
        clear();
        return;
    }
    if (m.size >= flushed_) {
        buf_.resize(static_cast<std::size_t>(m.size - flushed_));
    } else {
        // The file's tail past flushed_ is written over (pwrite at flushed_) and cut by write().
        buf_.clear();
        flushed_ = m.size;
    }
    files_ = std::move(m.files);
    records_ = std::move(m.records);
    seen_ = std::move(m.seen);
    crc_ = m.crc;
    if (kept_.size() > m.kept) kept_.resize(m.kept);  // empty once the group spilled
}

core::Result<void, core::IoError> GroupJournal::write(const std::filesystem::path& journal,
                                                      GameId next_game) {
    struct ClearAtEnd {
        GroupJournal& g;
        ~ClearAtEnd() { g.clear(); }
    } clear_at_end{*this};
    if (empty()) return {};
    const std::string digits = journal_header_fixed(next_game).substr(
        JournalHeaderCounterAt, JournalHeaderSize - 1 - JournalHeaderCounterAt);
    buf_ += journal_end_line(crc_, next_game);
    if (fd_ < 0) {
        buf_.replace(JournalHeaderCounterAt, digits.size(), digits);
        return core::rename_into_place(journal, buf_);
    }
    const std::string name = temp_file_.string();
    if (auto w = pwrite_all(buf_, flushed_); !w) return w;
    if (auto w = pwrite_all(digits, JournalHeaderCounterAt); !w) return w;
    if (::ftruncate(fd_, static_cast<off_t>(size())) != 0)
        return core::unexpected(core::io_error_from_errno(errno, name, "cannot truncate"));
    if (core::fsync_counted(fd_) != 0)
        return core::unexpected(core::sync_error_from_errno(errno, name, "cannot sync"));
    if (::rename(name.c_str(), journal.c_str()) != 0)
        return core::unexpected(
            core::io_error_from_errno(errno, journal.string(), "cannot rename temp file to"));
    return {};
}

}  // namespace ck::store
