#pragma once
// A Transaction gathers the effects of one incoming mail (or one clock event) so that they
// commit together (docs/design.md, "Durable state"; docs/mail-protocol.md, "a mail's effects commit
// together"): whole-file writes in game directories, processed Message-IDs for the ledger, and
// outgoing mails for the outbox spool. Building one touches no disk; Store::commit makes it
// durable.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/game_id.hpp"
#include "core/io_error.hpp"
#include "core/result.hpp"
#include "mail/outgoing.hpp"
#include "store/state.hpp"

namespace ck::store {

// Games are numbered 1, 2, 3, ... in creation order (Store::new_game_id); the number begins the
// names of the game's files under games/ and the "#42" of mail subjects (core/game_id.hpp: its one
// parse and one print).
using GameId = core::GameId;

// One outgoing mail as the SMTP envelope sees it.
struct SpooledMail {
    std::string envelope_from;            // may be empty (null reverse-path "<>")
    std::vector<std::string> recipients;  // bare addr-specs, at least one
    std::string raw_message;              // RFC 5322 bytes, sent as given
};

// Every file the store writes belongs to a game: the store keeps no files of other club
// concepts (their state is in typed namespaces, state.hpp).
struct FileWrite {
    GameId game;        // from Store::new_game_id (or an existing game)
    std::string name;   // a plain file name in the game directory, e.g. "record.pgn"
    std::string bytes;  // the whole new content (opaque to the store)
    // Set only by the store when it journals the write (Store::resolve, journal.hpp "tail"):
    // the file keeps its first `keep` bytes and `bytes` is what follows them. 0: whole file.
    std::uint64_t keep = 0;
};

// A record of a club-state namespace (state.hpp) set to `bytes`, or erased (nullopt).
struct RecordWrite {
    Namespace ns = MetaNamespace;
    std::string key;
    std::optional<std::string> bytes;
};

class Transaction {
public:
    // `now` is the instant the transaction happens in: spooled mails are queued at it and
    // first become due at it.
    explicit Transaction(core::TimePoint now) : now_(now) {}

    // Replaces file `name` of `game` (games/<game>.<name>, game_layout.hpp) by `bytes`. A later
    // write of the same file in the same transaction wins. `game` must come from Store::new_game_id
    // (or an existing game).
    void write_game_file(GameId game, std::string name, std::string bytes);
    // Sets record `key` of namespace `ns` to `bytes` / erases it (state.hpp; typed access:
    // table.hpp). A later write of the same record in the same transaction wins.
    void put_record(Namespace ns, std::string key, std::string bytes);
    void erase_record(Namespace ns, std::string key);
    // The write of record (ns, key) in this transaction, or null (erased: a write without bytes).
    const RecordWrite* find_record(Namespace ns, const std::string& key) const;
    // Records a processed Message-ID (without angle brackets) in the ledger.
    void mark_seen(std::string message_id);
    // Spools a mail in the outbox, sent by Outbox::flush after the commit.
    void queue_mail(SpooledMail mail);
    // Spools a mail to one recipient that is rendered (mail::render_mime) only when the
    // transaction is read (mails()), so that its owner may still merge the mails to one
    // address into one (merge_outgoing: "one answer per mail", README "What a reply may
    // contain"). Keeps its place among the queued mails.
    void queue_outgoing(std::string envelope_from, std::string recipient, mail::OutgoingMail mail);
    // The first unrendered mail to `recipient` (case as queued), or nullptr.
    mail::OutgoingMail* first_outgoing_to(const std::string& recipient);
    // Replaces the unrendered mails to `recipient` by merge(them) at the place of the first;
    // nothing when there are fewer than two.
    void merge_outgoing(const std::string& recipient,
                        mail::OutgoingMail (*merge)(std::vector<mail::OutgoingMail>));

    // Appends everything `part` holds (its writes after this one's, so they win; its mails after
    // this one's): a part built on its own, e.g. one game's answers of a mail acting in several
    // games, whose mails to one address are merged apart from the other parts'.
    void append(Transaction&& part);

    // Removes the unrendered mails for which `drop(recipient, mail)` is true; returns how many
    // (a mail withheld by the recipient's settings, daemon/digest.hpp).
    std::size_t drop_outgoing(
        const std::function<bool(const std::string&, const mail::OutgoingMail&)>& drop);

    core::TimePoint now() const { return now_; }
    const std::vector<FileWrite>& files() const { return files_; }
    const std::vector<RecordWrite>& records() const { return records_; }
    const std::vector<std::string>& seen_ids() const { return seen_; }
    // Every queued mail in order, the unrendered ones rendered.
    std::vector<SpooledMail> mails() const;
    // Every queued mail's envelope in order (raw_message empty for an unrendered one): what
    // validate() checks, without rendering the mails a second time before resolve does.
    std::vector<const SpooledMail*> envelopes() const;
    bool empty() const {
        return files_.empty() && records_.empty() && seen_.empty() && mails_.empty();
    }

private:
    core::TimePoint now_;
    std::vector<FileWrite> files_;
    std::vector<RecordWrite> records_;
    std::vector<std::string> seen_;
    struct Queued {
        SpooledMail spooled;  // recipients and envelope; raw_message empty while `held`
        std::optional<mail::OutgoingMail> held;
    };
    std::vector<Queued> mails_;
};

// A game file name the store accepts: 1-100 characters of [A-Za-z0-9._-], not starting with
// '.' (dot files are the store's temp files).
bool valid_game_file_name(const std::string& name);

// Checks what the store can represent: file names, Message-IDs and addresses without line
// breaks or NUL, record keys valid_record_key, non-empty ids, at least one recipient. Error code:
// invalid_argument.
core::Result<void, core::IoError> validate(const Transaction& tx);

}  // namespace ck::store
