#pragma once
// The club's player registry (docs/cli.md `crazykrieg player add NAME EMAIL`, `player list`):
// the store's typed namespace `players` (store/state.hpp), one record a player keyed by the
// lower-case address, written in a store transaction. Addresses are unique; adding a known
// address is an error. Each record carries the player's own settings (player_settings.hpp).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "core/text.hpp"
#include "league/player_settings.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// The end of a bot's registered name (README "Bots as club players").
inline constexpr std::string_view BotSuffix = " (bot)";

struct Player {
    std::string name;
    std::string address;      // lower-case addr-spec
    std::uint64_t order = 0;  // registration order (0, 1, 2, ...): the order of all()
    PlayerSettings settings;  // the player's own (player_settings.hpp)
};

// A players record, version 2: "<order>\t<address>\t<name>\n<settings>\n" (the settings
// field of player_settings.hpp). Version 1 had the first line only; it reads as the default
// settings (store/table.hpp upgrades).
struct PlayerCodec {
    using Value = Player;
    static constexpr store::Namespace ns{"players"};
    static constexpr int version = 2;
    static core::Result<std::string, std::string> v1_to_v2(std::string_view body);
    static constexpr std::array<store::Upgrade, 1> upgrades = {v1_to_v2};
    static std::string encode(const Player& p);
    static core::Result<Player, std::string> decode(std::string_view body);
};
using PlayerTable = store::Table<PlayerCodec>;

class Players {
public:
    // The registry as the store holds it (staged writes of a running group included). A record
    // that does not decode is Corrupt, naming it (record_error.hpp).
    static core::Result<Players, core::Error> load(const store::Store& store);
    // In registration order.
    const std::vector<Player>& all() const { return players_; }
    // Case-insensitive.
    const Player* find(const std::string& address) const;
    // The error text for `given`, which find() did not know: "<given> is not a registered
    // player", and when `given` is a registered player's name (case-insensitive) rather than an
    // address, which address to give instead (commands name players by address: README "Commands").
    std::string not_registered(const std::string& given) const;
    // Validates NAME (no tab or line break, not empty) and EMAIL (local@domain, no blanks), then
    // stages the record into `tx`; the caller commits it. A bad NAME or EMAIL, or a known
    // address, is Invalid.
    core::Result<void, core::Error> add(const std::string& name, const std::string& address,
                                        store::Transaction& tx);
    // A bot (bot_registry.hpp): registered under NAME + BotSuffix, the mark that shows it as a
    // bot wherever the club shows names (mails, lists, records, web pages). add() refuses a
    // name that ends with the mark.
    core::Result<void, core::Error> add_bot(const std::string& name, const std::string& address,
                                            store::Transaction& tx);
    // The same in a transaction of its own, committed; a failed commit keeps the store's kind
    // (core::from_io).
    core::Result<void, core::Error> add(const std::string& name, const std::string& address,
                                        store::Store& store, core::TimePoint now);

    // Stages `address`'s record with `settings` into `tx` (and holds it here); an unknown
    // address is Invalid.
    core::Result<void, core::Error> set_settings(const std::string& address,
                                                 const PlayerSettings& settings,
                                                 store::Transaction& tx);

private:
    core::Result<void, core::Error> add_any(const std::string& name, const std::string& address,
                                            store::Transaction& tx);
    std::vector<Player> players_;
};

using core::lower_ascii;  // core/text.hpp

}  // namespace ck::league
