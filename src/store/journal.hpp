#pragma once
// The commit journal: one file journal/<txid>.tx holding every effect of one transaction,
// resolved (mail sequence numbers assigned, spool files encoded), so that applying it needs
// no other input and applying it twice equals applying it once. Format, with each payload
// length-prefixed and followed by "\n":
//   ck-journal 4                (version 3, without tail records, and versions 1 and 2,
//                                without the checksum either, are read too)
//   next-game N                 (the game-id counter after this transaction)
//   file GAME NAME LEN\n<bytes>\n   (GAME 0: see "Legacy file records" below)
//   tail GAME NAME KEEP LEN\n<bytes>\n  (the file keeps its first KEEP bytes, then <bytes>:
//                                written at KEEP and cut to KEEP + LEN; see below)
//   put NAMESPACE KEY LEN\n<bytes>\n (a club-state record, state.hpp)
//   erase NAMESPACE KEY
//   seen LEN\n<message-id>\n
//   mail SEQ LEN\n<spool entry>\n
//   end CRC
// CRC: 8 lower-case hex digits, the CRC-32C (crc32c.hpp) of every byte between the next-game
// line and the end line, continued over the decimal next-game value (without leading zeros).
// A journal whose checksum does not match is refused, with its name, before any of it is
// applied (Store::open reads every journal through first), never half-applied.
// NEXT-GAME may have leading zeros: a group's journal (group_journal.hpp) is written front to
// back before its counter is known, so its header holds 20 digits, filled in last. Records of
// any kind may follow each other in any order; applying them in file order is the transaction.
// A tail record (Store::resolve writes one for a game file whose new content shares its first
// KEEP >= 4096 bytes, a multiple of 4096, with what the store holds: a record or player record
// that grew by a ply) is idempotent like a whole write: it writes its bytes at KEEP and cuts the
// file there, whatever the file held past KEEP. Its first KEEP bytes are right when it is
// applied or replayed: the file's content as of the last checkpoint is durable, and every
// journal since is applied before it, in order; KEEP is a block boundary, so a write torn by a
// crash touched no block before it. Applying one to a file shorter than KEEP is an error.
// Legacy file records: a store from before typed club state wrote tournament files through its
// journals as `file 0 <tournament>/<file>`, a file under tournaments/ beside games/. Nothing
// has written one since, and the store now cannot (every FileWrite has a game), but a journal
// such a store left unapplied (it crashed mid-commit before the upgrade) is still read, in
// every version, and replayed:
// JournalReader gives each such record as a LegacyFileWrite (its path under the store's root),
// which Store applies like a whole file write, for the club's migration of legacy state to
// read after the open. The format's version did not change with this: what a build
// writes is what version 4 always allowed.
// A journal file is renamed into place complete (write_file_atomic, or the group's temp file
// after its fsync), so it either exists whole or not at all; the "end" line guards against
// anything else, and the checksum against a torn or damaged file (a disk or file system that
// broke its promise).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/io_error.hpp"
#include "core/result.hpp"
#include "store/transaction.hpp"

namespace ck::store {

struct JournalMail {
    std::uint64_t seq = 0;
    std::string spool_bytes;  // encode_spool_entry output (empty while left in the journal)
    // A mail whose bytes the store left in its journal file instead of memory (Store::mail_bytes):
    // that journal's txid (0: the bytes are spool_bytes), and where in it they are.
    std::uint64_t journal_txid = 0;
    std::uint64_t at = 0;  // set by JournalReader for every mail it reads
    std::uint64_t size = 0;
};

// A whole file written at `path`, relative to the store's root: only read, from a legacy file
// record (see above); never written.
struct LegacyFileWrite {
    std::filesystem::path path;  // "tournaments/<tournament>/<file>"
    std::string bytes;
};

struct JournalRecord {
    GameId next_game{1};
    std::vector<FileWrite> files;
    std::vector<LegacyFileWrite> legacy_files;  // read only; encode_journal leaves them out
    std::vector<RecordWrite> records;
    std::vector<std::string> seen;
    std::vector<JournalMail> mails;
};

std::string encode_journal(const JournalRecord& record);
core::Result<JournalRecord, std::string> parse_journal(std::string_view bytes);

// The header with a 20-digit next-game line (the digits at JournalHeaderCounterAt), to be
// followed by encode_journal_entries and JournalEnd. Without a counter the digits are zeros, a
// place held for the counter (GroupJournal::write fills it in).
std::string journal_header_fixed(std::optional<GameId> next_game);
inline constexpr std::size_t JournalHeaderCounterAt = 23;  // after "ck-journal 2\nnext-game "
inline constexpr std::size_t JournalHeaderSize = JournalHeaderCounterAt + 21;
// The end line of a journal whose records (encode_journal_entries) have CRC `entries_crc`.
std::string journal_end_line(std::uint32_t entries_crc, GameId next_game);
// Appends the records of `record` (no header, no end line) to `out`; for each file write, in
// order, the offset in `out` where its bytes start is appended to `file_offsets`, and for each
// mail the offset of its spool bytes to `mail_offsets`.
void encode_journal_entries(const JournalRecord& record, std::string& out,
                            std::vector<std::size_t>* file_offsets = nullptr,
                            std::vector<std::size_t>* mail_offsets = nullptr);

// Reads a journal front to back from `in` (not owned), a chunk at a time, so that a journal of
// any size is applied or scanned in bounded memory. A caller that must not act on a damaged
// journal reads it through once first (Store::open does, in scan_counters).
class JournalReader {
public:
    explicit JournalReader(std::FILE* in) : in_(in) {}
    // The header; once, first. Returns next-game.
    core::Result<GameId, std::string> header();
    // Moves the next records into `out` (appended) until about `budget` bytes of payload are
    // read or the end line is; true when the end line was read and nothing follows it.
    core::Result<bool, std::string> next(JournalRecord& out, std::size_t budget);

private:
    bool line(std::string& out);
    bool blob(std::uint64_t len, std::string& out);
    std::FILE* in_;
    std::string line_;
    bool checked_ = false;  // version 3 and later: the end line holds a checksum
    bool tails_ = false;    // version 4: tail records
    bool summing_ = false;  // past the header: bytes read go into crc_
    std::uint32_t crc_ = 0;
    GameId next_game_{1};
};

// Reads the journal `file` with a JournalReader, handing `part` each part of about
// JournalPartBytes (emptied before the next); returns its next-game. A damaged journal is an
// invalid_argument error, after the parts before the damage were handed out.
inline constexpr std::size_t JournalPartBytes = std::size_t{4} << 20;
core::Result<GameId, core::IoError> read_journal(
    const std::filesystem::path& file,
    const std::function<core::Result<void, core::IoError>(JournalRecord& part)>& part);

// "00000000000000000003.tx"; txid_of gives 0 for other names.
std::string journal_file_name(std::uint64_t txid);
std::uint64_t txid_of(std::string_view name);

}  // namespace ck::store
