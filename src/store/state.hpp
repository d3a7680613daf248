#pragma once
// Typed club state in the store (README "The store"): besides game files, the store keeps
// records in named namespaces, one per kind of club state, each record a key and opaque bytes.
// Records are written and erased only through a Transaction, so they commit in the same journal
// as the mail that changed them (store.hpp, "Commit protocol"), and a group of commits that is
// aborted writes none of them. The store keeps every record in memory (club state is small: a
// few thousand records) and on disk as one file a namespace, state/<namespace>, replaced
// atomically at each checkpoint (encode_state_file); the journals since hold what is newer.
// The meaning and format of the bytes belong to the namespace's codec (store/table.hpp), which
// puts a version line in front of every record and checks it on load.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace ck::store {

enum class Namespace : std::uint8_t {
    Meta,         // the store's own bookkeeping (format and migration marks)
    Players,      // registered players, by lower-case address
    Leaves,       // booked leaves, by Message-ID of the `leave` mail
    Challenges,   // open challenges by id, and the next id
    Tournaments,  // tournaments by id (the tournament.ini text)
    RateLimits,   // unknown-sender replies sent, by day and address hash
    Ratings,      // rating pools, by pool name (daemon/ratings.hpp)
    Deadlines,    // the game repository's deadline index, by game id
    Requests,     // answers of organiser requests run by serve, by request id (request_spool.hpp)
    Digests,      // each digest reader's last daily digest, by address (daemon/digest.hpp)
    Bots,         // computer opponents' settings, by the bot's lower-case address (daemon/bots.hpp)
};
inline constexpr std::size_t NamespaceCount = 11;

// "players", "rate-limits", ... (the directory name under state/ and the journal's word).
std::string_view namespace_name(Namespace ns);
std::optional<Namespace> namespace_of(std::string_view name);

// A record key: 1-200 bytes of printable ASCII without blanks (0x21-0x7e).
bool valid_record_key(std::string_view key);

// A namespace file: "put KEY LEN\n<bytes>\n" a record, by key, then "end\n".
std::string encode_state_file(const std::map<std::string, std::string>& records);
core::Result<std::map<std::string, std::string>, std::string> parse_state_file(
    std::string_view bytes);

}  // namespace ck::store
