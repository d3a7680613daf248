#pragma once
// The durable store (README "Mail about no game; servers; storage"; docs/design.md, "Durable
// state"). Layout under the root:
//   lock                 flock'd by the one process using the store; holds its pid
//   counters             "next-game N": game ids are never reused
//   games/<id>.<name>    a game's files, every game's in this one directory (game_layout.hpp:
//                        no directory per game): 12.record.pgn, 12.white.pgn, 12.game.ini...
//                        (opaque bytes given by the caller, by file name)
//   state/format         "ck-state 2": the version of the store's layout, checked on open; a
//                        store of "ck-state 1" (or none: from before state/), which kept a
//                        directory per game (games/<id>/<name>), is moved to 2 by open
//   state/<namespace>    typed club state, every record of the namespace as of the last
//                        checkpoint (state.hpp, table.hpp); newer records are in the journals
//   ledger/seen          processed Message-IDs, one a line, append-only (ledger.hpp)
//   outbox/<seq>.mail    spooled outgoing mails, FIFO by seq (spool_entry.hpp, outbox.hpp)
//   outbox/failed/       mails given up on, with the reason
//   journal/<txid>.tx    a committed transaction whose effects may not be durable yet (journal.hpp)
//   journal/.group.tmp.tx  the journal of a running group while it is staged (group_journal.hpp)
//   checkpoint           "applied-through N": journals with txid <= N are applied and durable
//   closed               "applied-through N": the last holder applied the journals <= N (not
//                        yet durable) and closed the store normally (see "Routine replay")
// Nothing else under the root is the store's: a store from before state/ holds its club's legacy
// files there, which only an old journal's legacy file records write (journal.hpp) and only the
// club's migration reads and removes.
//
// Commit protocol: (1) write one journal file holding every effect (temp, fsync, rename, fsync
// dir): this is the commit point; (2) apply each effect idempotently, without fsync: game files
// written whole in place, ledger appends of ids not yet present, the game counter raised in
// memory (the checkpoint writes the counters file); spooled mails wait in unspooled_mails (which
// Outbox::flush may send at once), their bytes in memory up to UnspooledBytes and beyond that
// left in their journal, which stays until step 3 wrote them to outbox/; (3) later, at a
// checkpoint (when CheckpointEvery journals wait, in every outbox flush, at open): the unspooled
// mails are written to outbox/ and the new state/ files, counters and checkpoint file to temp
// files, syncfs(2) makes all of it and every applied effect durable, the state files and
// counters are renamed into place (one fsync of state/, and one of the root when the counters
// changed: open trusts them), then the checkpoint file (one fsync of the root), then the
// journals it covers are unlinked (no fsync needed: open unlinks
// any journal <= N it still finds and never replays it, so a file is never set back by an older
// journal). Store::open replays, in txid order, every journal > N, so a crash at any instant either
// loses the whole transaction (before the journal rename: the mail is still pending at its source
// and is processed again) or applies it exactly once; a torn or lost unsynced write is always
// covered by a journal > N. Cost: 2 fsyncs per commit; one syncfs and 1 to 3 fsyncs per
// checkpoint; none for an open that finds no journal to replay. The store must be one file
// system (open checks it).
//
// Routine replay: a process that commits without reaching a checkpoint (a CLI command: one
// commit, no outbox flush) leaves its applied journals for the next open, which replays them
// and checkpoints: its effects were written without fsync, and only a replay then a syncfs
// makes them durable whatever happened in between. That is normal operation, not recovery: a
// normal close (the destructor of a store that is not stopped) writes `closed`, unsynced, with
// the highest txid it applied, and open logs the replay of a journal <= that number at debug
// level only; a journal above it (its process died, or its apply failed) is a recovery, logged
// at info. `closed` only chooses the log level: every journal above the checkpoint is replayed
// whatever it says (a lost, torn or stale file only makes a routine replay look like a
// recovery; after a power loss a file that survived may make one look routine).
//
// Fail-stop (README "Store: durability contract"): Linux reports a failed writeback once, and
// marks the pages clean, so a retried fsync or syncfs can succeed over data that never reached
// the disk. The store therefore keeps one descriptor of its root open for its life (syncfs
// through it reports every writeback error of the file system since the open, Linux errseq),
// and after any failed fsync or syncfs it stops: every later commit, apply, checkpoint and
// group is refused with the error that stopped it (stopped()), and no journal is retired. The
// next open replays every journal above the checkpoint, which rewrites what may have been lost.
// A commit whose journal was renamed into place is committed whatever fails after the rename
// (its directory's fsync, its apply): it is pending, seen() reports its Message-IDs, and only
// the next open or apply_pending applies it. A group never commits over state it did not read:
// one staged while a committed journal could not be applied is dropped (end_group).
//
// Group commit (begin_group / end_group): commits in between are only staged, visible to this
// Store's reads (seen, read_game_file, list_games, record) but not to the store on disk;
// end_group commits them as ONE journal, so a group of mails costs 2 fsyncs. The caller must not
// act on a staged commit outside the store (mark its mail done, send its mails) before end_group
// returned ok; a crash or error before that loses the group whole. abort_group drops what was
// staged; a GroupCommit (below) does that unless committed, and inside a running group it
// takes back only what was staged since it was made (a savepoint).
// A group of any size runs in bounded memory (a tournament start stages thousands of games,
// each with its files and game-start mails; README "Benchmarks"): its journal is written front
// to back while it is staged, in memory up to GroupJournal::SpillBytes and then to the temp
// file journal/.group.tmp.tx, and staged files are read back from where their bytes are
// (group_journal.hpp). The commit point stays the rename of the finished journal (fsynced) to
// journal/<txid>.tx: before it the temp file is only a temp file (abort and savepoints cut or
// delete it; Store::open deletes one a crash left, never replaying it), after it the journal is
// applied like any other, a part at a time (journal.hpp, read_journal), and replayed exactly
// once after a crash. A group that stayed in memory (a pass's mails, as a rule) is applied from
// its staged records instead of its journal read back: the same records, the same effects (its
// Message-IDs go to the ledger in one append, as a part read back does). Open reads every
// unretired journal through before replaying any, so a damaged one stops the open before any of
// its effects.
//
// File memory (file_memory.hpp; README "Benchmarks", the serve row): the store remembers the
// content of the files it wrote or read in this process (bounded by FileMemory::Bytes), and of
// the files the running group staged, so that a tail is found, and a file read, without
// reading the old file or the group's journal back: a move mail's commit costs the same at ply
// 300 as at ply 10. The memory is only ever a faster way to the same bytes: a file held is used
// only while stat(2) gives the stamp it was held with (a write from outside the store, though
// none may happen while the lock is held, makes it read again); what an apply that failed, an
// aborted group or a rewound savepoint may have left in doubt is forgotten; a reopened store
// (after a crash, a restore) starts with none. A journal's effects, and so the crash contract
// above, do not depend on it: a tail is right against the file as the store holds it, however
// the store learned that content.
//
// Use (docs/mail-protocol.md, "a mail is marked done at the source only after its effects are
// committed"):
//   if (store.seen(message_id)) { source.mark_done(id); continue; }   // acted on already
//   Transaction tx(clock.now()); ... tx.mark_seen(message_id); ...
//   if (store.commit(tx)) source.mark_done(id);                        // else: retried later
//   Outbox(store).flush(sink, clock);                                  // and checkpoints
//
// One Store per process and per root; not thread-safe.
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/file_lock.hpp"
#include "core/io_error.hpp"
#include "core/result.hpp"
#include "store/file_memory.hpp"
#include "store/fs_util.hpp"
#include "store/group_journal.hpp"
#include "store/journal.hpp"
#include "store/ledger.hpp"
#include "store/state.hpp"
#include "store/transaction.hpp"

namespace ck::store {

class Store {
public:
    // Creates the layout if missing, takes the lock (a second process gets the error
    // "store ROOT is in use by another process (pid N)", code resource_unavailable_try_again),
    // removes temp files left by a crash, moves an older layout's game directories to the flat
    // layout (game_layout.hpp; crash-safe: an interrupted move is finished by the next open)
    // and replays any journal found.
    // `wait`: how long to wait for the lock while another process holds it (0: fail at once).
    // `sweep`: All looks for temp files in games/ too (one directory read); TopDirs only in the
    // store's own other directories. The store never writes temp files into games/ (game files
    // are rewritten in place, covered by the journal); only versions from before journals did,
    // into their game directories, so a store opened for the first time by this layout (no
    // state/format yet) is swept whole whatever `sweep` says, and TopDirs is enough after.
    enum class Sweep : std::uint8_t { All, TopDirs };
    static core::Result<Store, core::IoError> open(
        const std::filesystem::path& root,
        std::chrono::milliseconds wait = std::chrono::milliseconds{0}, Sweep sweep = Sweep::All);
    Store(Store&&) = default;  // the moved-from store closes nothing
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;
    // A normal close: writes `closed` when it applied journals no checkpoint retired (see
    // "Routine replay"); a stopped store writes nothing. Then releases the lock.
    ~Store();

    // The error that stopped the store (see "Fail-stop" above), or null while it works.
    const core::IoError* stopped() const { return stopped_ ? &*stopped_ : nullptr; }
    // For the store's own helpers that sync outside it (Outbox): stops the store on sync
    // failure `e`; returns the error that stopped it.
    core::IoError stop_on_sync_failure(const core::IoError& e) { return stop(e); }

    const std::filesystem::path& root() const { return root_; }
    // Where file `name` of `game` is: games/<game>.<name> (game_layout.hpp).
    std::filesystem::path game_file_path(GameId game, const std::string& name) const;
    std::filesystem::path outbox_dir() const { return root_ / "outbox"; }
    std::filesystem::path journal_dir() const { return root_ / "journal"; }

    // A fresh game id (1, 2, 3, ...). It becomes durable with the first committed transaction
    // that writes a file of that game; an id whose transaction never commits may be handed
    // out again after a restart, which is harmless because nothing of it was stored.
    GameId new_game_id() {
        const GameId id = next_game_;
        next_game_ = id.next();
        return id;
    }
    // Games with a file in games/ (or staged), ascending.
    core::Result<std::vector<GameId>, core::IoError> list_games() const;
    core::Result<std::string, core::IoError> read_game_file(GameId game,
                                                            const std::string& name) const;
    // Whether file `name` of `game` holds exactly `text` (as read_game_file), without a copy of
    // the file when the store remembers it (see "File memory").
    core::Result<bool, core::IoError> game_file_equals(GameId game, const std::string& name,
                                                       std::string_view text) const;
    // Where a FileWrite lands: game_file_path(f.game, f.name).
    std::filesystem::path file_path(const FileWrite& f) const;

    // The record `key` of namespace `ns` (state.hpp; staged writes of the running group
    // included), or null. The pointer is valid until the next commit, abort or end_group.
    const std::string* record(Namespace ns, const std::string& key) const;
    // The keys of namespace `ns`, sorted (staged writes included).
    std::vector<std::string> record_keys(Namespace ns) const;
    std::filesystem::path state_file(Namespace ns) const;

    // True when a committed transaction recorded `message_id` (including one whose journal is
    // not applied yet).
    bool seen(const std::string& message_id) const;
    std::size_t ledger_size() const { return ledger_.size(); }

    // Makes every effect of `tx` durable, all or nothing (see the protocol above); while
    // grouping only stages it (errors then: invalid_argument, or the group's temp file could not
    // be written; either way nothing of `tx` is staged and the group goes on). Errors:
    // invalid_argument for a transaction the store cannot represent (nothing written), an I/O
    // error before the commit point (nothing written), or after it: then the transaction is
    // committed and is applied by the next commit, flush or open; seen() already reports its
    // Message-IDs. Either way the caller must not mark the source mail done on error. An
    // empty transaction writes nothing.
    core::Result<void, core::IoError> commit(const Transaction& tx);

    // The games whose files a commit (or staged commit) of this Store wrote since the last call,
    // and forgets them: for a long-lived reader's cache (site/site.hpp SiteCache). A commit that
    // failed or a group that was aborted may be listed too (a game listed that did not change
    // costs its reader one more look, never a stale page).
    std::set<GameId> take_written_games() { return std::exchange(written_games_, {}); }

    // Addresses that never get mail (README "Bots as club players": a bot's moves are computed
    // by the daemon, never mailed to it). From now on commit() drops such a recipient from every
    // mail it spools, and a mail left without recipients is not spooled at all; the question is
    // asked at commit time, of this store (staged writes included). Null: every mail is spooled.
    using SilentRecipient = bool (*)(const Store& store, const std::string& address);
    void set_silent_recipients(SilentRecipient silent) { silent_ = silent; }

    // Applies the journals left by a commit that failed after its commit point (or by a crash).
    core::Result<void, core::IoError> apply_pending();

    // Applies pending journals, spools the unspooled mails, makes every applied effect durable
    // and retires the journals (protocol step 3). Does nothing when no journal waits.
    core::Result<void, core::IoError> checkpoint();
    // Mails of applied journals not yet written to outbox/, in seq order. Outbox::flush sends
    // them from here and erases the ones it is done with (sent, or moved to failed/), or
    // updates their spool bytes (retry state); the checkpoint writes the rest to outbox/.
    // A mail's spool_bytes may be left in its journal (JournalMail::journal_txid): read them
    // with mail_bytes, which lends the bytes held in memory and reads the others into
    // `scratch`; a new value replaces them in memory (journal_txid 0).
    std::vector<JournalMail>& unspooled_mails() { return unspooled_; }
    const std::vector<JournalMail>& unspooled_mails() const { return unspooled_; }
    core::Result<std::string_view, core::IoError> mail_bytes(const JournalMail& m,
                                                             std::string& scratch) const;
    // Journals applied but not yet retired by a checkpoint.
    std::size_t unretired_journals() const { return unretired_.size(); }

    // Group commit (see above). begin_group applies pending journals first; begin_group while
    // grouping is a no-op. end_group commits every staged transaction as one, with commit()'s
    // error contract; nothing staged: ok, nothing written. If applying a committed journal
    // failed since begin_group (in begin_group or later), the group was staged on state that
    // lacks it: end_group drops it and returns an error (code operation_canceled), so that its
    // mails stay pending and are handled again on fresh state.
    void begin_group();
    core::Result<void, core::IoError> end_group();
    // Drops every staged transaction of the running group and ends it (nothing written).
    void abort_group();
    bool grouping() const { return grouping_; }

    // Test hook: commits `tx` up to and including the commit point, then stops, as if the
    // process died right after the journal rename.
    core::Result<void, core::IoError> commit_journal_only_for_test(const Transaction& tx);

    // Test hook: from now on the store remembers at most `bytes` of file content per layer
    // (see "File memory"; 0: nothing, every tail and read goes to the files), forgetting all.
    void set_file_memory_for_test(std::size_t bytes) { memory_ = FileMemory(bytes); }

    // A checkpoint follows the commit that leaves this many journals unretired.
    static constexpr std::size_t CheckpointEvery = 64;
    // Bytes of unspooled mails kept in memory; the bytes of the others are read from their
    // journal when needed (see the protocol above).
    static constexpr std::size_t UnspooledBytes = std::size_t{8} << 20;

private:
    friend class GroupCommit;
    // What a GroupCommit restores when it is dropped uncommitted.
    struct GroupState {
        bool grouping = false;
        GroupJournal::Mark mark;
        GameId next_game{1};
        std::uint64_t next_mail_seq = 1;
    };
    GroupState save_group() const;
    void restore_group(GroupState state);

    Store(std::filesystem::path root, core::FileLock lock, OwnedFd root_fd, Ledger ledger)
        : root_(std::move(root)),
          lock_(std::move(lock)),
          root_fd_(std::move(root_fd)),
          ledger_(std::move(ledger)),
          group_(journal_dir() / ".group.tmp.tx") {}
    // The bodies of the public calls of the same names; the public ones refuse work once the
    // store stopped, and stop it on a sync failure (checked).
    core::Result<void, core::IoError> commit_unchecked(const Transaction& tx);
    core::Result<void, core::IoError> apply_pending_unchecked();
    core::Result<void, core::IoError> checkpoint_unchecked();
    core::Result<void, core::IoError> end_group_unchecked();
    core::Result<void, core::IoError> checked(core::Result<void, core::IoError> r);
    core::Unexpected<core::IoError> refused() const { return core::unexpected(*stopped_); }
    // Stops the store on sync failure `e` (the first one is kept); returns the stop error.
    core::IoError stop(const core::IoError& e);
    core::Result<void, core::IoError> retire_old_journals();
    void note_clean_close() const;
    core::Result<void, core::IoError> load_records();
    core::Result<void, core::IoError> scan_counters();
    // Validates `tx` and adds its effects to `record` (mail sequence numbers assigned).
    core::Result<void, core::IoError> resolve(const Transaction& tx, JournalRecord& record);
    // The commit point: writes `record` as the next journal; returns its txid.
    core::Result<std::uint64_t, core::IoError> write_journal(JournalRecord& record);
    // The content of file `key` at `on_disk` as the store holds it (staged writes included):
    // in the memory (valid until its next change), else read into `scratch`.
    core::Result<const std::string*, core::IoError> content(const FileMemory::Key& key,
                                                            const std::filesystem::path& on_disk,
                                                            std::string& scratch) const;
    // The bytes `f` keeps of the file as the store holds it, a multiple of 4096 (journal.hpp
    // "tail"); 0: written whole.
    std::uint64_t tail_keep(const FileWrite& f) const;
    // The group's memory of the files of `staged`, just staged at journal offset `at`.
    void remember_staged(const JournalRecord& staged, const std::vector<const std::string*>& bases,
                         std::uint64_t at);
    // Applying a journal: its effects (any number of parts, in journal order), then its end.
    // The part's mails are moved into the spool's memory (the part is not read again); its
    // Message-IDs are the caller's to append to the ledger (one append per part read, or per
    // journal applied from memory).
    core::Result<void, core::IoError> apply_effects(JournalRecord& part, std::uint64_t txid,
                                                    std::size_t& unspooled_bytes);
    std::size_t unspooled_bytes() const;
    core::Result<void, core::IoError> apply_end(GameId next_game, std::uint64_t txid);
    // A journal's effects from its records in memory (a commit's, a group's staged ones).
    core::Result<void, core::IoError> apply_parts(std::vector<JournalRecord>& parts,
                                                  GameId next_game, std::uint64_t txid);
    // Reads the journal a part at a time: a group's journal of any size in bounded memory.
    core::Result<void, core::IoError> apply_journal(const std::filesystem::path& file,
                                                    std::uint64_t txid);
    void checkpoint_if_due();

    std::filesystem::path root_;
    core::FileLock lock_;
    OwnedFd root_fd_;  // kept for the store's life: syncfs through it sees every writeback error
    Ledger ledger_;
    std::optional<core::IoError> stopped_;  // set by the first failed sync
    GameId next_game_{1};                   // next id new_game_id hands out
    GameId durable_next_game_{1};           // value in the counters file
    std::uint64_t next_mail_seq_ = 1;
    std::uint64_t next_txid_ = 1;
    std::uint64_t applied_through_ = 0;     // the checkpoint file's N
    std::uint64_t last_applied_ = 0;        // highest txid applied (journals apply in order)
    std::uint64_t closed_through_ = 0;      // the `closed` file's N at open (routine replay)
    std::vector<std::uint64_t> unretired_;  // applied, not yet retired by a checkpoint
    std::vector<JournalMail> unspooled_;    // their mails not yet in outbox/
    bool pending_ = false;                  // a journal may be left unapplied
    std::unordered_set<std::string> pending_seen_;  // ids of unapplied journals
    // Group commit: the staged transactions, as the journal they commit as (group_journal.hpp).
    bool grouping_ = false;
    bool group_stale_ = false;  // applying a committed journal failed since begin_group
    GroupJournal group_;
    // Applied records, by namespace (state.hpp).
    std::map<Namespace, std::map<std::string, std::string>> records_;  // by namespace
    std::set<Namespace> dirty_;         // the namespaces changed since state/ was written
    SilentRecipient silent_ = nullptr;  // set_silent_recipients
    std::set<GameId> written_games_;    // take_written_games
    // See "File memory": filled by reads too, hence mutable.
    mutable FileMemory memory_;
};

// A group of commits that is all or nothing (RAII): made, it begins a group (or, inside a
// running group, marks a savepoint); commit() ends the group it began (end_group's contract;
// inside an outer group it only keeps what was staged, for the outer end_group to write);
// destroyed uncommitted, or after commit() failed, it drops what was staged since it was made.
//   store::GroupCommit group(store);
//   for (...) if (!stage_game(...)) return error;   // nothing of the event is kept
//   return group.commit();
class GroupCommit {
public:
    explicit GroupCommit(Store& store);
    GroupCommit(const GroupCommit&) = delete;
    GroupCommit& operator=(const GroupCommit&) = delete;
    ~GroupCommit();
    core::Result<void, core::IoError> commit();

private:
    Store& store_;
    Store::GroupState saved_;
    bool done_ = false;
};

}  // namespace ck::store
