#pragma once
// The commit journal: one file journal/<txid>.tx holding every effect of one transaction,
// resolved (mail sequence numbers assigned, spool files encoded), so that applying it needs
// no other input and applying it twice equals applying it once. Format, with each payload
// length-prefixed and followed by "\n":
//   ck-journal 2                (version 1, written before state records, is read too)
//   next-game N                 (the game-id counter after this transaction)
//   file GAME NAME LEN\n<bytes>\n   (GAME 0: NAME is "<tournament>/<file>", a legacy store)
//   put NAMESPACE KEY LEN\n<bytes>\n (a club-state record, state.hpp)
//   erase NAMESPACE KEY
//   seen LEN\n<message-id>\n
//   mail SEQ LEN\n<spool entry>\n
//   end
// The journal is written whole with write_file_atomic, so a journal file either exists
// complete or not at all; the "end" line guards against anything else.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "store/transaction.hpp"

namespace ck::store {

struct JournalMail {
    std::uint64_t seq = 0;
    std::string spool_bytes;  // encode_spool_entry output
};

struct JournalRecord {
    GameId next_game = 1;
    std::vector<FileWrite> files;
    std::vector<RecordWrite> records;
    std::vector<std::string> seen;
    std::vector<JournalMail> mails;
};

std::string encode_journal(const JournalRecord& record);
core::Result<JournalRecord, std::string> parse_journal(std::string_view bytes);

// "00000000000000000003.tx"; txid_of gives 0 for other names.
std::string journal_file_name(std::uint64_t txid);
std::uint64_t txid_of(std::string_view name);

}  // namespace ck::store
