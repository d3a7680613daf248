#pragma once
// Typed access to a namespace of club state (state.hpp). A codec names its namespace, the
// version of its record format and how a value is written and read:
//   struct PlayerCodec {
//       using Value = Player;
//       static constexpr Namespace ns{"players"};  // state/players, the journal's word
//       static constexpr int version = 1;
//       static std::string encode(const Player&);
//       static core::Result<Player, std::string> decode(std::string_view body);
//   };
//   using PlayerTable = store::Table<PlayerCodec>;
//   PlayerTable::put(tx, address, player);          // commits with the mail's transaction
//   auto p = PlayerTable::get(store, address);       // Result<optional<Player>, StateError>
// Every record is stored as the version line "ck-<namespace> <version>\n" and the body; get
// refuses a record without that line or of a version it does not know (a store written by a
// newer build) instead of guessing at its bytes.
// Upgrades: when a codec's format changes, its version goes up by one and it declares one
// function per older version,
//   static constexpr std::array<store::Upgrade, version - 1> upgrades = {v1_to_v2, v2_to_v3};
// where upgrades[k - 1] turns a body of version k into a body of version k + 1 (a new field:
// its default appended). get/all read a record of any older version through the chain, so a
// new field needs that one function and no migration pass; the record is written at the
// current version by its next put. A codec without `upgrades` reads its own version only.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "store/state.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::store {

// A record that cannot be read: which one and why. Never transient (retrying reads the same
// bytes): the operator must look at the store.
struct StateError {
    Namespace ns = MetaNamespace;
    std::string key;
    std::string detail;
    std::string describe() const {
        return "store record " + std::string(namespace_name(ns)) + "/" + key + ": " + detail;
    }
};

// "ck-players 1\n".
inline std::string record_version_line(Namespace ns, int version) {
    return "ck-" + std::string(namespace_name(ns)) + " " + std::to_string(version) + "\n";
}

// Turns a record body of one version into the body of the next (see above).
using Upgrade = core::Result<std::string, std::string> (*)(std::string_view body);

template <class Codec, class = void>
struct HasUpgrades : std::false_type {};
template <class Codec>
struct HasUpgrades<Codec, std::void_t<decltype(Codec::upgrades)>> : std::true_type {};

// The version written in `bytes`' version line for namespace `ns`, and where the body starts;
// nullopt when the line is not "ck-<ns> <digits>\n".
inline std::optional<std::pair<int, std::size_t>> record_version(Namespace ns,
                                                                 std::string_view bytes) {
    const std::string head = "ck-" + std::string(namespace_name(ns)) + " ";
    if (bytes.substr(0, head.size()) != head) return std::nullopt;
    const std::size_t eol = bytes.find('\n', head.size());
    if (eol == std::string_view::npos || eol == head.size() || eol - head.size() > 6)
        return std::nullopt;
    int v = 0;
    for (const char c : bytes.substr(head.size(), eol - head.size())) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return std::make_pair(v, eol + 1);
}

template <class Codec>
class Table {
public:
    using Value = typename Codec::Value;
    static_assert(valid_namespace_name(Codec::ns.name()),
                  "a codec's namespace: 1-32 of a-z 0-9 '-', a letter first (store/state.hpp)");

    static void put(Transaction& tx, const std::string& key, const Value& value) {
        tx.put_record(Codec::ns, key,
                      record_version_line(Codec::ns, Codec::version) + Codec::encode(value));
    }
    static void erase(Transaction& tx, const std::string& key) { tx.erase_record(Codec::ns, key); }

    // Decodes stored bytes (with their version line); an older version through the codec's
    // upgrades.
    static core::Result<Value, StateError> decode(const std::string& key, std::string_view bytes) {
        const std::string line = record_version_line(Codec::ns, Codec::version);
        if constexpr (HasUpgrades<Codec>::value) {
            static_assert(Codec::upgrades.size() == Codec::version - 1,
                          "one upgrade per older version");
            const auto written = record_version(Codec::ns, bytes);
            if (written && written->first >= 1 && written->first < Codec::version) {
                std::string body(bytes.substr(written->second));
                for (int k = written->first; k < Codec::version; ++k) {
                    auto next = Codec::upgrades[static_cast<std::size_t>(k - 1)](body);
                    if (!next)
                        return core::unexpected(StateError{
                            Codec::ns, key,
                            "upgrade from version " + std::to_string(k) + ": " + next.error()});
                    body = std::move(*next);
                }
                auto value = Codec::decode(body);
                if (!value) return core::unexpected(StateError{Codec::ns, key, value.error()});
                return std::move(*value);
            }
        }
        if (bytes.substr(0, line.size()) != line) {
            const std::string_view first = bytes.substr(0, bytes.find('\n'));
            return core::unexpected(
                StateError{Codec::ns, key,
                           "version line '" + std::string(first.substr(0, 40)) + "' is not the '" +
                               line.substr(0, line.size() - 1) + "' this build reads"});
        }
        auto value = Codec::decode(bytes.substr(line.size()));
        if (!value) return core::unexpected(StateError{Codec::ns, key, value.error()});
        return std::move(*value);
    }

    // The value of `key`; nullopt when there is none. A pending (uncommitted) transaction's
    // write wins when `pending` is given.
    static core::Result<std::optional<Value>, StateError> get(
        const Store& store, const std::string& key, const Transaction* pending = nullptr) {
        const std::string* bytes = nullptr;
        if (pending) {
            if (const RecordWrite* w = pending->find_record(Codec::ns, key)) {
                if (!w->bytes) return std::optional<Value>();
                bytes = &*w->bytes;
            }
        }
        if (!bytes) bytes = store.record(Codec::ns, key);
        if (!bytes) return std::optional<Value>();
        auto value = decode(key, *bytes);
        if (!value) return core::unexpected(std::move(value).error());
        return std::optional<Value>(std::move(*value));
    }

    static std::vector<std::string> keys(const Store& store) {
        return store.record_keys(Codec::ns);
    }

    // Every record, sorted by key; the first unreadable one is the error. The writes of
    // `pending` (an uncommitted transaction) win when it is given.
    static core::Result<std::vector<std::pair<std::string, Value>>, StateError> all(
        const Store& store, const Transaction* pending = nullptr) {
        std::vector<std::string> keys = store.record_keys(Codec::ns);
        if (pending) {
            for (const RecordWrite& w : pending->records())
                if (w.ns == Codec::ns) keys.push_back(w.key);
            std::sort(keys.begin(), keys.end());
            keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        }
        std::vector<std::pair<std::string, Value>> out;
        for (const std::string& key : keys) {
            auto value = get(store, key, pending);
            if (!value) return core::unexpected(std::move(value).error());
            if (*value) out.emplace_back(key, std::move(**value));
        }
        return out;
    }
};

// A count (N >= 1, "N\n") kept in namespace `N` (a namespace-scope constant): counters, rate
// limits.
template <const Namespace& N>
struct CountCodec {
    using Value = std::uint64_t;
    static constexpr Namespace ns = N;
    static constexpr int version = 1;
    static std::string encode(const std::uint64_t& n) { return std::to_string(n) + "\n"; }
    static core::Result<std::uint64_t, std::string> decode(std::string_view body) {
        std::uint64_t n = 0;
        if (body.size() < 2 || body.size() > 20 || body.back() != '\n')
            return core::unexpected(std::string("expected a positive number"));
        for (const char c : body.substr(0, body.size() - 1)) {
            if (c < '0' || c > '9') return core::unexpected(std::string("expected a number"));
            n = n * 10 + static_cast<std::uint64_t>(c - '0');
        }
        if (n == 0) return core::unexpected(std::string("expected a positive number"));
        return n;
    }
};

}  // namespace ck::store
