// A move's effect on the game's clock (move_clock.hpp).
#include "league/move_clock.hpp"

#include "league/deadline_index.hpp"
#include "league/game_clock.hpp"
#include "league/leave_book.hpp"

namespace ck::league {

using rules::Color;

core::Result<void, core::Error> clock_after_move(const store::Store& store, store::Transaction& tx,
                                                 store::GameId id, const StoredGame& g, Color mover,
                                                 std::optional<core::TimePoint> arrived) {
    const auto tc = clock_control(g.meta);
    if (!tc) return {};
    auto s = load_clock(store, id, g.meta);
    if (!s) return core::unexpected(s.error());
    auto book = LeaveBook::load(store, &tx);
    if (!book) return core::unexpected(book.error());
    const core::TimePoint moved = arrived ? counted_arrival(*s, *arrived, tx.now()) : tx.now();
    const ClockState next =
        after_move(*s, *tc, mover, tx.now(), book->periods(g.meta.address(mover)), moved);
    save_clock(tx, id, next);
    // The opponent's turn starts: their deadline may be earlier than the entry (deadline_index).
    index_deadline(store, tx, id,
                   deadline_of(next, *tc, ~mover, book->periods(g.meta.address(~mover))));
    return {};
}

}  // namespace ck::league
