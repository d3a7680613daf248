#pragma once
// The games of the store as the daemon's pass uses them (docs/design.md "Load once, derive in
// memory"; README "Storage"). load() gives a game replayed from its record (game_files.hpp
// load_game), or, when the store still holds exactly the game.ini and record.pgn a kept game was
// saved or loaded with (compared byte for byte, staged writes of a running group included), that
// kept game without a replay. save() stages the game's four files in a transaction, deriving
// both player records from the rulings in memory (pgn::RecordBuilder::player_record), and keeps
// the game for the next load.
//
// A kept game is used only while the store's texts equal the ones it was kept with, so a commit
// that fails, an aborted group, or a writer that went around the repository (the command line,
// a migration) never makes load() return a stale game: it replays the record instead. Holds at
// most `capacity` games (the least recently used is dropped). Not thread-safe, like the store.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_files.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

class GameRepository {
public:
    explicit GameRepository(std::size_t capacity = 256) : capacity_(capacity) {}

    // The game `id` as the store holds it now (errors: load_game's).
    core::Result<StoredGame, core::Error> load(const store::Store& store, store::GameId id);
    // The same without the copy, for a look that changes nothing (the clock's check before a
    // mail): the kept game itself, valid until the next call of load, peek or save.
    core::Result<const StoredGame*, core::Error> peek(const store::Store& store, store::GameId id);
    // Queues game.ini, record.pgn, white.pgn and black.pgn of `g` in `tx` and keeps `g`.
    core::Result<void, core::Error> save(store::Transaction& tx, store::GameId id,
                                         const StoredGame& g);

    // The games save() staged since the last call, and forgets them (bot_turns.hpp: the games
    // a pass may have handed to a bot). A save whose transaction did not commit is listed too.
    std::set<store::GameId> take_saved() { return std::exchange(saved_, {}); }

    // Loads that did not need a replay, and those that did (for tests and the bench).
    std::uint64_t kept_loads() const { return kept_loads_; }
    std::uint64_t replays() const { return replays_; }

private:
    struct Kept {
        std::string ini;
        std::string record;
        StoredGame game;
        std::uint64_t used = 0;
    };
    // Keeps `g` (dropping the least recently used game when full) and gives it back.
    StoredGame& keep(store::GameId id, std::string ini, std::string record, StoredGame g);

    std::size_t capacity_;
    std::map<store::GameId, Kept> kept_;
    std::uint64_t tick_ = 0;
    std::uint64_t kept_loads_ = 0;
    std::uint64_t replays_ = 0;
    std::set<store::GameId> saved_;
    std::optional<StoredGame> uncached_;  // peek's game when capacity_ is 0
};

}  // namespace ck::league
