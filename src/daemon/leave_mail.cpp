#include "daemon/leave_mail.hpp"

#include "core/log.hpp"
#include "core/text.hpp"
#include "daemon/games_list.hpp"
#include "daemon/queue_mail.hpp"
#include "league/game_clock.hpp"
#include "league/leave_book.hpp"
#include "league/players.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::game_deadline;
using league::Leave;
using league::LeaveBook;
using league::parse_game_ini;
using league::StoredGame;

namespace {

using rules::Color;

}  // namespace

core::Result<void, core::Error> answer_leave(const GameDesk& desk, const std::string& address,
                                             int days, const std::string& message_id,
                                             const std::string& discriminator,
                                             store::GameId current_id, const StoredGame* current,
                                             store::Transaction& tx) {
    auto& log = core::operator_log();
    auto book = LeaveBook::load(desk.store, &tx);
    if (!book) return core::unexpected(book.error());
    const int allowance = desk.config.leave_days_per_year;
    auto booked = book->book(address, days, tx.now(), allowance, message_id, tx);
    const ClubDesk club{desk.config, desk.players, desk.store, desk.templates, &desk.games};
    if (!booked) {
        if (!booked.error().refused)
            return core::unexpected(core::invalid_error(booked.error().message));
        log.info("leave of " + address + " refused: " + booked.error().message);
        // The line as the player wrote it, and the reason apart from it.
        const auto env = club_envelope(club, address, discriminator, tx);
        return queue_mail(tx, desk.config, address,
                          compose::unknown_command_mail(
                              desk.templates, env, nullptr,
                              compose::UnknownCommandDetails{
                                  "leave " + std::to_string(days),
                                  "No leave was booked: " + booked.error().message + "."},
                              compose::HelpDetails{desk.config.referee_address}));
    }
    const Leave& leave = booked->leave;
    log.info("leave of " + address + ": " + std::to_string(leave.days) + " days from " +
             core::format_iso8601(leave.start));
    const std::string me = lower_ascii(address);
    auto ids = desk.store.list_games();
    if (!ids)
        return core::unexpected(core::from_io(ids.error(), "leave: " + ids.error().describe()));
    std::size_t games = 0;
    for (const store::GameId id : *ids) {
        auto ini = desk.store.read_game_file(id, "game.ini");
        if (!ini) continue;
        auto meta = parse_game_ini(*ini);
        if (!meta) continue;
        const bool white = lower_ascii(meta->white) == me;
        if (!white && lower_ascii(meta->black) != me) continue;
        std::optional<StoredGame> loaded;
        const StoredGame* g = current && id == current_id ? current : nullptr;
        if (!g) {
            auto l = desk.games.load(desk.store, id);
            if (!l) {
                log.error("leave: game " + to_string(id) + ": " + l.error().detail);
                continue;
            }
            loaded.emplace(std::move(*l));
            g = &*loaded;
        }
        if (g->game.over()) continue;
        ++games;
        const Color mine = white ? Color::White : Color::Black;
        // The deadline as the leave just booked (in `tx`) moves it (game_clock.hpp).
        auto deadline = game_deadline(desk.store, id, *g, &tx);
        if (!deadline) return core::unexpected(deadline.error());
        compose::LeaveDetails details{mine, leave.days, leave.end, std::nullopt};
        if (*deadline) details.deadline = compose::Deadline{**deadline};
        for (Color c : {mine, ~mine}) {
            auto env = game_envelope(desk, id, g->meta, c, discriminator, tx);
            if (!env) return core::unexpected(env.error());
            auto q = queue_mail(
                tx, desk.config, g->meta.address(c),
                compose::leave_notice_mail(desk.templates, *env, g->game.view(c), details));
            if (!q) return q;
        }
    }
    if (games == 0) return queue_games_list(club, address, discriminator, tx);
    return {};
}

}  // namespace ck::daemon
