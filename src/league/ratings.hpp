#pragma once
// Ratings in the daemon (README "Ratings"): each pool is a record of the store's `ratings`
// namespace (store/state.hpp), keyed by the pool's name (RatingPoolCodec; club/ratings.hpp has
// the body's format). A rated game's
// end is rated by rate_game_end in the SAME transaction that saves the game's end (the callers
// are those of daemon/game_end.hpp settle_game, through event_effects.hpp), so the rating
// and the result commit together, in the commit order of the games' ends. A staged write of
// the pool in the transaction (two games ending in one clock pass) is read back from there.
#include <optional>
#include <string>
#include <vector>

#include "club/crosstable.hpp"
#include "club/ratings.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_files.hpp"
#include "league/game_outcome.hpp"
#include "league/players.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// A ratings record: "ck-ratings 1" (the table's version line), then club::format_pool's lines.
// The decoded pool has no name: the record's key is it (load_pool sets it).
struct RatingPoolCodec {
    using Value = club::RatingPool;
    static constexpr store::Namespace ns{"ratings"};
    static constexpr int version = 1;
    static std::string encode(const club::RatingPool& pool) { return club::format_pool(pool); }
    static core::Result<club::RatingPool, std::string> decode(std::string_view body) {
        return club::parse_pool("", std::string(body));
    }
};
using RatingPoolTable = store::Table<RatingPoolCodec>;

// The pool's state; a pool nobody has played in yet is empty. `pending` (may be null): a
// transaction whose write of the pool wins over the store's.
// Its error is a record that cannot be read: Corrupt (record_error.hpp).
core::Result<club::RatingPool, core::Error> load_pool(const store::Store& store,
                                                      const std::string& pool,
                                                      const store::Transaction* pending = nullptr);
void save_pool(store::Transaction& tx, const club::RatingPool& pool);

// The pool of a game.
std::string pool_of(const GameMeta& meta);

// When `g` is a rated game that ended with `outcome` and is not rated yet: rates it (one period
// for both players, from both players' values before it), queues the pool into `tx` and
// returns the lines the game-end mails show ("Ratings (crazyhouse):", "  Ann: 1500? -> 1662?
// (+162)", ...). Casual, in progress, or rated already: no lines, nothing written.
core::Result<std::vector<std::string>, core::Error> rate_game_end(
    const store::Store& store, const Players& players, store::GameId id, const StoredGame& g,
    const GameOutcome& outcome, store::Transaction& tx);

// The game-start line of a rated game: "Rated game (crazyhouse): Ann (1623) vs Ben (1500?)",
// White first. Casual: none.
core::Result<std::vector<std::string>, core::Error> start_rating_lines(
    const store::Store& store, const Players& players, const GameMeta& meta,
    const store::Transaction* pending = nullptr);

// The registered name of `address`, else the address.
std::string display_name(const Players& players, const std::string& address);

// A pool's ranked list as monospace lines: "  1. Ann Smith              1623   12 games".
std::vector<std::string> ranked_lines(const club::RatingPool& pool, const Players& players);

// The rating column of an event's crosstables (club/crosstable.hpp): every player's current
// label in the pool of the event's games, when they are rated (as the event's first started
// game says: game.ini, `pending` first); nullopt for a casual event or one not started.
core::Result<std::optional<club::RatingLabels>, core::Error> event_rating_labels(
    const store::Store& store, const club::Tournament& t,
    const store::Transaction* pending = nullptr);

// What the `ratings [POOL]` mail shows: every pool that has ratings (in pool_names order), or
// the one asked for (lower-cased; an unknown name or an empty pool gives no pools: the mail
// says no rated game has ended in it). A pool that cannot be read is Corrupt.
core::Result<club::RatingsDetails, core::Error> ratings_details(const store::Store& store,
                                                                const Players& players,
                                                                const std::string& asked);

}  // namespace ck::league
