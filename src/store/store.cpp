#include "store/store.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <system_error>
#include <utility>

#include "core/atomic_file.hpp"
#include "core/log.hpp"
#include "store/decimal.hpp"
#include "store/fs_util.hpp"
#include "store/journal.hpp"
#include "store/spool_entry.hpp"

namespace ck::store {
namespace {

namespace fs = std::filesystem;

core::IoError with_context(core::IoError e, const std::string& context) {
    e.message = context + ": " + e.message;
    return e;
}

// A game directory name: decimal without leading zeros.
GameId game_of(const std::string& name) {
    std::uint64_t id = 0;
    if (name.empty() || name[0] == '0' || !parse_decimal(name, id)) return 0;
    return id;
}

core::Result<GameId, core::IoError> read_counters(const fs::path& file) {
    std::error_code ec;
    if (!fs::exists(file, ec)) return GameId{1};
    auto bytes = core::read_file(file);
    if (!bytes) return core::unexpected(bytes.error());
    std::string s = *bytes;
    const std::string key = "next-game ";
    std::uint64_t n = 0;
    if (s.compare(0, key.size(), key) != 0 || s.empty() || s.back() != '\n' ||
        !parse_decimal(std::string_view(s).substr(key.size(), s.size() - key.size() - 1), n)) {
        return core::unexpected(core::IoError{std::make_error_code(std::errc::invalid_argument),
                                              file.string(), "malformed counters file"});
    }
    return GameId{n};
}

}  // namespace

fs::path Store::game_dir(GameId game) const { return root_ / "games" / std::to_string(game); }

namespace {

// The store lock, with the operator's error message when another process holds it.
core::Result<core::FileLock, core::IoError> lock_store(const fs::path& root) {
    auto lock = core::FileLock::acquire(root / "lock");
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

// Creates the layout and cleans up after a crashed holder of the lock.
core::Result<void, core::IoError> prepare_layout(const fs::path& root) {
    for (const char* sub : {"games", "ledger", "outbox", "outbox/failed", "journal"}) {
        if (auto made = ensure_directory(root / sub); !made) return made;
    }
    // Temp files of writes a crash interrupted: their rename never happened, so they hold
    // nothing committed that a journal cannot redo.
    std::vector<fs::path> dirs = {root, root / "ledger", root / "outbox", root / "outbox/failed",
                                  root / "journal"};
    auto games = list_names(root / "games");
    if (!games) return core::unexpected(games.error());
    for (const auto& g : *games) {
        if (game_of(g) != 0) dirs.push_back(root / "games" / g);
    }
    for (const auto& d : dirs) {
        if (auto cleaned = remove_stale_temps(d); !cleaned) return cleaned;
    }
    // A process killed after writing but before fsync leaves data in the page cache only.
    // Replay skips effects it finds present (ledger ids, counters, game directories), so make
    // what is present durable first.
    for (const auto& p : {root / "ledger" / "seen", root / "counters"}) {
        if (auto synced = sync_file(p); !synced) return synced;
    }
    for (const char* sub : {"", "games", "ledger", "outbox", "outbox/failed", "journal"}) {
        if (auto synced = core::sync_directory(root / sub); !synced) return synced;
    }
    return {};
}

}  // namespace

core::Result<Store, core::IoError> Store::open(const fs::path& root) {
    std::error_code ec;
    fs::create_directories(root, ec);
    if (ec) return core::unexpected(core::IoError{ec, root.string(), "cannot create store"});
    auto lock = lock_store(root);
    if (!lock) return core::unexpected(lock.error());
    if (auto ready = prepare_layout(root); !ready) return core::unexpected(ready.error());
    auto ledger = Ledger::load(root / "ledger" / "seen");
    if (!ledger) return core::unexpected(ledger.error());

    Store store(root, std::move(*lock), std::move(*ledger));
    if (auto scanned = store.scan_counters(); !scanned) return core::unexpected(scanned.error());
    store.pending_ = true;  // whatever journal/ holds
    if (auto replayed = store.apply_pending(); !replayed) {
        return core::unexpected(with_context(replayed.error(), "cannot replay journal"));
    }
    return store;
}

// Sets the in-memory counters from the counters file and from what is on disk, so that no
// id or sequence number in use (including in a journal about to be replayed) is handed out.
core::Result<void, core::IoError> Store::scan_counters() {
    auto counter = read_counters(root_ / "counters");
    if (!counter) return core::unexpected(counter.error());
    durable_next_game_ = *counter;
    next_game_ = std::max<GameId>(*counter, 1);
    auto games = list_games();
    if (!games) return core::unexpected(games.error());
    if (!games->empty()) next_game_ = std::max(next_game_, games->back() + 1);

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
        auto bytes = core::read_file(journal_dir() / n);
        if (!bytes) return core::unexpected(bytes.error());
        auto record = parse_journal(*bytes);
        if (!record) {
            return core::unexpected(core::IoError{std::make_error_code(std::errc::invalid_argument),
                                                  (journal_dir() / n).string(), record.error()});
        }
        next_game_ = std::max(next_game_, record->next_game);
        for (const auto& m : record->mails) max_seq = std::max(max_seq, m.seq);
    }
    next_mail_seq_ = max_seq + 1;
    return {};
}

core::Result<std::vector<GameId>, core::IoError> Store::list_games() const {
    auto names = list_names(root_ / "games");
    if (!names) return core::unexpected(names.error());
    std::vector<GameId> ids;
    for (const auto& n : *names) {
        if (const GameId id = game_of(n); id != 0) ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

core::Result<std::string, core::IoError> Store::read_game_file(GameId game,
                                                               const std::string& name) const {
    if (!valid_game_file_name(name)) {
        return core::unexpected(core::IoError{std::make_error_code(std::errc::invalid_argument),
                                              name, "bad game file name"});
    }
    return core::read_file(game_dir(game) / name);
}

bool Store::seen(const std::string& message_id) const {
    return ledger_.contains(message_id) || pending_seen_.count(message_id) != 0;
}

core::Result<fs::path, core::IoError> Store::write_journal(const Transaction& tx) {
    if (auto ok = validate(tx); !ok) return core::unexpected(ok.error());
    for (const auto& f : tx.files()) {
        if (f.game >= next_game_) {
            return core::unexpected(
                core::IoError{std::make_error_code(std::errc::invalid_argument), "",
                              "game " + std::to_string(f.game) + " was never created"});
        }
    }
    JournalRecord record;
    record.next_game = next_game_;
    record.files = tx.files();
    record.seen = tx.seen_ids();
    for (const auto& m : tx.mails()) {
        SpoolEntry e;
        e.seq = next_mail_seq_++;
        e.queued = tx.now();
        e.next_attempt = tx.now();
        e.envelope_from = m.envelope_from;
        e.recipients = m.recipients;
        e.raw_message = m.raw_message;
        record.mails.push_back(JournalMail{e.seq, encode_spool_entry(e)});
    }
    const fs::path file = journal_dir() / journal_file_name(next_txid_++);
    // The commit point: once this rename is durable the transaction happened.
    if (auto w = core::write_file_atomic(file, encode_journal(record)); !w) {
        return core::unexpected(w.error());
    }
    pending_ = true;
    for (const auto& id : tx.seen_ids()) pending_seen_.insert(id);
    return file;
}

// Redoes every effect of one journal, then removes it. Each step is idempotent: whole-file
// writes of fixed content, ledger appends of ids not yet present, counters only raised.
core::Result<void, core::IoError> Store::apply_journal(const fs::path& file) {
    auto bytes = core::read_file(file);
    if (!bytes) return core::unexpected(bytes.error());
    auto record = parse_journal(*bytes);
    if (!record) {
        return core::unexpected(core::IoError{std::make_error_code(std::errc::invalid_argument),
                                              file.string(), record.error()});
    }
    std::set<GameId> dirs_ready;
    for (const auto& f : record->files) {
        if (dirs_ready.insert(f.game).second) {
            if (auto made = ensure_directory(game_dir(f.game)); !made) {
                return core::unexpected(made.error());
            }
        }
        if (auto w = core::write_file_atomic(game_dir(f.game) / f.name, f.bytes); !w) {
            return core::unexpected(w.error());
        }
    }
    if (auto a = ledger_.append(record->seen); !a) return core::unexpected(a.error());
    for (const auto& m : record->mails) {
        if (auto w = core::write_file_atomic(outbox_dir() / spool_file_name(m.seq), m.spool_bytes);
            !w) {
            return core::unexpected(w.error());
        }
    }
    if (record->next_game > durable_next_game_) {
        const std::string text = "next-game " + std::to_string(record->next_game) + "\n";
        if (auto w = core::write_file_atomic(root_ / "counters", text); !w) {
            return core::unexpected(w.error());
        }
        durable_next_game_ = record->next_game;
    }
    next_game_ = std::max(next_game_, record->next_game);
    return remove_durably(file);
}

core::Result<void, core::IoError> Store::apply_pending() {
    if (!pending_) return {};
    auto names = list_names(journal_dir());
    if (!names) return core::unexpected(names.error());
    for (const auto& n : *names) {  // zero-padded txids: name order is commit order
        if (txid_of(n) == 0) continue;
        core::operator_log().info("store: applying journal " + (journal_dir() / n).string());
        if (auto a = apply_journal(journal_dir() / n); !a) return core::unexpected(a.error());
    }
    pending_ = false;
    pending_seen_.clear();
    return {};
}

core::Result<void, core::IoError> Store::commit(const Transaction& tx) {
    if (auto p = apply_pending(); !p) {
        return core::unexpected(with_context(p.error(), "earlier transaction not applied"));
    }
    if (tx.empty()) return {};
    auto file = write_journal(tx);
    if (!file) return core::unexpected(file.error());
    if (auto a = apply_journal(*file); !a) {
        return core::unexpected(with_context(a.error(), "committed but not yet applied"));
    }
    pending_ = false;
    pending_seen_.clear();
    return {};
}

core::Result<void, core::IoError> Store::commit_journal_only_for_test(const Transaction& tx) {
    if (auto p = apply_pending(); !p) return core::unexpected(p.error());
    auto file = write_journal(tx);
    if (!file) return core::unexpected(file.error());
    return {};
}

}  // namespace ck::store
