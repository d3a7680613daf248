// Knockouts and group stages by mail (knockout_rounds.hpp).
#include "daemon/knockout_rounds.hpp"

#include <algorithm>

#include "club/knockout.hpp"
#include "club/ratings.hpp"
#include "league/game_files.hpp"
#include "league/ratings.hpp"

namespace ck::daemon {

using league::GameMeta;
using league::load_pool;
using league::pool_of;

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
