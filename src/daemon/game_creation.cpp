// A new game (Daemon::new_game, Daemon::stage_game; mail_pass.hpp): the game in the store
// (league/game_creation.hpp: its record and files, its clock and deadline entry) and both
// game-start mails, staged in one transaction.
#include <optional>

#include "core/log.hpp"
#include "daemon/game_turn.hpp"
#include "daemon/league_names.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/receipt_line.hpp"
#include "league/game_clock.hpp"
#include "league/game_creation.hpp"
#include "league/game_files.hpp"
#include "league/ratings.hpp"

namespace ck::daemon {

using rules::Color;

core::Result<store::GameId, core::Error> Daemon::new_game(const NewGame& spec,
                                                          const core::Clock& clock) {
    store::Transaction tx(clock.now());
    auto id = stage_game(spec, tx);
    if (!id) return id;
    auto committed = store_.commit(tx);
    if (!committed) return core::unexpected(core::from_io(committed.error()));
    return id;
}

core::Result<store::GameId, core::Error> Daemon::stage_game(const NewGame& spec,
                                                            store::Transaction& tx) {
    const GameSpec& game_spec = spec;
    const GameDefaults club{config_.rated, config_.default_time, config_.referee_address};
    auto created = create_game(game_spec, club, players_, store_, games_, tx);
    if (!created) return core::unexpected(created.error());
    const store::GameId id = created->id;
    const std::string gid = to_string(id);
    const StoredGame* game = &created->game;
    const GameMeta& meta = game->meta;
    std::optional<compose::Deadline> first_deadline;
    if (created->first_deadline) first_deadline = compose::Deadline{*created->first_deadline};
    const GameDesk desk{config_, players_, store_, templates_, secret_, games_};
    auto rating_lines = start_rating_lines(store_, players_, meta, &tx);
    if (!rating_lines) return core::unexpected(rating_lines.error());
    for (Color c : {Color::White, Color::Black}) {
        auto env = game_envelope(desk, id, meta, c, "", tx);
        if (!env) return core::unexpected(env.error());
        env->ratings = *rating_lines;
        env->time_control = clock_control(meta) ? meta.time : std::string();
        if (!spec.tournament.empty()) {
            env->event_name = spec.event;
            env->event_id = spec.tournament;
            env->event_round = spec.round;
        }
        add_receipt(*env, *game);  // receipt_line.hpp
        // A mail of its own: a challenge accepted by mail gets its other answers apart.
        CK_TRY(queue_own_mail(
            tx, config_, meta.address(c),
            compose::game_start_mail(templates_, *env, game->game.view(c),
                                     c == Color::White ? first_deadline : std::nullopt)));
    }
    core::operator_log().info("game " + gid + " created: " + meta.variant +
                              (meta.hidden ? " hidden" : "") + ", " + meta.white + " - " +
                              meta.black);
    return id;
}

}  // namespace ck::daemon
