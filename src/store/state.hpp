#pragma once
// Typed club state in the store (README "The store"): besides game files, the store keeps
// records in named namespaces, one per kind of club state, each record a key and opaque bytes.
// Records are written and erased only through a Transaction, so they commit in the same journal
// as the mail that changed them (store.hpp, "Commit protocol"), and a group of commits that is
// aborted writes none of them. The store keeps every record in memory (club state is small: a
// few thousand records) and on disk as state/<namespace>/<encoded key>, one file a record.
// The meaning and format of the bytes belong to the namespace's codec (store/table.hpp), which
// puts a version line in front of every record and checks it on load.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ck::store {

enum class Namespace : std::uint8_t {
    Meta,         // the store's own bookkeeping (format and migration marks)
    Players,      // registered players, by lower-case address
    Leaves,       // booked leaves, by Message-ID of the `leave` mail
    Challenges,   // open challenges by id, and the next id
    Tournaments,  // tournaments by id (the tournament.ini text)
    RateLimits,   // unknown-sender replies sent, by day and address hash
    Ratings,      // player ratings, by lower-case address
    Deadlines,    // the game repository's deadline index, by game id
};
inline constexpr std::size_t NamespaceCount = 8;

// "players", "rate-limits", ... (the directory name under state/ and the journal's word).
std::string_view namespace_name(Namespace ns);
std::optional<Namespace> namespace_of(std::string_view name);

// A record key: 1-200 bytes of printable ASCII without blanks (0x21-0x7e).
bool valid_record_key(std::string_view key);

// The file name of a key: bytes outside [A-Za-z0-9@+_-] (and '.') become %XX, so that any valid
// key is a valid file name that cannot be a temp file or "." / "..".
std::string record_file_name(std::string_view key);
// The inverse; nullopt for a name record_file_name never produces.
std::optional<std::string> record_key_of(std::string_view file_name);

}  // namespace ck::store
