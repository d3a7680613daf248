// The site writer (site.hpp).
#include "site/site.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <system_error>
#include <vector>

#include "club/crosstable.hpp"
#include "core/atomic_file.hpp"
#include "core/log.hpp"
#include "league/game_files.hpp"
#include "league/game_repository.hpp"
#include "league/ratings.hpp"
#include "league/tournament_store.hpp"
#include "site/game_page.hpp"
#include "site/html_page.hpp"
#include "site/rating_pages.hpp"

namespace ck::site {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t RecentResults = 30;

// Writes `file` when its content changed; `written` (may be null): the hashes of what this
// process wrote last, so that a file written before is not read back to compare.
core::Result<void, std::string> put(const fs::path& file, const std::string& bytes,
                                    SiteReport& report,
                                    std::map<std::string, std::size_t>* written = nullptr) {
    const std::size_t hash = std::hash<std::string>{}(bytes);
    if (written) {
        if (auto it = written->find(file.string()); it != written->end() && it->second == hash) {
            ++report.unchanged;
            return {};
        }
    }
    if (auto old = core::read_file(file); old && *old == bytes) {
        ++report.unchanged;
        if (written) (*written)[file.string()] = hash;
        return {};
    }
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    if (ec) return core::unexpected(file.parent_path().string() + ": " + ec.message());
    // A page is derived from the store (a full `crazykrieg site` build writes it again): its
    // bytes are synced before the rename, but not the folder, so a crash may leave the page
    // before, never a torn one (core/atomic_file.hpp rename_into_place).
    if (auto w = core::rename_into_place(file, bytes); !w)
        return core::unexpected(file.string() + ": " + w.error().message);
    ++report.written;
    if (written) (*written)[file.string()] = hash;
    return {};
}

}  // namespace

core::Result<SiteReport, std::string> write_site(const store::Store& store,
                                                 const league::Players& players,
                                                 const compose::TemplateSet& words,
                                                 const fs::path& dir, SiteCache* cache) {
    SiteReport report;
    std::map<std::string, std::size_t>* const written = cache ? &cache->written_ : nullptr;
    std::vector<club::RatingPool> pools;
    std::map<std::string, const club::RatingPool*> by_name;
    for (const std::string& name : club::pool_names()) {
        auto pool = league::load_pool(store, name);
        if (!pool) return core::unexpected(pool.error());
        pools.push_back(std::move(*pool));
    }
    for (const auto& p : pools) by_name[p.name] = &p;

    auto ids = store.list_games();
    if (!ids) return core::unexpected(ids.error().message);
    std::string playing, results;
    std::size_t results_shown = 0;
    // A game's rendering depends on its files, its pool's ratings and its players' names.
    SiteCache::Game fresh;  // without a cache: the game in hand
    std::map<std::string, std::size_t> pool_hash;
    for (const auto& p : pools)
        if (const std::string* r = store.record(league::RatingPoolCodec::ns, p.name))
            pool_hash[p.name] = std::hash<std::string>{}(*r);
    // The players' names, hashed once per call (a call after one move looks at every game).
    std::map<std::string, std::size_t> name_hash;
    const auto name_of = [&](const std::string& address) -> std::size_t {
        auto it = name_hash.find(address);
        if (it != name_hash.end()) return it->second;
        const league::Player* p = players.find(address);
        const std::size_t h = p ? std::hash<std::string>{}(p->name) : 0;
        name_hash.emplace(address, h);
        return h;
    };
    const auto context_of = [&](const std::string& white, const std::string& black,
                                const std::string& pool) {
        return pool_hash[pool] ^ ((name_of(white) * 31 + name_of(black)) << 1);
    };
    for (auto it = ids->rbegin(); it != ids->rend(); ++it) {
        const store::GameId id = *it;
        const std::string gid = std::to_string(id);
        const SiteCache::Game* entry = nullptr;
        if (cache) {
            // A game not reported changed, with the same ratings and names: this cache wrote
            // its page (an entry is made only then), so nothing to read, replay or write.
            auto kept = cache->games_.find(id);
            if (kept != cache->games_.end() &&
                kept->second.context ==
                    context_of(kept->second.white, kept->second.black, kept->second.pool)) {
                ++report.unchanged;
                entry = &kept->second;
            }
        }
        if (!entry) {
            const fs::path html_file = dir / "games" / (gid + ".html");
            league::GameRepository* const games = cache ? cache->repository_ : nullptr;
            const std::uint64_t replays_before = games ? games->replays() : 0;
            auto g = games ? games->load(store, id) : league::load_game(store, id);
            report.replayed += games ? games->replays() - replays_before : 1;
            if (!g) {  // one broken game does not take the site down
                core::operator_log().error("site: game " + gid + ": " + g.error().detail);
                continue;
            }
            const std::string pool_name = league::pool_of(g->meta);
            const club::RatingPool* pool = by_name[pool_name];
            auto gp = game_page(words, players, id, *g, pool);
            if (!gp) return core::unexpected("game " + gid + ": " + gp.error());
            CK_TRY(put(html_file, gp->html, report, written));
            if (!gp->pgn.empty())
                CK_TRY(put(dir / "games" / (gid + ".pgn"), gp->pgn, report, written));
            SiteCache::Game made;
            made.white = g->meta.white;
            made.black = g->meta.black;
            made.pool = pool_name;
            made.context = context_of(made.white, made.black, made.pool);
            made.over = g->game.over();
            made.result = g->game.result().value_or("*");
            made.row = "<tr><td><a href=\"games/" + gid + ".html\">" + gid + "</a></td><td>" +
                       html_escape(g->meta.variant + (g->meta.hidden ? " (hidden)" : "")) +
                       "</td><td>" + players_line(players, g->meta, pool, "") + "</td>";
            if (cache) {
                entry = &(cache->games_[id] = std::move(made));
            } else {
                fresh = std::move(made);
                entry = &fresh;
            }
        }
        if (!entry->over)
            playing += entry->row + "</tr>\n";
        else if (results_shown++ < RecentResults)
            results += entry->row + "<td>" + html_escape(entry->result) + "</td></tr>\n";
    }
    const std::string head =
        "<div class=\"wrap\"><table>\n<tr><th>Game</th><th>Variant</th>"
        "<th>Players</th>";
    std::string body = "<h2>Games in progress</h2>\n" +
                       (playing.empty() ? std::string("<p>None.</p>\n")
                                        : head + "</tr>\n" + playing + "</table></div>\n");
    body += "<h2>Recent results</h2>\n" +
            (results.empty() ? std::string("<p>None yet.</p>\n")
                             : head + "<th>Result</th></tr>\n" + results + "</table></div>\n");

    auto tids = league::tournament_ids(store);
    if (!tids) return core::unexpected(tids.error());
    std::size_t pools_context = 0;
    for (const auto& [name, hash] : pool_hash) pools_context = pools_context * 31 + hash;
    std::string events;
    for (const std::string& tid : *tids) {
        // A tournament page changes with its record (results, entries) or the ratings.
        const fs::path event_file = dir / "tournaments" / (tid + ".html");
        std::size_t event_context = pools_context;
        if (const std::string* r = store.record(league::TournamentCodec::ns, tid))
            event_context ^= std::hash<std::string>{}(*r) << 1;
        if (cache) {
            auto kept = cache->events_.find(tid);
            if (kept != cache->events_.end() && kept->second.first == event_context &&
                written->count(event_file.string()) > 0) {
                ++report.unchanged;
                events += kept->second.second;
                continue;
            }
        }
        auto t = league::load_tournament(store, tid);
        if (!t) {
            core::operator_log().error("site: tournament " + tid + ": " + t.error());
            continue;
        }
        std::string games;
        for (const club::Pairing& p : t->pairings)
            if (p.game)
                games += "<a href=\"../games/" + std::to_string(*p.game) + ".html\">" +
                         std::to_string(*p.game) + "</a> ";
        auto labels = league::event_rating_labels(store, *t);
        if (!labels) return core::unexpected("tournament " + tid + ": " + labels.error().detail);
        const club::RatingLabels* r = *labels ? &**labels : nullptr;
        CK_TRY(put(event_file,
                   page(t->name.empty() ? tid : t->name, "../",
                        "<div class=\"wrap\">" + club::crosstable_html(*t, r) + "</div>\n" +
                            (games.empty() ? std::string() : "<p>Games: " + games + "</p>\n")),
                   report, written));
        const std::string line = "<li><a href=\"tournaments/" + tid + ".html\">" +
                                 html_escape(t->name.empty() ? tid : t->name) + "</a></li>\n";
        events += line;
        if (cache) cache->events_[tid] = {event_context, line};
    }
    body += "<h2>Tournaments</h2>\n" +
            (events.empty() ? std::string("<p>None.</p>\n") : "<ul>\n" + events + "</ul>\n");
    body += "<h2>Ratings</h2>\n<p><a href=\"ratings.html\">The rating lists</a></p>\n";
    CK_TRY(put(dir / "index.html", page("Crazykrieg club", "", body), report, written));
    // The rating pages change with the pools and the players' names.
    std::string names;
    for (const auto& p : players.all()) names += p.address + " " + p.name + "\n";
    const std::size_t ratings_context = pools_context ^ (std::hash<std::string>{}(names) << 1);
    if (cache && cache->ratings_context_ == ratings_context &&
        written->count((dir / "ratings.html").string()) > 0) {
        ++report.unchanged;
        return report;
    }
    CK_TRY(put(dir / "ratings.html", ratings_page(pools, players), report, written));
    for (const auto& [name, html] : player_pages(pools, players))
        CK_TRY(put(dir / "players" / name, html, report, written));
    if (cache) cache->ratings_context_ = ratings_context;
    return report;
}

}  // namespace ck::site
