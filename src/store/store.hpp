#pragma once
// The durable store (issue 5, "Store"; style guide, "Durable state"). Layout under the root:
//   lock                 flock'd by the one process using the store; holds its pid
//   counters             "next-game N": game ids are never reused
//   games/<id>/          one directory per game: record.pgn, white.pgn, black.pgn, game meta...
//                        (opaque bytes given by the caller, by file name)
//   ledger/seen          processed Message-IDs, one a line, append-only (ledger.hpp)
//   outbox/<seq>.mail    spooled outgoing mails, FIFO by seq (spool_entry.hpp, outbox.hpp)
//   outbox/failed/       mails given up on, with the reason
//   journal/<txid>.tx    a committed transaction not yet fully applied (journal.hpp)
//
// Commit protocol: (1) write one journal file holding every effect (temp, fsync, rename, fsync
// dir): this is the commit point; (2) apply each effect idempotently with atomic writes;
// (3) remove the journal (unlink, fsync dir). Store::open replays every journal it finds, so a
// crash at any instant either loses the whole transaction (before the rename: the mail is still
// pending at its source and is processed again) or applies it exactly once.
//
// Use (issue 5, "a mail is marked done at the source only after its effects are committed"):
//   if (store.seen(message_id)) { source.mark_done(id); continue; }   // acted on already
//   Transaction tx(clock.now()); ... tx.mark_seen(message_id); ...
//   if (store.commit(tx)) source.mark_done(id);                        // else: retried later
//   Outbox(store).flush(sink, clock);
//
// One Store per process and per root; not thread-safe.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/file_lock.hpp"
#include "core/io_error.hpp"
#include "core/result.hpp"
#include "store/ledger.hpp"
#include "store/transaction.hpp"

namespace ck::store {

class Store {
public:
    // Creates the layout if missing, takes the lock (a second process gets the error
    // "store ROOT is in use by another process (pid N)", code resource_unavailable_try_again),
    // removes temp files left by a crash and replays any journal found.
    static core::Result<Store, core::IoError> open(const std::filesystem::path& root);

    const std::filesystem::path& root() const { return root_; }
    std::filesystem::path game_dir(GameId game) const;
    std::filesystem::path outbox_dir() const { return root_ / "outbox"; }
    std::filesystem::path journal_dir() const { return root_ / "journal"; }

    // A fresh game id (1, 2, 3, ...). It becomes durable with the first committed transaction
    // that writes a file of that game; an id whose transaction never commits may be handed
    // out again after a restart, which is harmless because nothing of it was stored.
    GameId new_game_id() { return next_game_++; }
    // Games with a directory, ascending.
    core::Result<std::vector<GameId>, core::IoError> list_games() const;
    core::Result<std::string, core::IoError> read_game_file(GameId game,
                                                            const std::string& name) const;

    // True when a committed transaction recorded `message_id` (including one whose journal is
    // not applied yet).
    bool seen(const std::string& message_id) const;
    std::size_t ledger_size() const { return ledger_.size(); }

    // Makes every effect of `tx` durable, all or nothing (see the protocol above). Errors:
    // invalid_argument for a transaction the store cannot represent (nothing written), an I/O
    // error before the commit point (nothing written), or after it: then the transaction is
    // committed and is applied by the next commit, flush or open; seen() already reports its
    // Message-IDs. Either way the caller must not mark the source mail done on error. An
    // empty transaction writes nothing.
    core::Result<void, core::IoError> commit(const Transaction& tx);

    // Applies the journals left by a commit that failed after its commit point (or by a crash).
    core::Result<void, core::IoError> apply_pending();

    // Test hook: commits `tx` up to and including the commit point, then stops, as if the
    // process died right after the journal rename.
    core::Result<void, core::IoError> commit_journal_only_for_test(const Transaction& tx);

private:
    Store(std::filesystem::path root, core::FileLock lock, Ledger ledger)
        : root_(std::move(root)), lock_(std::move(lock)), ledger_(std::move(ledger)) {}
    core::Result<void, core::IoError> scan_counters();
    core::Result<std::filesystem::path, core::IoError> write_journal(const Transaction& tx);
    core::Result<void, core::IoError> apply_journal(const std::filesystem::path& file);

    std::filesystem::path root_;
    core::FileLock lock_;
    Ledger ledger_;
    GameId next_game_ = 1;          // next id new_game_id hands out
    GameId durable_next_game_ = 1;  // value in the counters file
    std::uint64_t next_mail_seq_ = 1;
    std::uint64_t next_txid_ = 1;
    bool pending_ = false;                          // a journal may be left unapplied
    std::unordered_set<std::string> pending_seen_;  // ids of unapplied journals
};

}  // namespace ck::store
