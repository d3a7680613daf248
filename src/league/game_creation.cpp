// A new game in the store (game_creation.hpp).
#include "league/game_creation.hpp"

#include "league/bot_games.hpp"
#include "league/deadline_index.hpp"
#include "league/game_clock.hpp"

namespace ck::league {

core::Result<CreatedGame, core::Error> create_game(const GameSpec& spec, const GameDefaults& club,
                                                   const Players& players, store::Store& store,
                                                   GameRepository& games, store::Transaction& tx) {
    GameMeta meta;
    meta.hidden = spec.hidden;
    CK_TRY(resolve_variant(spec.variant, meta));
    CK_TRY(check_rule_set(spec.rules, meta.hidden));
    meta.rules = spec.rules;
    const Player* w = players.find(spec.white);
    const Player* b = players.find(spec.black);
    if (!w)
        return core::unexpected(core::invalid_error("white " + players.not_registered(spec.white)));
    if (!b)
        return core::unexpected(core::invalid_error("black " + players.not_registered(spec.black)));
    if (w == b) return core::unexpected(core::invalid_error("white and black must differ"));
    meta.white = w->address;
    meta.black = b->address;
    meta.created = core::format_iso8601(tx.now());
    meta.rated = spec.rated.value_or(club.rated);
    if (spec.time.empty()) {
        meta.time = format_time_control(club.time);
    } else {
        auto tc = parse_time_control(spec.time);
        if (!tc) return core::unexpected(core::invalid_error(tc.error().message));
        meta.time = format_time_control(*tc);
    }
    const store::GameId id = store.new_game_id();
    RecordTags tags;
    tags.event = spec.event.empty() ? "Crazykrieg game " + to_string(id) : spec.event;
    tags.round = spec.round;
    tags.site = club.site;
    tags.white_name = w->name;
    tags.black_name = b->name;
    if (auto tc = parse_time_control(meta.time)) tags.time_control = pgn_time_control(*tc);
    auto game = start_game(meta, tags);
    if (!game) return core::unexpected(game.error());

    CK_TRY(games.save(tx, id, *game));
    CreatedGame created{id, std::move(*game), std::nullopt};
    index_bot_game(store, tx, id, meta);  // bot_games.hpp
    // White's clock starts with the game-start mail (game_clock.hpp).
    if (auto tc = clock_control(meta); tc) {
        save_clock(tx, id, initial_clock(*tc, *core::parse_iso8601(meta.created)));
        auto at = game_deadline(store, id, created.game, &tx);
        if (at && *at) {
            created.first_deadline = **at;
            index_deadline(store, tx, id, **at);  // deadline_index.hpp
        }
    }
    return created;
}

}  // namespace ck::league
