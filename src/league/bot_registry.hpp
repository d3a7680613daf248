#pragma once
// The club's computer opponents as stored (README "Bots as club players"): a bot is a registered
// player (players.hpp, its name marked with BotSuffix) plus a record of the store's namespace
// `bots`, keyed by its lower-case address, holding its engine (an engine spec) and how many games
// in progress it accepts by challenge. Finding, removing and noting a bot's problem are here;
// adding one (its engine spec checked), its answers and its turns are the daemon's
// (daemon/bots.hpp, daemon/bot_turns.hpp), which parses engines.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/config.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// Games in progress a bot accepts by challenge unless `bot add --games N` says otherwise.
inline constexpr int DefaultBotGames = 8;

struct Bot {
    std::string address;  // lower-case, NAME@<the referee address's domain>
    // An engine spec as text, e.g. "belief": checked by the daemon's bots (daemon/bots.hpp)
    // when the bot is added, answers a challenge or plays; this library parses no engine.
    std::string engine;
    int games = DefaultBotGames;
    // `bot remove` (README "Bots as club players"): it declines every challenge; it stays a
    // registered player (its name, ratings and games are kept) and keeps the silent address.
    bool removed = false;
    // Why its engine could not play its last turn (e.g. the program is missing), one line;
    // empty once it plays again. Set by the bot turns (daemon/bot_turns.hpp), shown by `bot list`.
    std::string problem;
};

// A bots record: "<address>\t<engine>\t<games>\t<active|removed>\t<problem>\n" (version 1 had
// the first three fields: it reads as active with no problem).
struct BotCodec {
    using Value = Bot;
    static constexpr store::Namespace ns{"bots"};
    static constexpr int version = 2;
    static std::string encode(const Bot& b);
    static core::Result<Bot, std::string> decode(std::string_view body);
    static core::Result<std::string, std::string> v1_to_v2(std::string_view body);
    static constexpr std::array<store::Upgrade, 1> upgrades = {v1_to_v2};
};
using BotTable = store::Table<BotCodec>;

// A problem as the record's one field holds it: tabs and line breaks become spaces.
std::string problem_line(const std::string& text);

// True when `address` (any case) is a bot's (the store's records, staged writes included).
bool is_bot_address(const store::Store& store, const std::string& address);
// The bot at `address`, nullopt when it is none (or its record cannot be read: logged).
std::optional<Bot> find_bot(const store::Store& store, const std::string& address);
// Every bot, by address; a record that does not decode is Corrupt (record_error.hpp).
core::Result<std::vector<Bot>, core::Error> load_bots(const store::Store& store);

// The address a bot's NAME gives on the club's domain (the challenge word `challenge NAME`).
std::string bot_address(const Config& config, const std::string& name);

// The bot that `who` names: its NAME (any case) or its address. Errors say that no bot has it
// (Invalid) or that its record cannot be read (Corrupt, record_error.hpp).
core::Result<Bot, core::Error> find_bot_named(const store::Store& store, const Config& config,
                                              const std::string& who);

// Stages `bot` as removed (README "Bots as club players", `bot remove`) into `tx`.
void stage_bot_removed(Bot bot, store::Transaction& tx);

// Records in a transaction of its own, committed at `now`, that the engine of `bot` could not
// play (`problem`, one line; empty: it plays again). Returns true when that changed the record
// (the caller logs the news once, not at every pass), false when the record said so already.
core::Result<bool, core::Error> note_bot_problem(store::Store& store, const Bot& bot,
                                                 const std::string& problem, core::TimePoint now);

}  // namespace ck::league
