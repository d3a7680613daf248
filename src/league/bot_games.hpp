#pragma once
// The bot-games index (README "Bots as club players"): the store's typed namespace `bot-games`,
// one record a game in progress where a bot plays, keyed by the game's id, holding the
// addresses of its bots (one, or two when a bot plays a bot). It lets the bots' turns
// (daemon/bot_turns.hpp), a challenge to a bot and `bot remove` find a bot's games without
// reading every game.ini of the store: each `deliver` runs a pass of its own, so a walk over a
// club of thousands of games would be paid per mail.
// Invariant (once the mark meta/bot-games-index is set): a game has an entry exactly when it is
// in progress and a bot plays it. The entry is written in the transaction that creates the game
// (game_creation.hpp create_game) and erased in the one that ends it (event_effects.hpp, the
// GameEnded event: a mate, a resignation, an agreed draw, a time forfeit, an adjudication), never
// beside them, so a crash keeps it true. Who plays a game does not change while it runs, and a
// bot stays a bot when removed (bot_registry.hpp), so nothing else moves an entry.
// The mark is set in the transaction that creates the store's first game (game 1: no older game
// can lack an entry). A store without it (written before the index) gets it as a store upgrade
// when the daemon opens it (Daemon::open, beside the deadline index): ensure_bot_game_index
// stages every entry and the mark into the open's transaction, once. Until then (a command that
// opens the store without a daemon) it is read by walking every game, as before the index;
// entries staged meanwhile (games created by such a command) are rewritten by the build.
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_files.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// A bot-games record: the lower-case address of each bot of the game, one a line.
struct BotGame {
    std::vector<std::string> bots;
};
struct BotGameCodec {
    using Value = BotGame;
    static constexpr store::Namespace ns{"bot-games"};
    static constexpr int version = 1;
    static std::string encode(const BotGame& g);
    static core::Result<BotGame, std::string> decode(std::string_view body);
};
using BotGameTable = store::Table<BotGameCodec>;

// Stages into `tx` game `id`'s entry when a bot (bot_registry.hpp is_bot_address) plays in
// `meta`; nothing otherwise. For a new game, in the transaction that creates it.
void index_bot_game(const store::Store& store, store::Transaction& tx, store::GameId id,
                    const GameMeta& meta);
// Stages into `tx` the erasure of game `id`'s entry, when the store (with `tx`) holds one. In
// the transaction that ends the game.
void unindex_bot_game(const store::Store& store, store::Transaction& tx, store::GameId id);

// True when the store holds the index (its mark is set).
bool bot_game_index_built(const store::Store& store);

// The games in progress where the bot at `address` (any case) plays, ascending; an empty
// `address`: those of every bot. From the index when it is built; else by a walk of every
// game.ini and the record's Result tag (no replay). Errors: the games list or an index record
// cannot be read (named).
core::Result<std::vector<store::GameId>, core::Error> games_with_bots(const store::Store& store,
                                                                      const std::string& address);

// Stages into `tx` the index's build when the store has none (the walk above: every entry, the
// erasure of any other, and the mark; the caller commits `tx`, the daemon's open). Returns true
// when it staged the build; false when the index is built or the store holds no game yet.
// Errors: the games list cannot be read (the store's kind).
core::Result<bool, core::Error> ensure_bot_game_index(const store::Store& store,
                                                      store::Transaction& tx);

}  // namespace ck::league
