#include "store/store.hpp"

#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <map>
#include <set>
#include <system_error>
#include <utility>

#include "core/atomic_file.hpp"
#include "core/decimal.hpp"
#include "core/log.hpp"
#include "store/fs_util.hpp"
#include "store/game_layout.hpp"
#include "store/journal.hpp"
#include "store/spool_entry.hpp"

namespace ck::store {
namespace {

namespace fs = std::filesystem;

// The store's own file of state/: the layout's version ("ck-state 2"), never a namespace.
constexpr const char* StateFormatFile = "format";

core::IoError with_context(core::IoError e, const std::string& context) {
    e.message = context + ": " + e.message;
    return e;
}

core::Result<GameId, core::IoError> read_counters(const fs::path& file) {
    std::error_code ec;
    if (!fs::exists(file, ec)) return GameId(1);
    auto bytes = core::read_file(file);
    if (!bytes) return core::unexpected(bytes.error());
    std::string s = *bytes;
    const std::string key = "next-game ";
    std::uint64_t n = 0;
    if (s.compare(0, key.size(), key) != 0 || s.empty() || s.back() != '\n' ||
        !core::parse_decimal(std::string_view(s).substr(key.size(), s.size() - key.size() - 1),
                             n)) {
        return core::unexpected(core::IoError{std::make_error_code(std::errc::invalid_argument),
                                              file.string(), "malformed counters file"});
    }
    return GameId(std::max<std::uint64_t>(n, 1));  // "next-game 0" has always read as 1
}

constexpr const char* CheckpointKey = "applied-through ";

// The checkpoint file's N (0 when there is none yet).
core::Result<std::uint64_t, core::IoError> read_checkpoint(const fs::path& file) {
    std::error_code ec;
    if (!fs::exists(file, ec)) return std::uint64_t{0};
    auto bytes = core::read_file(file);
    if (!bytes) return core::unexpected(bytes.error());
    const std::string& s = *bytes;
    const std::string key = CheckpointKey;
    std::uint64_t n = 0;
    if (s.compare(0, key.size(), key) != 0 || s.empty() || s.back() != '\n' ||
        !core::parse_decimal(std::string_view(s).substr(key.size(), s.size() - key.size() - 1),
                             n)) {
        return core::unexpected(core::IoError{std::make_error_code(std::errc::invalid_argument),
                                              file.string(), "malformed checkpoint file"});
    }
    return n;
}

}  // namespace

fs::path Store::game_file_path(GameId game, const std::string& name) const {
    return root_ / "games" / flat_game_file_name(game, name);
}

fs::path Store::file_path(const FileWrite& f) const { return game_file_path(f.game, f.name); }

namespace {

// The store lock, with the operator's error message when another process holds it.
core::Result<core::FileLock, core::IoError> lock_store(const fs::path& root,
                                                       std::chrono::milliseconds wait) {
    auto lock = core::FileLock::acquire(root / "lock", wait);
    if (lock || lock.error().code != std::errc::resource_unavailable_try_again) return lock;
    core::IoError e = lock.error();
    std::string pid;
    if (auto text = core::read_file(root / "lock")) {
        pid = *text;
        while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    }
    std::string root_name = root.string();
    if (!root_name.empty() && root_name.back() != '/') root_name += '/';
    e.message = "store " + root_name + " is in use by another process" +
                (pid.empty() ? std::string() : " (pid " + pid + ")");
    return core::unexpected(std::move(e));
}

// The version line of state/ (store.hpp): "ck-state 2", game files flat (game_layout.hpp);
// "ck-state 1", the same but a directory per game, which open moves to 2.
constexpr const char* StateFormat = "ck-state 2\n";
constexpr const char* StateFormatDirs = "ck-state 1\n";

// What state/format says.
enum class Layout : std::uint8_t {
    None,  // no state/format: a new store, or one from before state/ (a directory per game)
    Dirs,  // "ck-state 1": a directory per game
    Flat,  // "ck-state 2": this build's
};

core::Result<Layout, core::IoError> read_state_format(const fs::path& file) {
    std::error_code ec;
    if (!fs::exists(file, ec)) return Layout::None;
    auto bytes = core::read_file(file);
    if (!bytes) return core::unexpected(bytes.error());
    if (*bytes == StateFormat) return Layout::Flat;
    if (*bytes == StateFormatDirs) return Layout::Dirs;
    std::string line = bytes->substr(0, bytes->find('\n'));
    return core::unexpected(core::IoError{
        std::make_error_code(std::errc::invalid_argument), file.string(),
        "store state format '" + line.substr(0, 40) +
            "' is not the 'ck-state 2' this build reads (nor the 'ck-state 1' it moves to it)"});
}

// Once, when a store is moved to the flat layout: the counters file made at least the id after
// its highest game, since from now on open trusts it without looking at the games (an older
// build's checkpoint did not make it durable before the checkpoint file; scan_counters).
core::Result<void, core::IoError> raise_counters_to_games(const fs::path& root) {
    auto names = list_names(root / "games");
    if (!names) return core::unexpected(names.error());
    std::optional<GameId> last;
    for (const auto& n : *names) {
        if (const auto file = parse_flat_game_file_name(n); file && (!last || *last < file->first))
            last = file->first;
    }
    const fs::path file = root / "counters";
    auto counter = read_counters(file);
    if (!counter) return core::unexpected(counter.error());
    if (!last || last->next() <= *counter) return {};
    return core::write_file_atomic(file, "next-game " + to_string(last->next()) + "\n");
}

// Creates the layout and cleans up after a crashed holder of the lock.
core::Result<void, core::IoError> prepare_layout(const fs::path& root, Store::Sweep sweep) {
    for (const char* sub : {"games", "ledger", "outbox", "outbox/failed", "journal", "state"}) {
        if (auto made = ensure_directory(root / sub); !made) return core::unexpected(made.error());
    }
    // A store without the state/ version line is new, or was written by a version from before
    // journals, which wrote game files through temp files in their directories: sweep those
    // once (Store::Sweep; the move to the flat layout below removes them too).
    const fs::path format = root / "state" / StateFormatFile;
    auto layout = read_state_format(format);
    if (!layout) return core::unexpected(layout.error());
    if (*layout == Layout::None) sweep = Store::Sweep::All;
    // Temp files of writes a crash interrupted: their rename never happened, so they hold
    // nothing committed that a journal cannot redo. The store writes none into games/ (game
    // files are written in place), so games/ is swept only when asked.
    std::vector<fs::path> dirs = {
        root,          root / "ledger", root / "outbox", root / "outbox/failed", root / "journal",
        root / "state"};
    if (sweep == Store::Sweep::All) dirs.push_back(root / "games");
    for (const auto& d : dirs) {
        if (auto cleaned = remove_stale_temps(d); !cleaned) return cleaned;
    }
    // game_layout.hpp: a directory per game (layout 1) is moved to the flat layout; the version
    // line says 2 only once the move is complete and durable, so a crash during it leaves a
    // store the next open finishes moving. The journals replayed after this name games and
    // files, not paths: they apply to the flat layout alike.
    if (*layout != Layout::Flat) {
        if (auto moved = migrate_game_directories(root / "games"); !moved) return moved;
        if (auto raised = raise_counters_to_games(root); !raised) return raised;
        if (auto w = core::write_file_atomic(format, StateFormat); !w) return w;
    }
    // No fsync here (README "Store: sync budget"): a process killed after writing but before
    // a sync leaves data in the page cache only, but all such data is covered by a journal
    // above the checkpoint (a checkpoint retires a journal only after a syncfs), and the replay
    // of those journals ends in the open's checkpoint, whose syncfs makes durable what replay
    // found present as well as what it wrote. With no journal to replay nothing is unsynced.
    return {};
}

// The store must be one file system: the checkpoint's one syncfs covers only the root's.
core::Result<void, core::IoError> check_one_file_system(const fs::path& root) {
    struct stat top {};
    if (::stat(root.c_str(), &top) != 0)
        return core::unexpected(core::io_error_from_errno(errno, root.string(), "cannot stat"));
    for (const char* sub : {"games", "ledger", "outbox", "outbox/failed", "journal", "state"}) {
        const fs::path dir = root / sub;
        struct stat st {};
        if (::stat(dir.c_str(), &st) != 0)
            return core::unexpected(core::io_error_from_errno(errno, dir.string(), "cannot stat"));
        if (st.st_dev != top.st_dev) {
            return core::unexpected(core::IoError{
                std::make_error_code(std::errc::cross_device_link), dir.string(),
                "the store must be one file system (its checkpoint syncs only the root's), "
                "but this directory is on another one than " +
                    root.string()});
        }
    }
    return {};
}

// Linux reports writeback errors through syncfs only since 5.8: warn (once per process) on an
// older kernel, where a failed writeback can go unnoticed by the checkpoint.
void warn_old_kernel() {
    static bool warned = false;
    if (warned) return;
    warned = true;
    struct utsname u {};
    if (::uname(&u) != 0) return;
    int major = 0, minor = 0;
    if (std::sscanf(u.release, "%d.%d", &major, &minor) != 2) return;
    if (major > 5 || (major == 5 && minor >= 8)) return;
    core::operator_log().warn(std::string("store: kernel ") + u.release +
                              " does not report writeback errors through syncfs (5.8 and later "
                              "do); a failed disk write may go unnoticed by the checkpoint");
}

}  // namespace

core::Result<Store, core::IoError> Store::open(const fs::path& root, std::chrono::milliseconds wait,
                                               Sweep sweep) {
    std::error_code ec;
    fs::create_directories(root, ec);
    if (ec) return core::unexpected(core::IoError{ec, root.string(), "cannot create store"});
    auto lock = lock_store(root, wait);
    if (!lock) return core::unexpected(lock.error());
    // Opened before anything is written, and kept: see "Fail-stop" in store.hpp.
    auto root_fd = open_directory(root);
    if (!root_fd) return core::unexpected(root_fd.error());
    warn_old_kernel();
    if (auto ready = prepare_layout(root, sweep); !ready) return core::unexpected(ready.error());
    if (auto one = check_one_file_system(root); !one) return core::unexpected(one.error());
    auto ledger = Ledger::load(root / "ledger" / "seen");
    if (!ledger) return core::unexpected(ledger.error());

    Store store(root, std::move(*lock), std::move(*root_fd), std::move(*ledger));
    if (auto retired = store.retire_old_journals(); !retired) {
        return core::unexpected(retired.error());
    }
    if (auto loaded = store.load_records(); !loaded) return core::unexpected(loaded.error());
    if (auto scanned = store.scan_counters(); !scanned) return core::unexpected(scanned.error());
    store.pending_ = true;  // whatever journal/ holds above the checkpoint
    if (auto replayed = store.apply_pending(); !replayed) {
        return core::unexpected(with_context(replayed.error(), "cannot replay journal"));
    }
    if (auto synced = store.checkpoint(); !synced) return core::unexpected(synced.error());
    return store;
}

Store::~Store() {
    if (!root_fd_.valid() || stopped_) return;  // moved from; or a sync failed: recover at open
    if (last_applied_ > applied_through_ && last_applied_ > closed_through_) note_clean_close();
}

// store.hpp, "Routine replay": unsynced (a lost or torn file only makes the next open's replay
// log as a recovery), through a temp file that open sweeps if a crash left it.
void Store::note_clean_close() const {
    const fs::path temp = root_ / ".closed.tmp.close";
    const fs::path file = root_ / "closed";
    auto w = overwrite_file_unsynced(temp, CheckpointKey + std::to_string(last_applied_) + "\n");
    if (!w || ::rename(temp.c_str(), file.c_str()) != 0)
        core::operator_log().debug("store: cannot note a normal close in " + file.string());
}

// Reads the checkpoint and unlinks the journals it covers (left by a crash after the
// checkpoint was written): they are applied and durable, and replaying one could overwrite a
// file with an older content.
core::Result<void, core::IoError> Store::retire_old_journals() {
    auto n = read_checkpoint(root_ / "checkpoint");
    if (!n) return core::unexpected(n.error());
    // Only chooses how the replay is logged (store.hpp, "Routine replay"): unreadable is 0.
    const auto closed = read_checkpoint(root_ / "closed");
    closed_through_ = closed ? *closed : 0;
    applied_through_ = *n;
    last_applied_ = *n;
    next_txid_ = std::max(next_txid_, *n + 1);
    auto journals = list_names(journal_dir());
    if (!journals) return core::unexpected(journals.error());
    bool removed = false;
    for (const auto& name : *journals) {
        const std::uint64_t txid = txid_of(name);
        if (txid == 0 || txid > applied_through_) continue;
        const std::string p = (journal_dir() / name).string();
        if (::unlink(p.c_str()) != 0 && errno != ENOENT) {
            return core::unexpected(core::io_error_from_errno(errno, p, "cannot remove journal"));
        }
        removed = true;
    }
    if (removed) return core::sync_directory(journal_dir());
    return {};
}

// Reads the namespace files of state/ (each as of the last checkpoint; the journals above it
// are replayed on top).
core::Result<void, core::IoError> Store::load_records() {
    // Every file of state/ named as a namespace is one (state.hpp: the codecs declare them);
    // other names (a checkpoint's temp files start with '.') are not namespaces, nor is the
    // layout's own file.
    std::error_code ec;
    if (!fs::is_directory(root_ / "state", ec)) return {};
    auto names = list_names(root_ / "state");
    if (!names) return core::unexpected(names.error());
    for (const auto& name : *names) {
        const std::optional<Namespace> ns = namespace_of(name);
        if (!ns || name == StateFormatFile) continue;
        const fs::path file = state_file(*ns);
        if (!fs::is_regular_file(file, ec)) continue;
        auto bytes = core::read_file(file);
        if (!bytes) return core::unexpected(bytes.error());
        auto records = parse_state_file(*bytes);
        if (!records) {
            return core::unexpected(core::IoError{std::make_error_code(std::errc::invalid_argument),
                                                  file.string(), records.error()});
        }
        records_[*ns] = std::move(*records);
    }
    return {};
}

fs::path Store::state_file(Namespace ns) const {
    return root_ / "state" / std::string(namespace_name(ns));
}

const std::string* Store::record(Namespace ns, const std::string& key) const {
    if (const std::optional<std::string>* staged = group_.record(ns, key)) {
        return *staged ? &**staged : nullptr;
    }
    const auto space = records_.find(ns);
    if (space == records_.end()) return nullptr;
    const auto it = space->second.find(key);
    return it == space->second.end() ? nullptr : &it->second;
}

std::vector<std::string> Store::record_keys(Namespace ns) const {
    std::vector<std::string> keys;
    if (const auto space = records_.find(ns); space != records_.end()) {
        for (const auto& [key, bytes] : space->second) {
            (void)bytes;
            if (group_.record(ns, key) == nullptr) keys.push_back(key);
        }
    }
    // The staged records of `ns` alone (the group's records are ordered by namespace first):
    // a group that stages thousands of games reads a namespace per game, and must not walk
    // every other namespace's staged records each time.
    const auto& staged = group_.records();
    for (auto it = staged.lower_bound({ns, std::string()});
         it != staged.end() && it->first.first == ns; ++it) {
        if (it->second) keys.push_back(it->first.second);
    }
    std::sort(keys.begin(), keys.end());
    return keys;
}

// Sets the in-memory counters from the counters file and from what is on disk, so that no
// id or sequence number in use (including in a journal about to be replayed) is handed out.
core::Result<void, core::IoError> Store::scan_counters() {
    auto counter = read_counters(root_ / "counters");
    if (!counter) return core::unexpected(counter.error());
    durable_next_game_ = *counter;
    next_game_ = *counter;
    // The counters file is raised by every checkpoint that follows new games, and made durable
    // before the checkpoint file that retires their journals (checkpoint_unchecked), so it is
    // trusted when it exists (games of journals not yet retired are in those journals, read
    // below); a store without one has its games listed (one directory read, which grows with
    // the store). Before the flat layout a stat of the next id's directory checked the file
    // too; a flat game has no one name to stat.
    std::error_code ec;
    if (!fs::exists(root_ / "counters", ec)) {
        auto games = list_games();
        if (!games) return core::unexpected(games.error());
        if (!games->empty()) next_game_ = std::max(next_game_, games->back().next());
    }

    std::uint64_t max_seq = 0;
    for (const fs::path& dir : {outbox_dir(), outbox_dir() / "failed"}) {
        auto names = list_names(dir);
        if (!names) return core::unexpected(names.error());
        for (const auto& n : *names) max_seq = std::max(max_seq, spool_seq_of(n));
    }
    auto journals = list_names(journal_dir());
    if (!journals) return core::unexpected(journals.error());
    for (const auto& n : *journals) {
        const std::uint64_t txid = txid_of(n);
        if (txid == 0) continue;
        next_txid_ = std::max(next_txid_, txid + 1);
        // Read through whole: a damaged journal stops the open before any replay.
        auto scanned = read_journal(journal_dir() / n, [&](JournalRecord& part) {
            for (const auto& m : part.mails) max_seq = std::max(max_seq, m.seq);
            return core::Result<void, core::IoError>();
        });
        if (!scanned) return core::unexpected(scanned.error());
        next_game_ = std::max(next_game_, *scanned);
    }
    next_mail_seq_ = max_seq + 1;
    return {};
}

core::Result<std::vector<GameId>, core::IoError> Store::list_games() const {
    auto names = list_names(root_ / "games");
    if (!names) return core::unexpected(names.error());
    std::vector<GameId> ids;
    for (const auto& n : *names) {  // "<id>.<name>": a game's files are next to each other
        const auto file = parse_flat_game_file_name(n);
        if (file && (ids.empty() || ids.back() != file->first)) ids.push_back(file->first);
    }
    for (const GameId id : group_.games()) ids.push_back(id);  // staged, maybe new
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

core::Result<std::string, core::IoError> Store::read_game_file(GameId game,
                                                               const std::string& name) const {
    if (!valid_game_file_name(name)) {
        return core::unexpected(core::IoError{std::make_error_code(std::errc::invalid_argument),
                                              name, "bad game file name"});
    }
    std::string scratch;
    auto c = content({game, name}, game_file_path(game, name), scratch);
    if (!c) return core::unexpected(c.error());
    if (*c == &scratch) return scratch;
    return **c;
}

core::Result<bool, core::IoError> Store::game_file_equals(GameId game, const std::string& name,
                                                          std::string_view text) const {
    if (!valid_game_file_name(name)) {
        return core::unexpected(core::IoError{std::make_error_code(std::errc::invalid_argument),
                                              name, "bad game file name"});
    }
    std::string scratch;
    auto c = content({game, name}, game_file_path(game, name), scratch);
    if (!c) return core::unexpected(c.error());
    return std::string_view(**c) == text;
}

// store.hpp, "File memory": the staged content, the held one while the file keeps its stamp,
// else read (and held when the file did not change while it was read).
core::Result<const std::string*, core::IoError> Store::content(const FileMemory::Key& key,
                                                               const fs::path& on_disk,
                                                               std::string& scratch) const {
    if (const std::string* staged = memory_.staged(key)) return staged;
    auto from_group = group_.read_file(key.first, key.second, on_disk);
    if (!from_group) return core::unexpected(from_group.error());
    if (*from_group) {  // staged, not remembered: read back from the group's journal
        scratch = std::move(**from_group);
        return &scratch;
    }
    if (auto now = stamp_of(on_disk); now && *now) {
        if (const std::string* held = memory_.held(key, *now)) return held;
    } else {
        memory_.forget(key);
    }
    auto read = read_file_stamped(on_disk);
    if (!read) return core::unexpected(read.error());
    if (!read->stamp || read->bytes.size() > memory_.limit()) {
        scratch = std::move(read->bytes);
        return &scratch;
    }
    memory_.hold(key, std::move(read->bytes), *read->stamp);
    return memory_.held_as_checked(key);
}

bool Store::seen(const std::string& message_id) const {
    return ledger_.contains(message_id) || pending_seen_.count(message_id) != 0 ||
           group_.seen(message_id);
}

// A game file that grew (a record or player record by a ply) is journaled and written as the
// bytes past the first whole blocks it shares with what the store holds, staged writes
// included (journal.hpp, "tail"): at ply 300 a few KB instead of tens per file. A file the
// store cannot read (a new one) is written whole. What the store holds comes from its memory
// when it can (store.hpp, "File memory"), not from the old file.
std::uint64_t Store::tail_keep(const FileWrite& f) const {
    constexpr std::size_t Block = 4096;
    if (f.keep != 0 || f.bytes.size() < 2 * Block || !valid_game_file_name(f.name)) return 0;
    std::string scratch;
    auto old = content({f.game, f.name}, file_path(f), scratch);
    if (!old) return 0;
    // The whole blocks both start with, a block at a time (memcmp, not a byte loop: at ply 300
    // the three files of a move are about 70 KB; README "Benchmarks", the serve row).
    const std::string& held = **old;
    const std::size_t blocks = std::min(held.size(), f.bytes.size()) / Block;
    std::size_t keep = 0;
    while (keep < blocks * Block &&
           std::memcmp(held.data() + keep, f.bytes.data() + keep, Block) == 0)
        keep += Block;
    return keep;
}

core::Result<void, core::IoError> Store::resolve(const Transaction& tx, JournalRecord& record) {
    if (auto ok = validate(tx); !ok) return core::unexpected(ok.error());
    for (const auto& f : tx.files()) {
        if (f.game >= next_game_) {
            return core::unexpected(
                core::IoError{std::make_error_code(std::errc::invalid_argument), "",
                              "game " + to_string(f.game) + " was never created"});
        }
    }
    // A file the transaction writes twice is written whole: a tail is taken against the file
    // as the store holds it before the transaction.
    std::set<std::pair<GameId, std::string>> once, twice;
    for (const auto& f : tx.files())
        if (!once.insert({f.game, f.name}).second) twice.insert({f.game, f.name});
    record.files.reserve(tx.files().size());
    for (const auto& f : tx.files()) {  // a tail's bytes copied alone, not the whole file
        const std::uint64_t keep = twice.count({f.game, f.name}) == 0 ? tail_keep(f) : 0;
        record.files.push_back(
            FileWrite{f.game, f.name, keep == 0 ? f.bytes : f.bytes.substr(keep), keep});
    }
    for (const auto& r : tx.records()) record.records.push_back(r);
    for (const auto& id : tx.seen_ids()) record.seen.push_back(id);
    std::vector<SpooledMail> mails = tx.mails();  // rendered here: their bytes moved, not copied
    for (auto& m : mails) {
        std::vector<std::string> recipients;
        for (const auto& r : m.recipients)
            if (silent_ == nullptr || !silent_(*this, r)) recipients.push_back(r);
        if (recipients.empty()) continue;  // only silent recipients: never spooled
        SpoolEntry e;
        e.seq = next_mail_seq_++;
        e.queued = tx.now();
        e.next_attempt = tx.now();
        e.envelope_from = m.envelope_from;
        e.recipients = std::move(recipients);
        e.raw_message = std::move(m.raw_message);
        record.mails.push_back(JournalMail{e.seq, encode_spool_entry(e)});
    }
    return {};
}

core::Result<std::uint64_t, core::IoError> Store::write_journal(JournalRecord& record) {
    record.next_game = next_game_;
    const std::uint64_t txid = next_txid_++;
    const fs::path file = journal_dir() / journal_file_name(txid);
    // The commit point: once this rename is durable the transaction happened.
    if (auto w = core::rename_into_place(file, encode_journal(record)); !w) {
        return core::unexpected(w.error());  // nothing renamed: not committed
    }
    // Renamed: committed as far as this process can tell, whatever fails from here on.
    pending_ = true;
    for (const auto& id : record.seen) pending_seen_.insert(id);
    if (auto d = core::sync_directory(journal_dir()); !d) {
        return core::unexpected(with_context(d.error(), "journal " + file.string() +
                                                            " renamed into place, its durability "
                                                            "unknown"));
    }
    return txid;
}

// Redoes every effect of one journal, without fsync (the checkpoint makes them durable). Each
// step is idempotent: whole-file writes of fixed content, ledger appends of ids not yet present,
// counters only raised (that one file durably). Spooled mails wait in unspooled_ until the
// checkpoint: their bytes in memory while they fit in UnspooledBytes, beyond that only where
// they are in the journal (journal `txid`, which the checkpoint retires only after it wrote
// them to outbox/), so a group's thousands of mails never sit in memory.
core::Result<void, core::IoError> Store::apply_effects(JournalRecord& part, std::uint64_t txid,
                                                       std::size_t& unspooled_bytes) {
    // A game above the counters file's id may be new: the first write of each of its files in
    // the part tries to create it (overwrite_file_unsynced `fresh`: no cut to length when it
    // did, a new game's five files); a second write of a file in the part may be shorter, and
    // is cut.
    std::set<std::pair<GameId, std::string>> written;
    for (const auto& f : part.files) {
        const fs::path path = file_path(f);
        const bool fresh = f.game >= durable_next_game_ && written.insert({f.game, f.name}).second;
        // The memory follows each file written (store.hpp, "File memory"); a failed apply
        // forgets it all (apply_parts, apply_journal).
        const FileMemory::Key key{f.game, f.name};
        FileStamp before, after;
        if (f.keep == 0) {
            if (auto w = overwrite_file_unsynced(path, f.bytes, fresh, &after); !w) return w;
            memory_.hold(key, f.bytes, after);
        } else {
            if (auto w = patch_file_unsynced(path, f.keep, f.bytes, &before, &after); !w) return w;
            memory_.held_patched(key, before, f.keep, f.bytes, after);
        }
    }
    // A legacy file record of an old journal (journal.hpp): a whole write at its path, its
    // directories made as needed (unsynced, like a game's: the checkpoint's syncfs covers them).
    for (const LegacyFileWrite& f : part.legacy_files) {
        fs::path dir = root_;
        for (const fs::path& step : f.path.parent_path()) {
            dir /= step;
            if (auto made = ensure_directory(dir, false); !made)
                return core::unexpected(made.error());
        }
        if (auto w = overwrite_file_unsynced(root_ / f.path, f.bytes); !w) return w;
    }
    for (const auto& r : part.records) {  // in memory; state/ is written at the checkpoint
        if (r.bytes) {
            records_[r.ns][r.key] = *r.bytes;
        } else {
            records_[r.ns].erase(r.key);
        }
        dirty_.insert(r.ns);
    }
    for (auto& m : part.mails) {  // moved: the part is not read again
        // A journal applied again after a failure part-way (last_applied_ moves only at its
        // end) must not queue its mails twice; unspooled_ is in seq order (commit order).
        const auto queued =
            std::lower_bound(unspooled_.begin(), unspooled_.end(), m.seq,
                             [](const JournalMail& a, std::uint64_t seq) { return a.seq < seq; });
        if (queued != unspooled_.end() && queued->seq == m.seq) continue;
        // A mail of an in-memory record (commit) has no place in a file read: kept in memory.
        if (unspooled_bytes + m.spool_bytes.size() <= UnspooledBytes || m.at == 0) {
            unspooled_bytes += m.spool_bytes.size();
            unspooled_.push_back(std::move(m));
        } else {
            unspooled_.push_back(
                JournalMail{m.seq, std::string(), txid, m.at, m.spool_bytes.size()});
        }
    }
    return {};
}

core::Result<void, core::IoError> Store::apply_end(GameId next_game, std::uint64_t txid) {
    // The counters file is raised by the checkpoint (until then the journal holds next-game,
    // and open takes the highest of the file, the journals and the game directories).
    next_game_ = std::max(next_game_, next_game);
    last_applied_ = txid;
    unretired_.push_back(txid);
    return {};
}

core::Result<std::string_view, core::IoError> Store::mail_bytes(const JournalMail& m,
                                                                std::string& scratch) const {
    if (m.journal_txid == 0) return std::string_view(m.spool_bytes);
    auto read = read_file_range(journal_dir() / journal_file_name(m.journal_txid), m.at, m.size);
    if (!read) return core::unexpected(read.error());
    scratch = std::move(*read);
    return std::string_view(scratch);
}

std::size_t Store::unspooled_bytes() const {
    std::size_t n = 0;
    for (const auto& m : unspooled_) n += m.spool_bytes.size();
    return n;
}

core::Result<void, core::IoError> Store::apply_parts(std::vector<JournalRecord>& parts,
                                                     GameId next_game, std::uint64_t txid) {
    std::size_t held = unspooled_bytes();
    std::vector<std::string> seen;  // one append for them all, as a journal read back gives
    for (JournalRecord& part : parts) {
        if (auto a = apply_effects(part, txid, held); !a) {
            memory_.forget_held();  // what the failed apply left on disk is not known
            return a;
        }
        std::move(part.seen.begin(), part.seen.end(), std::back_inserter(seen));
    }
    if (auto a = ledger_.append(seen, false); !a) return core::unexpected(a.error());
    return apply_end(next_game, txid);
}

core::Result<void, core::IoError> Store::apply_journal(const fs::path& file, std::uint64_t txid) {
    std::size_t held = unspooled_bytes();
    auto next_game =
        read_journal(file, [&](JournalRecord& part) -> core::Result<void, core::IoError> {
            if (auto a = apply_effects(part, txid, held); !a) return a;
            if (auto a = ledger_.append(part.seen, false); !a) return core::unexpected(a.error());
            return {};
        });
    if (!next_game) {
        memory_.forget_held();  // what the failed apply left on disk is not known
        return core::unexpected(next_game.error());
    }
    return apply_end(*next_game, txid);
}

core::Result<void, core::IoError> Store::apply_pending() {
    if (stopped_) return refused();
    auto applied = checked(apply_pending_unchecked());
    if (!applied && grouping_) group_stale_ = true;
    return applied;
}

core::Result<void, core::IoError> Store::apply_pending_unchecked() {
    if (!pending_) return {};
    auto names = list_names(journal_dir());
    if (!names) return core::unexpected(names.error());
    for (const auto& n : *names) {  // zero-padded txids: name order is commit order
        const std::uint64_t txid = txid_of(n);
        if (txid == 0 || txid <= last_applied_) continue;
        // store.hpp, "Routine replay": a journal its writer applied before a normal close is
        // replayed for durability, not news; any other is a recovery.
        const std::string file = (journal_dir() / n).string();
        if (txid <= closed_through_)
            core::operator_log().debug("store: replaying journal " + file +
                                       " (applied before a normal close; made durable now)");
        else
            core::operator_log().info("store: applying journal " + file +
                                      " (recovery: committed, not applied before its process "
                                      "stopped or its apply failed)");
        if (auto a = apply_journal(journal_dir() / n, txid); !a) return core::unexpected(a.error());
    }
    pending_ = false;
    pending_seen_.clear();
    return {};
}

core::Result<void, core::IoError> Store::checkpoint() {
    if (stopped_) return refused();
    return checked(checkpoint_unchecked());
}

core::Result<void, core::IoError> Store::checkpoint_unchecked() {
    if (auto p = apply_pending_unchecked(); !p) return p;
    if (unretired_.empty()) return {};
    std::string scratch;
    for (const auto& m : unspooled_) {
        auto bytes = mail_bytes(m, scratch);
        if (!bytes) return core::unexpected(bytes.error());
        if (auto w = overwrite_file_unsynced(outbox_dir() / spool_file_name(m.seq), *bytes); !w) {
            return w;
        }
    }
    // One barrier for the whole checkpoint (README "Store: sync budget"): the new state files,
    // counters and checkpoint file are written as temp files without fsync, one syncfs makes
    // them durable together with every applied effect, and only then are they renamed into
    // place: the state files and counters first, made durable by one fsync of their
    // directories, then the checkpoint file, by one fsync of the root. A crash before the
    // checkpoint's rename is durable leaves the old checkpoint, and replaying the journals
    // above it over newer state files is harmless (their effects are idempotent, in order).
    struct Staged {
        fs::path temp, target;
    };
    std::vector<Staged> staged;
    const auto stage = [&](const fs::path& target, const std::string& bytes) {
        const fs::path temp =
            target.parent_path() / ("." + target.filename().string() + ".tmp.checkpoint");
        staged.push_back({temp, target});
        return overwrite_file_unsynced(temp, bytes);
    };
    std::vector<Namespace> written;  // namespaces staged
    for (const Namespace ns : dirty_) {
        if (auto w = stage(state_file(ns), encode_state_file(records_[ns])); !w) return w;
        written.push_back(ns);
    }
    const std::size_t state_files = staged.size();
    const GameId counter = next_game_;
    const bool new_counter = counter > durable_next_game_;
    if (new_counter) {  // atomic: open reads it before any replay
        if (auto w = stage(root_ / "counters", "next-game " + to_string(counter) + "\n"); !w)
            return w;
    }
    const std::uint64_t n = last_applied_;
    if (auto w = stage(root_ / "checkpoint", CheckpointKey + std::to_string(n) + "\n"); !w)
        return w;
    // Through the descriptor kept since open: an error of any writeback since then is seen
    // here, even if another syncfs on this file system reported it first (store.hpp).
    if (auto synced = sync_filesystem(root_fd_, root_); !synced) return synced;
    for (std::size_t i = 0; i < staged.size(); ++i) {
        if (i + 1 == staged.size()) {  // the checkpoint file: after the others are durable
            if (state_files > 0) {
                if (auto d = core::sync_directory(root_ / "state"); !d) return d;
            }
            // Open trusts the counters file of a checkpoint without listing games/ (a flat
            // game has no one name to stat, scan_counters): it must never be older than the
            // checkpoint that retired the journals of its games.
            if (new_counter) {
                if (auto d = core::sync_directory(root_); !d) return d;
            }
        }
        if (::rename(staged[i].temp.c_str(), staged[i].target.c_str()) != 0) {
            return core::unexpected(core::io_error_from_errno(errno, staged[i].target.string(),
                                                              "cannot rename temp file to"));
        }
    }
    for (const Namespace ns : written) dirty_.erase(ns);
    if (new_counter) durable_next_game_ = counter;
    if (auto d = core::sync_directory(root_); !d) return d;
    applied_through_ = n;
    for (const std::uint64_t txid : unretired_) {
        const std::string name = (journal_dir() / journal_file_name(txid)).string();
        if (::unlink(name.c_str()) != 0 && errno != ENOENT) {
            core::operator_log().warn("store: cannot remove retired journal " + name +
                                      " (removed at the next open)");
        }
    }
    unretired_.clear();
    unspooled_.clear();
    return {};
}

void Store::checkpoint_if_due() {
    if (unretired_.size() < CheckpointEvery) return;
    // The commit itself is complete; a failed checkpoint is retried by the next one unless it
    // stopped the store (a failed sync: then nothing is retried, store.hpp).
    if (auto c = checkpoint(); !c)
        core::operator_log().warn("store: checkpoint: " + c.error().describe());
}

core::IoError Store::stop(const core::IoError& e) {
    if (!stopped_) {
        core::IoError s = e;
        s.message =
            "store stopped (it takes no more work in this process; the next open "
            "replays its journals) after: " +
            e.message;
        s.sync_failed = true;
        core::operator_log().error(s.describe());
        stopped_ = std::move(s);
    }
    return *stopped_;
}

core::Result<void, core::IoError> Store::checked(core::Result<void, core::IoError> r) {
    if (!r && r.error().sync_failed) return core::unexpected(stop(r.error()));
    return r;
}

core::Result<void, core::IoError> Store::commit(const Transaction& tx) {
    if (stopped_) return refused();
    for (const FileWrite& f : tx.files()) written_games_.insert(f.game);
    return checked(commit_unchecked(tx));
}

core::Result<void, core::IoError> Store::commit_unchecked(const Transaction& tx) {
    if (grouping_) {
        if (tx.empty()) return {};
        JournalRecord staged;
        if (auto r = resolve(tx, staged); !r) return r;
        // Each tail's base, as tail_keep just found it (remember_staged).
        std::vector<const std::string*> bases;
        for (const FileWrite& f : staged.files) {
            const FileMemory::Key key{f.game, f.name};
            const std::string* base = memory_.staged(key);
            if (base == nullptr && !group_.stages(f.game, f.name))
                base = memory_.held_as_checked(key);
            bases.push_back(base);
        }
        const std::uint64_t at = group_.length();
        remember_staged(staged, bases, at);
        if (auto st = group_.stage(std::move(staged)); !st) {
            memory_.rewind_staged(at);
            return st;
        }
        return {};
    }
    if (auto p = apply_pending_unchecked(); !p) {
        return core::unexpected(with_context(p.error(), "earlier transaction not applied"));
    }
    if (tx.empty()) return {};
    JournalRecord record;
    if (auto r = resolve(tx, record); !r) return r;
    auto txid = write_journal(record);
    if (!txid) return core::unexpected(txid.error());
    std::vector<JournalRecord> parts;
    parts.push_back(std::move(record));
    if (auto a = apply_parts(parts, parts.front().next_game, *txid); !a) {
        return core::unexpected(with_context(a.error(), "committed but not yet applied"));
    }
    pending_ = false;
    pending_seen_.clear();
    checkpoint_if_due();
    return {};
}

void Store::begin_group() {
    if (grouping_) return;
    grouping_ = true;
    group_stale_ = false;
    // Reads while grouping must see every committed transaction; if they cannot (apply
    // failed), the group is stale and end_group drops it (apply_pending marks it).
    if (auto p = apply_pending(); !p) {
        core::operator_log().warn("store: " + p.error().describe() +
                                  "; the group that starts now will be dropped");
    }
}

core::Result<void, core::IoError> Store::end_group() {
    if (!grouping_) return {};
    if (stopped_) {
        abort_group();
        return refused();
    }
    return checked(end_group_unchecked());
}

core::Result<void, core::IoError> Store::end_group_unchecked() {
    grouping_ = false;
    memory_.forget_staged();  // the group is written below, or dropped
    const bool stale = std::exchange(group_stale_, false);
    if (auto p = apply_pending_unchecked(); !p) {
        group_.clear();
        return core::unexpected(with_context(p.error(), "earlier transaction not applied"));
    }
    if (stale) {
        group_.clear();
        return core::unexpected(core::IoError{
            std::make_error_code(std::errc::operation_canceled), journal_dir().string(),
            "group dropped: it was staged while a committed journal was not applied (applied "
            "now; its mails are handled again)"});
    }
    if (group_.empty()) return {};
    // The commit point, as write_journal's: the group's journal renamed into place.
    const std::uint64_t txid = next_txid_++;
    const fs::path file = journal_dir() / journal_file_name(txid);
    const std::set<std::string> seen_ids = group_.seen_ids();
    // The staged records, when the group kept them: applied from memory, not read back.
    std::optional<std::vector<JournalRecord>> staged = group_.take_staged();
    if (auto w = group_.write(file, next_game_); !w) return w;
    // Renamed: committed as far as this process can tell, whatever fails from here on.
    pending_ = true;
    pending_seen_.insert(seen_ids.begin(), seen_ids.end());
    if (auto d = core::sync_directory(journal_dir()); !d) {
        return core::unexpected(with_context(d.error(), "journal " + file.string() +
                                                            " renamed into place, its durability "
                                                            "unknown"));
    }
    if (auto a = staged ? apply_parts(*staged, next_game_, txid) : apply_journal(file, txid); !a) {
        return core::unexpected(with_context(a.error(), "committed but not yet applied"));
    }
    pending_ = false;
    pending_seen_.clear();
    checkpoint_if_due();
    return {};
}

void Store::abort_group() {
    grouping_ = false;
    group_stale_ = false;
    group_.clear();
    memory_.forget_staged();
}

// `bases[i]`: what tail_keep took the tail of file i against, when the memory holds it (its
// staged content; else, for a file the group did not stage yet, its held content, looked at
// by tail_keep just before; null when tail_keep read it and did not remember it).
void Store::remember_staged(const JournalRecord& staged,
                            const std::vector<const std::string*>& bases, std::uint64_t at) {
    for (std::size_t i = 0; i < staged.files.size(); ++i) {
        const FileWrite& f = staged.files[i];
        memory_.stage({f.game, f.name}, bases[i], f.keep, f.bytes, at);
    }
}

Store::GroupState Store::save_group() const {
    return GroupState{grouping_, group_.mark(), next_game_, next_mail_seq_};
}

// Game ids and mail sequence numbers handed out since the save are handed out again: nothing
// of them was written.
void Store::restore_group(GroupState state) {
    grouping_ = state.grouping;
    if (!grouping_) group_stale_ = false;
    if (grouping_) {
        memory_.rewind_staged(state.mark.size);
        group_.rewind(std::move(state.mark));
    } else {
        group_.clear();
        memory_.forget_staged();
    }
    next_game_ = state.next_game;
    next_mail_seq_ = state.next_mail_seq;
}

GroupCommit::GroupCommit(Store& store) : store_(store), saved_(store.save_group()) {
    store_.begin_group();
}

GroupCommit::~GroupCommit() {
    if (!done_) store_.restore_group(std::move(saved_));
}

core::Result<void, core::IoError> GroupCommit::commit() {
    if (saved_.grouping) {  // a savepoint: the outer group writes it
        done_ = true;
        return {};
    }
    auto ended = store_.end_group();
    // end_group has emptied the group either way; on error nothing of it was written, or it was
    // committed and is applied later (end_group's contract): nothing is left to take back.
    done_ = true;
    return ended;
}

core::Result<void, core::IoError> Store::commit_journal_only_for_test(const Transaction& tx) {
    if (auto p = apply_pending(); !p) return core::unexpected(p.error());
    if (stopped_) return refused();
    JournalRecord record;
    if (auto r = resolve(tx, record); !r) return r;
    auto txid = write_journal(record);
    if (!txid) return core::unexpected(txid.error());
    return {};
}

}  // namespace ck::store
