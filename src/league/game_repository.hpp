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

    // Lending, for a game session (game_session.hpp) that changes the game and saves it: the
    // game moves out and back instead of being copied out by load() and in by save() (at ply
    // 300 the rulings, pictures and receipts of a game are copied in microseconds, not
    // nanoseconds; README "Benchmarks", the serve row).
    //   take        the game as load() gives it, moved out of the cache: until it is given
    //               back, a load or peek of the game replays it
    //   save_lent   save() without keeping a copy: the texts staged are remembered for the
    //               game that will be given back
    //   give_back   the lent game, exactly as it was taken or last passed to save_lent (the
    //               caller's promise: a game changed after that must not be given back); kept
    //               under the texts it was lent or saved with, so a commit that failed makes
    //               the next load replay, as after save()
    // Each take is a new lease: only the game of the latest lease of a game is kept back (two
    // sessions of one game at once: the other's give_back and save_lent keep nothing).
    struct Lease {
        StoredGame game;
        std::uint64_t number = 0;  // this lending; 0: nothing to give back
    };
    core::Result<Lease, core::Error> take(const store::Store& store, store::GameId id);
    core::Result<void, core::Error> save_lent(store::Transaction& tx, store::GameId id,
                                              std::uint64_t lease, const StoredGame& g);
    void give_back(store::GameId id, std::uint64_t lease, StoredGame g);

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
    // A lent game's texts (as taken, or as save_lent staged them with the meta it saved).
    struct Lent {
        std::string ini;
        std::string record;
        std::optional<GameMeta> saved_meta;
        std::uint64_t lease = 0;
    };
    // Stages the four files of `g` in `tx`; the ini and record texts and the meta saved.
    core::Result<Lent, core::Error> stage(store::Transaction& tx, store::GameId id,
                                          const StoredGame& g);
    // Keeps `g` (dropping the least recently used game when full) and gives it back.
    StoredGame& keep(store::GameId id, std::string ini, std::string record, StoredGame g);

    std::size_t capacity_;
    std::map<store::GameId, Kept> kept_;
    std::uint64_t tick_ = 0;
    std::uint64_t kept_loads_ = 0;
    std::uint64_t replays_ = 0;
    std::set<store::GameId> saved_;
    std::map<store::GameId, Lent> lent_;
    std::uint64_t leases_ = 0;
    std::optional<StoredGame> uncached_;  // peek's game when capacity_ is 0
};

}  // namespace ck::league
