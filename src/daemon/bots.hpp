#pragma once
// Computer opponents as club players (README "Bots as club players"; issue 22). A bot is a
// registered player (players.hpp, its name marked with BotSuffix) whose address lies on the
// club's domain, plus a record of the store's typed namespace `bots` (store/state.hpp), keyed by
// that address, holding its engine (bot/engine.hpp spec) and how many games in progress it
// accepts by challenge. The two records are written in one transaction.
// - No mail ever goes to a bot: the club's store is opened with is_bot_address as its silent
//   recipients (store.hpp set_silent_recipients), so whatever the game path queues for a bot
//   is never spooled.
// - A challenge to a bot (challenges.hpp) is answered by the bot at once, in the challenge
//   mail's transaction: accepted when its engine can play the game and it plays fewer than
//   `games` games, else declined.
// - Its moves are computed by the daemon (bot_turns.hpp), from its player's view only.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/commands.hpp"
#include "daemon/config.hpp"
#include "daemon/players.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// Games in progress a bot accepts by challenge unless `bot add --games N` says otherwise.
inline constexpr int DefaultBotGames = 8;

struct Bot {
    std::string address;  // lower-case, NAME@<the referee address's domain>
    std::string engine;   // an engine spec (bot::parse_engine_spec), e.g. "belief"
    int games = DefaultBotGames;
    // `bot remove` (README "Bots as club players"): it declines every challenge; it stays a
    // registered player (its name, ratings and games are kept) and keeps the silent address.
    bool removed = false;
    // Why its engine could not play its last turn (e.g. the program is missing), one line;
    // empty once it plays again. Set by the bot turns (bot_turns.hpp), shown by `bot list`.
    std::string problem;
};

// A bots record: "<address>\t<engine>\t<games>\t<active|removed>\t<problem>\n" (version 1 had
// the first three fields: it reads as active with no problem).
struct BotCodec {
    using Value = Bot;
    static constexpr store::Namespace ns = store::Namespace::Bots;
    static constexpr int version = 2;
    static std::string encode(const Bot& b);
    static core::Result<Bot, std::string> decode(std::string_view body);
    static core::Result<std::string, std::string> v1_to_v2(std::string_view body);
    static constexpr std::array<store::Upgrade, 1> upgrades = {v1_to_v2};
};
using BotTable = store::Table<BotCodec>;

// True when `address` (any case) is a bot's (the store's records, staged writes included).
bool is_bot_address(const store::Store& store, const std::string& address);
// The bot at `address`, nullopt when it is none (or its record cannot be read: logged).
std::optional<Bot> find_bot(const store::Store& store, const std::string& address);
// Every bot, by address.
core::Result<std::vector<Bot>, std::string> load_bots(const store::Store& store);

// What `bot add` asks for.
struct BotSpec {
    std::string name;    // 1-32 of [A-Za-z0-9_-]; the address is lower(name)@domain
    std::string engine;  // an engine spec
    int level = 0;       // 0: the engine's default; else its `level=` option (fairy-stockfish)
    int games = DefaultBotGames;
};

// Validates `spec` and stages the player and its bots record into `tx`; returns the bot.
// Errors name what is wrong (a bad name, an unknown engine or option, a taken address).
core::Result<Bot, std::string> stage_bot(Players& players, const Config& config,
                                         const BotSpec& spec, store::Transaction& tx);

// The bot that `who` names: its NAME (any case) or its address. Errors say that no bot has it
// (or its record cannot be read).
core::Result<Bot, std::string> find_bot_named(const store::Store& store, const Config& config,
                                              const std::string& who);

// The games in progress where the bot at `address` plays, by id (each game.ini and the record's
// Result tag: no replay).
core::Result<std::vector<store::GameId>, core::Error> bot_games_in_progress(
    const store::Store& store, const std::string& address);

// Stages `bot` as removed (README "Bots as club players", `bot remove`) into `tx`.
void stage_bot_removed(Bot bot, store::Transaction& tx);

// Records in a transaction of its own, committed at `now`, that the engine of `bot` could not
// play (`problem`, one line; empty: it plays again). Returns true when that changed the record
// (the caller logs the news once, not at every pass), false when the record said so already.
core::Result<bool, core::Error> note_bot_problem(store::Store& store, const Bot& bot,
                                                 const std::string& problem, core::TimePoint now);

// The address a bot's NAME gives on the club's domain (the challenge word `challenge NAME`).
std::string bot_address(const Config& config, const std::string& name);

// `challenge NAME VARIANT ...` with a bot's NAME where the address goes (README "Bots as club
// players"): the command parser reads no NAME there (the line is Unknown), so the mail's
// commands are given here once, before they are answered, and each such line naming a bot of
// the store becomes the challenge to that bot's address. Every other command is kept as is.
std::vector<Command> with_bot_names(std::vector<Command> commands, const store::Store& store,
                                    const Config& config);

// Why `bot` does not take a game (a removed bot takes none) of `variant` (hidden or open, from the
// standard start or not) when it already plays `playing` games; nullopt: it accepts.
std::optional<std::string> bot_declines(const Bot& bot, const std::string& variant, bool hidden,
                                        bool fen, std::size_t playing);

}  // namespace ck::daemon
