// The game-start mails (game_start_mail.hpp).
#include "daemon/game_start_mail.hpp"

#include <optional>

#include "core/log.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/receipt_line.hpp"
#include "league/game_clock.hpp"
#include "league/ratings.hpp"

namespace ck::daemon {

using league::clock_control;
using league::CreatedGame;
using league::GameMeta;
using league::StoredGame;
using rules::Color;

core::Result<void, core::Error> queue_game_start_mails(const GameDesk& desk,
                                                       const CreatedGame& created,
                                                       const StartEvent& event,
                                                       store::Transaction& tx) {
    const std::string gid = to_string(created.id);
    const StoredGame& game = created.game;
    const GameMeta& meta = game.meta;
    std::optional<compose::Deadline> first_deadline;
    if (created.first_deadline) first_deadline = compose::Deadline{*created.first_deadline};
    auto rating_lines = start_rating_lines(desk.store, desk.players, meta, &tx);
    if (!rating_lines) return core::unexpected(rating_lines.error());
    for (Color c : {Color::White, Color::Black}) {
        auto env = game_envelope(desk, created.id, meta, c, "", tx);
        if (!env) return core::unexpected(env.error());
        env->ratings = *rating_lines;
        env->time_control = clock_control(meta) ? meta.time : std::string();
        if (!event.tournament.empty()) {
            env->event_name = event.event;
            env->event_id = event.tournament;
            env->event_round = event.round;
        }
        add_receipt(*env, game);  // receipt_line.hpp
        // A mail of its own: a challenge accepted by mail gets its other answers apart.
        CK_TRY(queue_own_mail(
            tx, desk.config, meta.address(c),
            compose::game_start_mail(desk.templates, *env, game.game.view(c),
                                     c == Color::White ? first_deadline : std::nullopt)));
    }
    core::operator_log().info("game " + gid + " created: " + meta.variant +
                              (meta.hidden ? " hidden" : "") + ", " + meta.white + " - " +
                              meta.black);
    return {};
}

}  // namespace ck::daemon
