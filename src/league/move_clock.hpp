#pragma once
// A move's effect on the game's clock (README "Time controls"): the mover's clock.ini after the
// move and the opponent's new deadline in the deadline index (deadline_index.hpp), staged in the
// move's transaction. Above both the clock (game_clock.hpp) and the index, which reads clocks.
#include <optional>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_files.hpp"
#include "rules/types.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// Called when `mover`'s turn in `g` ended by a move committed in `tx` (the game not over),
// whose mail reached the source at `arrived` (counted_arrival; nullopt: tx.now()): queues the
// new clock.ini into `tx`.
core::Result<void, core::Error> clock_after_move(const store::Store& store, store::Transaction& tx,
                                                 store::GameId id, const StoredGame& g,
                                                 rules::Color mover,
                                                 std::optional<core::TimePoint> arrived = {});
// It also indexes the opponent's deadline (deadline_index.hpp index_deadline).

}  // namespace ck::league
