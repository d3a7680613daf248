// Knockouts and group stages by mail (knockout_rounds.hpp).
#include "daemon/knockout_rounds.hpp"

#include <algorithm>

#include "club/knockout.hpp"
#include "club/ratings.hpp"
#include "core/log.hpp"
#include "daemon/standings_mail.hpp"
#include "daemon/swiss_rounds.hpp"
#include "league/game_files.hpp"
#include "league/ratings.hpp"

namespace ck::daemon {

using league::GameMeta;
using league::load_pool;
using league::pool_of;
using league::resolve_variant;

core::Result<std::size_t, core::Error> advance_stages(const ClubDesk& desk, club::Tournament& t,
                                                      store::Transaction& tx) {
    if (!club::is_staged(t) || t.entries_open) return std::size_t{0};
    std::size_t started = 0;
    // A pass may make more due (never in practice: a new match needs games played); bounded.
    for (int pass = 0; pass < 4 && club::extend_stages(t) > 0; ++pass) {
        for (club::Pairing& p : t.pairings) {
            if (p.game) continue;
            if (!desk.start)
                return core::unexpected(
                    core::invalid_error("tournament " + t.id +
                                        ": its next matches cannot start here (no game starter)"));
            auto id = desk.start(tournament_game(t, p), tx);
            if (!id)
                return core::unexpected(core::Error{
                    id.error().kind, "tournament " + t.id + ": round " + std::to_string(p.round) +
                                         ": " + id.error().detail});
            p.game = *id;
            ++started;
        }
    }
    if (started == 0) return started;
    core::operator_log().info("tournament " + t.id + ": " + std::to_string(started) +
                              " games started (" + club::stage_status(t) + ")");
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        const std::string disc =
            "stage-" + t.id + "-" + std::to_string(t.pairings.size()) + "-" + std::to_string(i + 1);
        CK_TRY(
            queue_standings(desk, t.players[i].address, {t}, false, std::string(), disc, tx, true));
    }
    return started;
}

core::Result<void, core::Error> seed_by_rating(const store::Store& store, club::Tournament& t) {
    if (!club::is_staged(t) || !t.pairings.empty()) return {};
    GameMeta meta;
    meta.hidden = t.settings.hidden;
    if (auto v = resolve_variant(t.settings.variant, meta); !v) return core::unexpected(v.error());
    auto pool = load_pool(store, pool_of(meta));
    if (!pool) return core::unexpected(pool.error());
    std::vector<std::pair<double, club::Player>> rated;
    for (club::Player& p : t.players)
        rated.emplace_back(club::current(&*pool, p.address).rating, std::move(p));
    std::stable_sort(rated.begin(), rated.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    t.players.clear();
    for (auto& r : rated) t.players.push_back(std::move(r.second));
    return {};
}

}  // namespace ck::daemon
