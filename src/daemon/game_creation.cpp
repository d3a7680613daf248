// A new game (Daemon::new_game, Daemon::stage_game; mail_pass.hpp): its record and files, its
// clock and deadline entry, and both game-start mails, staged in one transaction.
#include <optional>

#include "core/log.hpp"
#include "daemon/deadline_index.hpp"
#include "daemon/game_clock.hpp"
#include "daemon/game_files.hpp"
#include "daemon/game_turn.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/ratings.hpp"
#include "daemon/receipt_line.hpp"
#include "daemon/time_control.hpp"

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
    GameMeta meta;
    meta.hidden = spec.hidden;
    if (auto v = resolve_variant(spec.variant, meta); !v)
        return core::unexpected(core::invalid_error(v.error()));
    auto rules = resolve_rule_set(spec.rules, meta.hidden);
    if (!rules) return core::unexpected(core::invalid_error(rules.error()));
    meta.rules = *rules;
    const Player* w = players_.find(spec.white);
    const Player* b = players_.find(spec.black);
    if (!w)
        return core::unexpected(
            core::invalid_error("white " + spec.white + " is not a registered player"));
    if (!b)
        return core::unexpected(
            core::invalid_error("black " + spec.black + " is not a registered player"));
    if (w == b) return core::unexpected(core::invalid_error("white and black must differ"));
    meta.white = w->address;
    meta.black = b->address;
    meta.created = core::format_iso8601(tx.now());
    meta.rated = spec.rated.value_or(config_.rated);
    if (spec.time.empty()) {
        meta.time = format_time_control(config_.default_time);
    } else {
        auto tc = parse_time_control(spec.time);
        if (!tc) return core::unexpected(core::invalid_error(tc.error().message));
        meta.time = format_time_control(*tc);
    }
    const store::GameId id = store_.new_game_id();
    const std::string gid = std::to_string(id);
    RecordTags tags;
    tags.event = spec.event.empty() ? "Crazykrieg game " + gid : spec.event;
    tags.round = spec.round;
    tags.site = config_.referee_address;
    tags.white_name = w->name;
    tags.black_name = b->name;
    if (auto tc = parse_time_control(meta.time)) tags.time_control = pgn_time_control(*tc);
    auto game = start_game(meta, tags);
    if (!game) return core::unexpected(game.error());

    CK_TRY(games_.save(tx, id, *game));
    // White's clock starts with the game-start mail (game_clock.hpp).
    std::optional<compose::Deadline> first_deadline;
    if (auto tc = clock_control(meta); tc) {
        save_clock(tx, id, initial_clock(*tc, *core::parse_iso8601(meta.created)));
        auto at = game_deadline(store_, id, *game, &tx);
        if (at && *at) {
            first_deadline = compose::Deadline{**at};
            index_deadline(store_, tx, id, **at);  // daemon/deadline_index.hpp
        }
    }
    const GameDesk desk{config_, players_, store_, templates_, secret_, games_};
    auto rating_lines = start_rating_lines(store_, players_, meta, &tx);
    if (!rating_lines) return core::unexpected(rating_lines.error());
    for (Color c : {Color::White, Color::Black}) {
        auto env = game_envelope(desk, gid, meta, c, "", tx);
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
