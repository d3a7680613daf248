#include "daemon/clock_pass.hpp"

#include <algorithm>
#include <string>

#include "core/log.hpp"
#include "daemon/game_end.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/receipt_line.hpp"
#include "daemon/reminder_schedule.hpp"
#include "league/deadline_index.hpp"
#include "league/game_clock.hpp"
#include "league/game_session.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {

using league::clock_control;
using league::counted_arrival;
using league::deadline_of;
using league::games_due;
using league::GameSession;
using league::index_deadline;
using league::LeaveBook;
using league::load_clock;
using league::Player;
using league::PlayerSettings;
using league::raise_watermark;
using league::reminder_offsets;
using league::save_clock;
using league::StoredGame;

namespace {

using rules::Color;

enum class Event { None, Reminder, Forfeit };

// What one visit of a game may do: at the pass (reminders; a deadline before `now` and before
// `hold` is lost), or before a mail that arrived at `arrived` (a deadline before it is lost).
struct Visit {
    core::TimePoint now;
    std::optional<core::TimePoint> hold;
    std::optional<core::TimePoint> arrived;
};

// The effects of one game into `tx`.
core::Result<Event, core::Error> clock_game(const GameDesk& desk, store::GameId id,
                                            store::Transaction& tx, const Visit& at) {
    const core::TimePoint now = at.now;
    // A look at the kept game (no copy: most visits, one before every move mail, change
    // nothing); a session is opened only to end the game on time. `g` is not used after that.
    auto kept = desk.games.peek(desk.store, id);
    if (!kept) return core::unexpected(kept.error());
    const StoredGame& g = **kept;
    const auto tc = clock_control(g.meta);
    if (!tc || g.game.over()) {
        index_deadline(desk.store, tx, id, std::nullopt);  // a stale entry (deadline_index.hpp)
        return Event::None;
    }
    auto state = load_clock(desk.store, id, g.meta);
    if (!state) return core::unexpected(state.error());
    auto book = LeaveBook::load(desk.store, &tx);
    if (!book) return core::unexpected(book.error());
    const Color late = g.game.side_to_move();
    const core::TimePoint deadline =
        deadline_of(*state, *tc, late, book->periods(g.meta.address(late)));
    const std::string gid = to_string(id);
    const core::TimePoint cutoff = at.arrived
                                       ? counted_arrival(*state, *at.arrived, now)
                                       : (at.hold ? counted_arrival(*state, *at.hold, now) : now);
    if (deadline < cutoff) {
        // Lost on time: the one game-end path (game_end.hpp), the late side's mail first.
        auto session = GameSession::open(desk.games, desk.store, id);
        if (!session) return core::unexpected(session.error());
        if (auto e = session->end_by_time(); !e) return core::unexpected(e.error());
        auto settled =
            settle_game(desk, *session, EndMailing{late, "", "g" + gid + "-forfeit"}, tx);
        if (!settled) return core::unexpected(settled.error());
        return Event::Forfeit;
    }
    if (at.arrived) return Event::None;            // no reminder before a mail
    index_deadline(desk.store, tx, id, deadline);  // early after a leave: now the true one
    // The player's own reminder offsets, else the club's (reminder_schedule.hpp).
    const Player* on_move = desk.players.find(g.meta.address(late));
    const auto due = reminder_due(
        reminder_offsets(on_move ? on_move->settings : PlayerSettings{}, desk.config.reminder_days),
        state->reminded, deadline, now);
    if (due) {
        auto env = game_envelope(desk, id, g.meta, late, "", tx);
        if (!env) return core::unexpected(env.error());
        add_receipt(*env, g);
        auto q = queue_mail(tx, desk.config, g.meta.address(late),
                            compose::reminder_mail(desk.templates, *env, g.game.view(late),
                                                   compose::Deadline{deadline}));
        if (!q) return core::unexpected(q.error());
        state->reminded = *due;
        save_clock(tx, id, *state);
        return Event::Reminder;
    }
    return Event::None;
}

}  // namespace

core::Result<bool, core::Error> forfeit_before_mail(const GameDesk& desk, store::Store& store,
                                                    store::GameId id, core::TimePoint now,
                                                    core::TimePoint arrived) {
    store::Transaction tx(now);
    auto event = clock_game(desk, id, tx, Visit{now, std::nullopt, arrived});
    if (!event) return core::unexpected(event.error());
    if (tx.empty()) return false;
    if (auto committed = store.commit(tx); !committed)
        return core::unexpected(
            core::from_io(committed.error(), "commit: " + committed.error().message));
    if (*event == Event::Forfeit)
        core::operator_log().info("game " + to_string(id) +
                                  ": lost on time before the mail arrived");
    return *event == Event::Forfeit;
}

ClockReport run_clock_pass(const GameDesk& desk, store::Store& store, core::TimePoint now,
                           std::optional<core::TimePoint> hold) {
    ClockReport report;
    const Visit visit{now, hold, std::nullopt};
    auto& log = core::operator_log();
    // Only the games whose deadline, or reminder, is due (deadline_index.hpp).
    const core::TimePoint horizon = now + reminder_reach(desk.players, desk.config.reminder_days);
    const auto ids = games_due(store, horizon);
    for (const store::GameId id : ids) {
        const core::LogContext about_game("game " + to_string(id));
        store::Transaction tx(now);
        auto event = clock_game(desk, id, tx, visit);
        if (!event) {
            log.error("clock pass: game " + to_string(id) + ": " + event.error().detail);
            ++report.failed;
            continue;
        }
        if (*event == Event::None && tx.empty()) continue;
        auto committed = store.commit(tx);
        if (!committed) {
            log.error("clock pass: game " + to_string(id) +
                      ": commit failed: " + committed.error().describe());
            ++report.failed;
            continue;
        }
        if (*event == Event::None) continue;  // only the index entry was mended
        if (*event == Event::Forfeit) {
            ++report.forfeits;
            log.info("game " + to_string(id) + ": lost on time");
        } else {
            ++report.reminders;
            log.info("game " + to_string(id) + ": reminder sent");
        }
    }
    // The watermark moves on to the earliest entry left (deadline_index.hpp).
    store::Transaction tx(now);
    raise_watermark(store, tx, horizon);
    if (!tx.empty()) {
        if (auto committed = store.commit(tx); !committed) {
            log.error("clock pass: deadline watermark: " + committed.error().describe());
            ++report.failed;
        }
    }
    return report;
}

}  // namespace ck::daemon
