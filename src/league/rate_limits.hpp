#pragma once
// The rate-limit records of the replies to unknown senders, as stored (README "The operator
// log"; docs/mail-protocol.md "Unknown senders"; answering them is the daemon's,
// daemon/unknown_sender.hpp). The store's typed namespace `rate-limits` (store/state.hpp) holds,
// per UTC day DAY:
//   DAY/HASH    1 once the address hashed to HASH got its reply on DAY
//   DAY/total   how many unknown-sender replies went out on DAY
// The address is lower-cased and hashed: the store holds no third-party addresses in clear.
// (A legacy store kept them as ids of the ledger, which club_migration.hpp reads.)
#include <string>

#include "core/clock.hpp"
#include "store/table.hpp"

namespace ck::league {

// Unknown-sender replies sent, by day and address hash.
inline constexpr store::Namespace RateLimitNamespace{"rate-limits"};
using RateLimitTable = store::Table<store::CountCodec<RateLimitNamespace>>;

// "YYYY-MM-DD" of `t` in UTC.
std::string utc_day(core::TimePoint t);

// The record key of "`address` got its unknown-sender reply on `day`": "DAY/HASH".
std::string unknown_sender_limit_key(const std::string& address, const std::string& day);
// The record key of the number of unknown-sender replies of `day`: "DAY/total".
std::string unknown_sender_total_key(const std::string& day);

}  // namespace ck::league
