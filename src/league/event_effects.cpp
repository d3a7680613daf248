// The consequences of a game's events inside the store (event_effects.hpp).
#include "league/event_effects.hpp"

#include "league/bot_games.hpp"
#include "league/conditional_book.hpp"
#include "league/deadline_index.hpp"
#include "league/ratings.hpp"
#include "league/tournament_effects.hpp"

namespace ck::league {

core::Result<AppliedEffects, core::Error> apply_game_events(
    const store::Store& store, const Players& players, store::GameId id, const StoredGame& g,
    const GameEvents& events, store::Transaction& tx, const GameCreator* create) {
    AppliedEffects out;
    for (const GameEvent& event : events) {
        if (const auto* turn = std::get_if<TurnPassed>(&event)) {
            if (turn->deadline) index_deadline(store, tx, id, turn->deadline);
        } else if (const auto* ended = std::get_if<GameEnded>(&event)) {
            auto lines = rate_game_end(store, players, id, g, ended->outcome, tx);
            if (!lines) return core::unexpected(lines.error());
            out.rating_lines = std::move(*lines);
            index_deadline(store, tx, id, std::nullopt);
            unindex_bot_game(store, tx, id);
            if (auto c = clear_conditionals(store, tx, id, g.game.hidden()); !c)
                return core::unexpected(c.error());
            auto tournament = record_game_end(store, create, *ended, tx);
            if (!tournament) return core::unexpected(tournament.error());
            for (TournamentEvent& e : *tournament) out.tournament.push_back(std::move(e));
        }
    }
    return out;
}

}  // namespace ck::league
