#pragma once
// Typed access to a namespace of club state (state.hpp). A codec names its namespace, the
// version of its record format and how a value is written and read:
//   struct PlayerCodec {
//       using Value = Player;
//       static constexpr Namespace ns = Namespace::Players;
//       static constexpr int version = 1;
//       static std::string encode(const Player&);
//       static core::Result<Player, std::string> decode(std::string_view body);
//   };
//   using PlayerTable = store::Table<PlayerCodec>;
//   PlayerTable::put(tx, address, player);          // commits with the mail's transaction
//   auto p = PlayerTable::get(store, address);       // Result<optional<Player>, StateError>
// Every record is stored as the version line "ck-<namespace> <version>\n" and the body; get
// refuses a record without that line or of another version (a store written by another build)
// instead of guessing at its bytes.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
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
    Namespace ns = Namespace::Meta;
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

template <class Codec>
class Table {
public:
    using Value = typename Codec::Value;

    static void put(Transaction& tx, const std::string& key, const Value& value) {
        tx.put_record(Codec::ns, key,
                      record_version_line(Codec::ns, Codec::version) + Codec::encode(value));
    }
    static void erase(Transaction& tx, const std::string& key) { tx.erase_record(Codec::ns, key); }

    // Decodes stored bytes (with their version line).
    static core::Result<Value, StateError> decode(const std::string& key, std::string_view bytes) {
        const std::string line = record_version_line(Codec::ns, Codec::version);
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

// A count (N >= 1, "N\n") kept in namespace `N`: counters, rate limits.
template <Namespace N>
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
