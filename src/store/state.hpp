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

// A namespace of club state, by its name: "players", "rate-limits", ... (the file name under
// state/ and the journal's word). The store keeps no list of them: each table codec declares its
// own (store/table.hpp: `static constexpr Namespace ns{"players"};`), and the store takes every
// valid name it finds in state/ or a journal. Compared by name; the name's characters must
// outlive the value (a codec's literal, or a name namespace_of keeps for the process's life).
class Namespace {
public:
    constexpr explicit Namespace(std::string_view name) : name_(name) {}
    constexpr std::string_view name() const { return name_; }
    friend bool operator==(Namespace a, Namespace b) { return a.name_ == b.name_; }
    friend bool operator!=(Namespace a, Namespace b) { return a.name_ != b.name_; }
    friend bool operator<(Namespace a, Namespace b) { return a.name_ < b.name_; }

private:
    std::string_view name_;
};

// A namespace name: 1-32 bytes of lower-case ASCII letters, digits and '-', starting with a
// letter (so no state/ temp file, which starts with '.', is taken for one). A codec's name is
// checked when its table is compiled (store::Table).
constexpr bool valid_namespace_name(std::string_view name) {
    if (name.empty() || name.size() > 32 || name[0] < 'a' || name[0] > 'z') return false;
    for (const char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

// The store's own bookkeeping (format and migration marks, counters of the club's services).
inline constexpr Namespace MetaNamespace{"meta"};

std::string_view namespace_name(Namespace ns);
// The namespace of a name read from bytes (a journal's word, a file of state/): nullopt when the
// name is not valid. The name's characters are kept for the process's life (one copy a name).
std::optional<Namespace> namespace_of(std::string_view name);

// A record key: 1-200 bytes of printable ASCII without blanks (0x21-0x7e).
bool valid_record_key(std::string_view key);

// A namespace file: "put KEY LEN\n<bytes>\n" a record, by key, then "end\n".
std::string encode_state_file(const std::map<std::string, std::string>& records);
core::Result<std::map<std::string, std::string>, std::string> parse_state_file(
    std::string_view bytes);

}  // namespace ck::store
