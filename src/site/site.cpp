// The site writer (site.hpp).
#include "site/site.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "club/crosstable.hpp"
#include "core/atomic_file.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
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
// process wrote last, so that a file written before is not read back to compare (the folder is
// the writer's own: SiteCache).
core::Result<void, core::Error> put(const fs::path& file, const std::string& bytes,
                                    SiteReport& report,
                                    std::map<std::string, std::size_t>* written = nullptr) {
    const std::size_t hash = std::hash<std::string>{}(bytes);
    bool known = false;  // this process wrote the file, with other bytes
    if (written) {
        if (auto it = written->find(file.string()); it != written->end()) {
            if (it->second == hash) {
                ++report.unchanged;
                return {};
            }
            known = true;
        }
    }
    if (!known) {
        if (auto old = core::read_file(file); old && *old == bytes) {
            ++report.unchanged;
            if (written) (*written)[file.string()] = hash;
            return {};
        }
    }
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    if (ec)
        return core::unexpected(
            core::from_io(core::IoError{ec, file.parent_path().string(), "cannot create"},
                          file.parent_path().string() + ": " + ec.message()));
    // A page is derived from the store (a full `crazykrieg site` build writes it again): its
    // bytes are synced before the rename, but not the folder, so a crash may leave the page
    // before, never a torn one (core/atomic_file.hpp rename_into_place).
    if (auto w = core::rename_into_place(file, bytes); !w)
        return core::unexpected(core::from_io(w.error(), file.string() + ": " + w.error().message));
    ++report.written;
    if (written) (*written)[file.string()] = hash;
    return {};
}

// The event's crosstable (club/crosstable.hpp) under the page's h1, which names the event: the
// crosstable's own heading (the event's name again, as the mails show it) becomes "Crosstable",
// so the name is shown once and the headings below keep their levels.
std::string crosstable_section(const club::Tournament& t, const club::RatingLabels* ratings) {
    std::string html = club::crosstable_html(t, ratings);
    const std::string heading = "<h2>" + html_escape(t.name) + "</h2>\n";
    if (const auto at = html.find(heading); at != std::string::npos)
        html.replace(at, heading.size(), "<h2>Crosstable</h2>\n");
    return html;
}

}  // namespace

// One call of write_site on a cache (site.hpp SiteCache): the steps in the order they run.
class SiteWriter {
public:
    SiteWriter(const store::Store& store, const league::Players& players,
               const compose::TemplateSet& words, const fs::path& dir, SiteCache& cache)
        : store_(store), players_(players), words_(words), dir_(dir), c_(cache) {}

    core::Result<SiteReport, core::Error> run() {
        const bool first = !c_.primed_;
        c_.primed_ = false;  // until this call succeeds
        CK_TRY(read_pools(first));
        read_names(first);
        std::set<store::GameId> todo = std::exchange(c_.pending_, {});
        if (first) {
            auto ids = store_.list_games();
            if (!ids) return core::unexpected(core::from_io(ids.error(), ids.error().message));
            todo.insert(ids->begin(), ids->end());
        } else {
            for (const std::string& address : renamed_) add_games_of(address, "", todo);
            for (const auto& [pool, address] : rerated_) add_games_of(address, pool, todo);
        }
        for (const store::GameId id : todo) CK_TRY(render_game(id));
        CK_TRY(render_events(first));
        if (first || index_changed_) CK_TRY(write_index());
        if (first || pools_changed_ || !renamed_.empty()) CK_TRY(write_ratings());
        c_.primed_ = true;
        return report_;
    }

private:
    // The pools whose records changed since the last call are read again; a player whose
    // values in a pool changed is in rerated_ (their rated games show their rating).
    core::Result<void, core::Error> read_pools(bool first) {
        for (const std::string& name : club::pool_names()) {
            const std::string* r = store_.record(league::RatingPoolCodec::ns, name);
            const std::string_view text = r ? std::string_view(*r) : std::string_view();
            auto kept = c_.pool_records_.find(name);
            if (!first && kept != c_.pool_records_.end() && kept->second == text) continue;
            auto pool = league::load_pool(store_, name);
            if (!pool) return core::unexpected(pool.error());
            if (!first) note_rerated(c_.pools_[name], *pool);
            c_.pools_[name] = std::move(*pool);
            c_.pool_records_[name] = std::string(text);
            pools_changed_ = true;
        }
        return {};
    }

    // What a game's page and index row show of a player in a pool (game_page.cpp players_line
    // and the over game's rating lines): whether they are in it, their current label and games.
    static std::string shown(const club::RatingPool& pool, const std::string& address) {
        const club::PlayerRating* p = club::find_player(pool, address);
        if (!p) return {};
        return club::rating_label(p->value) + " " + std::to_string(p->games) + " " +
               std::to_string(p->history.size());
    }

    void note_rerated(const club::RatingPool& before, const club::RatingPool& after) {
        std::set<std::string> addresses;
        for (const auto& p : before.players) addresses.insert(p.player);
        for (const auto& p : after.players) addresses.insert(p.player);
        for (const std::string& a : addresses)
            if (shown(before, a) != shown(after, a))
                rerated_.insert({after.name, core::lower_ascii(a)});
    }

    // The players whose shown name changed (registered, renamed) are in renamed_.
    void read_names(bool first) {
        std::map<std::string, std::string> now;
        for (const league::Player& p : players_.all()) now[core::lower_ascii(p.address)] = p.name;
        if (!first) {
            for (const auto& [address, name] : now)
                if (auto it = c_.names_.find(address); it == c_.names_.end() || it->second != name)
                    renamed_.insert(address);
            for (const auto& [address, name] : c_.names_)
                if (!now.count(address)) renamed_.insert(address);
        }
        c_.names_ = std::move(now);
    }

    // `address`'s games; with `pool`, only its rated games in that pool.
    void add_games_of(const std::string& address, const std::string& pool,
                      std::set<store::GameId>& todo) const {
        auto it = c_.by_player_.find(address);
        if (it == c_.by_player_.end()) return;
        for (const store::GameId id : it->second) {
            const SiteCache::Game& g = c_.games_.at(id);
            if (pool.empty() || (g.rated && g.pool == pool)) todo.insert(id);
        }
    }

    void forget_game(store::GameId id) {
        auto it = c_.games_.find(id);
        if (it == c_.games_.end()) return;
        for (const std::string* a : {&it->second.white, &it->second.black}) {
            auto p = c_.by_player_.find(*a);
            if (p == c_.by_player_.end()) continue;
            p->second.erase(id);
            if (p->second.empty()) c_.by_player_.erase(p);
        }
        c_.games_.erase(it);
        index_changed_ = true;
    }

    core::Result<void, core::Error> render_game(store::GameId id) {
        const std::string gid = to_string(id);
        league::GameRepository* const games = c_.repository_;
        const std::uint64_t replays_before = games ? games->replays() : 0;
        auto g = games ? games->load(store_, id) : league::load_game(store_, id);
        report_.replayed += games ? games->replays() - replays_before : 1;
        ++report_.rendered;
        if (!g) {  // one broken game does not take the site down
            core::operator_log().error("site: game " + gid + ": " + g.error().detail);
            forget_game(id);
            return {};
        }
        const std::string pool_name = league::pool_of(g->meta);
        auto kept_pool = c_.pools_.find(pool_name);
        const club::RatingPool* pool = kept_pool == c_.pools_.end() ? nullptr : &kept_pool->second;
        auto gp = game_page(words_, players_, id, *g, pool);
        if (!gp) return core::unexpected(core::with_context(gp.error(), "game " + gid));
        CK_TRY(put(dir_ / "games" / (gid + ".html"), gp->html, report_, &c_.written_));
        if (!gp->pgn.empty())
            CK_TRY(put(dir_ / "games" / (gid + ".pgn"), gp->pgn, report_, &c_.written_));
        SiteCache::Game made;
        made.white = core::lower_ascii(g->meta.white);
        made.black = core::lower_ascii(g->meta.black);
        made.pool = pool_name;
        made.rated = g->meta.rated;
        made.over = g->game.over();
        made.result = std::string(referee::result_marker(g->game.result()));
        made.row = "<tr><td><a href=\"games/" + gid + ".html\">" + gid + "</a></td><td>" +
                   html_escape(g->meta.variant + (g->meta.hidden ? " (hidden)" : "")) +
                   "</td><td>" + players_line(players_, g->meta, pool, "") + "</td>";
        auto old = c_.games_.find(id);
        if (old != c_.games_.end() && old->second.row == made.row &&
            old->second.over == made.over && old->second.result == made.result &&
            old->second.white == made.white && old->second.black == made.black) {
            old->second = std::move(made);
            return {};
        }
        forget_game(id);
        c_.by_player_[made.white].insert(id);
        c_.by_player_[made.black].insert(id);
        c_.games_[id] = std::move(made);
        index_changed_ = true;
        return {};
    }

    // A tournament page changes with its record (results, entries) or the ratings.
    core::Result<void, core::Error> render_events(bool first) {
        auto tids = league::tournament_ids(store_);
        if (!tids) return core::unexpected(tids.error());
        const std::set<std::string> now(tids->begin(), tids->end());
        for (auto it = c_.events_.begin(); it != c_.events_.end();)
            if (!now.count(it->first)) {
                it = c_.events_.erase(it);
                index_changed_ = true;
            } else {
                ++it;
            }
        for (const std::string& tid : *tids) {
            const std::string* r = store_.record(league::TournamentCodec::ns, tid);
            const std::string_view record = r ? std::string_view(*r) : std::string_view();
            auto kept = c_.events_.find(tid);
            if (!first && !pools_changed_ && kept != c_.events_.end() &&
                kept->second.record == record)
                continue;
            auto line = render_event(tid);
            if (!line) return core::unexpected(line.error());
            if (kept == c_.events_.end() || kept->second.line != *line) index_changed_ = true;
            c_.events_[tid] = {std::string(record), std::move(*line)};
        }
        return {};
    }

    // Writes the event's page; its line of the index ("" when the event cannot be read).
    core::Result<std::string, core::Error> render_event(const std::string& tid) {
        auto t = league::load_tournament(store_, tid);
        if (!t) {
            core::operator_log().error("site: tournament " + tid + ": " + t.error().detail);
            return std::string();
        }
        std::string games;
        for (const club::Pairing& p : t->pairings)
            if (p.game)
                games += "<a href=\"../games/" + to_string(*p.game) + ".html\">" +
                         to_string(*p.game) + "</a> ";
        auto labels = league::event_rating_labels(store_, *t);
        if (!labels)
            return core::unexpected(core::with_context(labels.error(), "tournament " + tid));
        const club::RatingLabels* r = *labels ? &**labels : nullptr;
        CK_TRY(put(dir_ / "tournaments" / (tid + ".html"),
                   page(t->name.empty() ? tid : t->name, "../",
                        "<div class=\"wrap\">" + crosstable_section(*t, r) + "</div>\n" +
                            (games.empty() ? std::string() : "<p>Games: " + games + "</p>\n")),
                   report_, &c_.written_));
        return "<li><a href=\"tournaments/" + tid + ".html\">" +
               html_escape(t->name.empty() ? tid : t->name) + "</a></li>\n";
    }

    // index.html: the games in progress (newest first), the recent results, the events.
    core::Result<void, core::Error> write_index() {
        std::string playing, results;
        std::size_t results_shown = 0;
        for (auto it = c_.games_.rbegin(); it != c_.games_.rend(); ++it) {
            const SiteCache::Game& g = it->second;
            if (!g.over)
                playing += g.row + "</tr>\n";
            else if (results_shown++ < RecentResults)
                results += g.row + "<td>" + html_escape(g.result) + "</td></tr>\n";
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
        std::string events;
        for (const auto& [tid, e] : c_.events_) events += e.line;
        body += "<h2>Tournaments</h2>\n" +
                (events.empty() ? std::string("<p>None.</p>\n") : "<ul>\n" + events + "</ul>\n");
        body += "<h2>Ratings</h2>\n<p><a href=\"ratings.html\">The rating lists</a></p>\n";
        return put(dir_ / "index.html", page("Crazykrieg club", "", body), report_, &c_.written_);
    }

    // The rating pages change with the pools and the players' names.
    core::Result<void, core::Error> write_ratings() {
        std::vector<club::RatingPool> pools;
        for (const std::string& name : club::pool_names()) pools.push_back(c_.pools_.at(name));
        CK_TRY(put(dir_ / "ratings.html", ratings_page(pools, players_), report_, &c_.written_));
        for (const auto& [name, html] : player_pages(pools, players_))
            CK_TRY(put(dir_ / "players" / name, html, report_, &c_.written_));
        return {};
    }

    const store::Store& store_;
    const league::Players& players_;
    const compose::TemplateSet& words_;
    const fs::path& dir_;
    SiteCache& c_;
    SiteReport report_;
    bool pools_changed_ = false;
    bool index_changed_ = false;
    std::set<std::string> renamed_;                          // lower-case addresses
    std::set<std::pair<std::string, std::string>> rerated_;  // pool, lower-case address
};

core::Result<SiteReport, core::Error> write_site(const store::Store& store,
                                                 const league::Players& players,
                                                 const compose::TemplateSet& words,
                                                 const fs::path& dir, SiteCache* cache) {
    SiteCache full;  // a full build: every game, every file compared with the disk
    return SiteWriter(store, players, words, dir, cache ? *cache : full).run();
}

}  // namespace ck::site
