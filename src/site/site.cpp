// The site writer (site.hpp).
#include "site/site.hpp"

#include <map>
#include <system_error>
#include <vector>

#include "club/crosstable.hpp"
#include "core/atomic_file.hpp"
#include "core/log.hpp"
#include "daemon/game_files.hpp"
#include "daemon/ratings.hpp"
#include "daemon/tournaments.hpp"
#include "site/game_page.hpp"
#include "site/html_page.hpp"
#include "site/rating_pages.hpp"

namespace ck::site {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t RecentResults = 30;

core::Result<void, std::string> put(const fs::path& file, const std::string& bytes,
                                    SiteReport& report) {
    if (auto old = core::read_file(file); old && *old == bytes) {
        ++report.unchanged;
        return {};
    }
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    if (ec) return core::unexpected(file.parent_path().string() + ": " + ec.message());
    if (auto w = core::write_file_atomic(file, bytes); !w)
        return core::unexpected(file.string() + ": " + w.error().message);
    ++report.written;
    return {};
}

}  // namespace

core::Result<SiteReport, std::string> write_site(const store::Store& store,
                                                 const daemon::Players& players,
                                                 const compose::TemplateSet& words,
                                                 const fs::path& dir) {
    SiteReport report;
    std::vector<club::RatingPool> pools;
    std::map<std::string, const club::RatingPool*> by_name;
    for (const std::string& name : club::pool_names()) {
        auto pool = daemon::load_pool(store, name);
        if (!pool) return core::unexpected(pool.error());
        pools.push_back(std::move(*pool));
    }
    for (const auto& p : pools) by_name[p.name] = &p;

    auto ids = store.list_games();
    if (!ids) return core::unexpected(ids.error().message);
    std::string playing, results;
    std::size_t results_shown = 0;
    for (auto it = ids->rbegin(); it != ids->rend(); ++it) {
        const store::GameId id = *it;
        auto g = daemon::load_game(store, id);
        if (!g) {  // one broken game does not take the site down
            core::operator_log().error("site: game " + std::to_string(id) + ": " +
                                       g.error().detail);
            continue;
        }
        const club::RatingPool* pool = by_name[daemon::pool_of(g->meta)];
        auto gp = game_page(words, players, id, *g, pool);
        if (!gp) return core::unexpected("game " + std::to_string(id) + ": " + gp.error());
        const std::string gid = std::to_string(id);
        CK_TRY(put(dir / "games" / (gid + ".html"), gp->html, report));
        if (!gp->pgn.empty()) CK_TRY(put(dir / "games" / (gid + ".pgn"), gp->pgn, report));
        const std::string row = "<tr><td><a href=\"games/" + gid + ".html\">" + gid +
                                "</a></td><td>" +
                                html_escape(g->meta.variant + (g->meta.hidden ? " (hidden)" : "")) +
                                "</td><td>" + players_line(players, g->meta, pool, "") + "</td>";
        if (!g->game.over())
            playing += row + "</tr>\n";
        else if (results_shown++ < RecentResults)
            results += row + "<td>" + html_escape(g->game.result().value_or("*")) + "</td></tr>\n";
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

    auto tids = daemon::tournament_ids(store);
    if (!tids) return core::unexpected(tids.error());
    std::string events;
    for (const std::string& tid : *tids) {
        auto t = daemon::load_tournament(store, tid);
        if (!t) {
            core::operator_log().error("site: tournament " + tid + ": " + t.error());
            continue;
        }
        std::string games;
        for (const club::Pairing& p : t->pairings)
            if (p.game)
                games += "<a href=\"../games/" + std::to_string(*p.game) + ".html\">" +
                         std::to_string(*p.game) + "</a> ";
        auto labels = daemon::event_rating_labels(store, *t);
        if (!labels) return core::unexpected("tournament " + tid + ": " + labels.error().detail);
        const club::RatingLabels* r = *labels ? &**labels : nullptr;
        CK_TRY(put(dir / "tournaments" / (tid + ".html"),
                   page(t->name.empty() ? tid : t->name, "../",
                        "<div class=\"wrap\">" + club::crosstable_html(*t, r) + "</div>\n" +
                            (games.empty() ? std::string() : "<p>Games: " + games + "</p>\n")),
                   report));
        events += "<li><a href=\"tournaments/" + tid + ".html\">" +
                  html_escape(t->name.empty() ? tid : t->name) + "</a></li>\n";
    }
    body += "<h2>Tournaments</h2>\n" +
            (events.empty() ? std::string("<p>None.</p>\n") : "<ul>\n" + events + "</ul>\n");
    body += "<h2>Ratings</h2>\n<p><a href=\"ratings.html\">The rating lists</a></p>\n";
    CK_TRY(put(dir / "index.html", page("Crazykrieg club", "", body), report));
    CK_TRY(put(dir / "ratings.html", ratings_page(pools, players), report));
    for (const auto& [name, html] : player_pages(pools, players))
        CK_TRY(put(dir / "players" / name, html, report));
    return report;
}

}  // namespace ck::site
