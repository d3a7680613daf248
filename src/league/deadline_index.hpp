#pragma once
// The deadline index: the store's typed namespace `deadlines` (store/state.hpp), one record a
// timed game in progress, keyed by its id, holding the deadline of its side to move. It lets
// the clock pass (clock_pass.hpp) touch only the games whose deadline is near instead of
// replaying every game of the store.
// Invariant: a timed game in progress has an entry NO LATER than its true deadline. Entries are
// written in the transaction that changes the deadline to an earlier instant: a new game
// (Daemon::stage_game) and a move (a TurnPassed event, event_effects.hpp); a game's end erases its
// entry (the game-end path, game_end.hpp). Changes that only move a deadline later (a leave) may
// leave an entry early, and a store from before the game-end path may hold stale entries of ended
// games: the clock pass visits that game when the entry is due, finds nothing to do, and writes the
// true deadline (or erases the entry) then.
// A store without the index (written before it; the mark meta/deadline-index is missing) gets
// it built once by ensure_deadline_index, in the daemon's open's transaction (Daemon::open).
// The watermark meta/next-deadline is an instant NO LATER than every entry (it may be earlier):
// a write of an entry earlier than it lowers it in the same transaction, and games_due reads
// the entries only once the watermark is due, so an idle pass costs the same over one game or
// thousands. The clock pass raises it again to the earliest entry it leaves (raise_watermark).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// An instant kept in namespace `N`: the ISO 8601 time and "\n". A deadlines record, and the
// watermark meta/next-deadline.
std::string encode_instant(const core::TimePoint& t);
core::Result<core::TimePoint, std::string> decode_instant(std::string_view body);
template <const store::Namespace& N>
struct InstantCodec {
    using Value = core::TimePoint;
    static constexpr store::Namespace ns = N;
    static constexpr int version = 1;
    static std::string encode(const core::TimePoint& t) { return encode_instant(t); }
    static core::Result<core::TimePoint, std::string> decode(std::string_view body) {
        return decode_instant(body);
    }
};
// The deadline index: game id -> its next deadline.
inline constexpr store::Namespace DeadlineNamespace{"deadlines"};
using DeadlineTable = store::Table<InstantCodec<DeadlineNamespace>>;

// Queues game `id`'s entry into `tx` (nullopt: erases it), unless the store (with `tx`) already
// holds exactly that.
void index_deadline(const store::Store& store, store::Transaction& tx, store::GameId id,
                    std::optional<core::TimePoint> deadline);

// The games whose indexed deadline is at or before `t`, ascending (an unreadable entry counts as
// due: the clock pass then rewrites it); none, without reading the entries, while the
// watermark is after `t`.
std::vector<store::GameId> games_due(const store::Store& store, core::TimePoint t);
// When the watermark is missing or at or before `t`: queues into `tx` the earliest entry the
// store holds (with `tx`'s writes) as the watermark, when that differs from the stored one (no
// entry: the watermark is erased). The clock pass calls it after the games due at `t`.
void raise_watermark(const store::Store& store, store::Transaction& tx, core::TimePoint t);

class GameRepository;
// Stages into `tx` the index's build when the store has none (a store upgrade: the caller
// commits `tx`, the daemon's open): every timed game in progress is loaded once, through
// `games` (which keeps them for the passes that follow), its entry and the mark are staged.
// Returns true when it staged the build; false when the index is built or the store holds no
// game yet. A store that cannot be listed keeps its kind (core::from_io); a game's clock that
// cannot be read, its own.
core::Result<bool, core::Error> ensure_deadline_index(const store::Store& store,
                                                      GameRepository& games,
                                                      store::Transaction& tx);

}  // namespace ck::league
