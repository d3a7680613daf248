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
// - Its records (finding, removing, a noted problem) are the club library's
//   (league/bot_registry.hpp); its engine spec is checked here, not there (the library keeps it
//   as text, so src/league needs no src/bot): stage_bot refuses a spec that does not parse, and
//   a stored spec that does not (a record edited by hand, or an engine this build lacks)
//   declines every challenge with the parser's reason (bot_declines) and is the bot's problem
//   at its turn (bot_turns.hpp bot_requests).
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/commands.hpp"
#include "league/bot_registry.hpp"
#include "league/config.hpp"
#include "league/players.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// What `bot add` asks for.
struct BotSpec {
    std::string name;    // 1-32 of [A-Za-z0-9_-]; the address is lower(name)@domain
    std::string engine;  // an engine spec
    int level = 0;       // 0: the engine's default; else its `level=` option (fairy-stockfish)
    int games = league::DefaultBotGames;
};

// Validates `spec` and stages the player and its bots record into `tx`; returns the bot.
// Errors name what is wrong (a bad name, an unknown engine or option, a taken address): Invalid.
core::Result<league::Bot, core::Error> stage_bot(league::Players& players,
                                                 const league::Config& config, const BotSpec& spec,
                                                 store::Transaction& tx);

// `challenge NAME VARIANT ...` with a bot's NAME where the address goes (README "Bots as club
// players"): the command parser reads no NAME there (the line is Unknown), so the mail's
// commands are given here once, before they are answered, and each such line naming a bot of
// the store becomes the challenge to that bot's address. Every other command is kept as is.
std::vector<Command> with_bot_names(std::vector<Command> commands, const store::Store& store,
                                    const league::Config& config);

// Why `bot` does not take a game (a removed bot takes none) of `variant` (hidden or open, from the
// standard start or not) when it already plays `playing` games; nullopt: it accepts. An engine
// spec that does not parse (bot/engine.hpp parse_engine_spec) is the reason given.
std::optional<std::string> bot_declines(const league::Bot& bot, const std::string& variant,
                                        bool hidden, bool fen, std::size_t playing);

}  // namespace ck::daemon
