#pragma once
// The club's static web site (README "The club's web pages"), written into one folder:
//   index.html              games in progress, recent results, tournaments, a link to ratings
//   games/<id>.html         game_page.hpp (games/<id>.pgn beside a finished game's page)
//   tournaments/<id>.html   the crosstable and the event's games
//   ratings.html, players/<slug>.html   rating_pages.hpp
// A file is written (atomically) only when its content changed, so `serve` can call this after
// every pass that committed something and a static server sees only real changes. Reads the
// store only; never writes to it.
#include <cstddef>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "compose/template_set.hpp"
#include "core/result.hpp"
#include "league/players.hpp"
#include "store/store.hpp"

namespace ck::league {
class GameRepository;
}

namespace ck::site {

struct SiteReport {
    std::size_t written = 0;    // files created or changed
    std::size_t unchanged = 0;  // files left alone
    std::size_t replayed = 0;   // games read by replaying their record (not kept by a repository)
};

// What a long-lived writer (`serve`) keeps between calls, so that a call after one move mail
// replays and renders only the games that changed and rewrites only their pages: per game, its
// index row and what its pages depend on besides its files (its pool's ratings, its players'
// names). The caller must report every game whose files changed since the last call
// (changed(); serve: store::Store::take_written_games, as its Store is the store's only writer);
// a game not reported is taken as unchanged, and a page this cache saw written is not read back.
// Only valid for one store and one folder.
class SiteCache {
public:
    void changed(const std::set<store::GameId>& games) {
        for (const store::GameId id : games) games_.erase(id);
    }
    std::size_t size() const { return games_.size(); }
    // The writer's game repository (league/game_repository.hpp), which the games to render are
    // loaded through: a game the writer's last pass saved or loaded is not replayed. Null (the
    // default): each is replayed from its record.
    void load_through(league::GameRepository* games) { repository_ = games; }

private:
    friend core::Result<SiteReport, std::string> write_site(const store::Store&,
                                                            const league::Players&,
                                                            const compose::TemplateSet&,
                                                            const std::filesystem::path&,
                                                            SiteCache*);
    struct Game {
        std::string white, black, pool;
        std::size_t context = 0;  // hash of the pool record and the players' names
        bool over = false;
        std::string result;
        std::string row;  // the index row, up to the result cell
    };
    std::map<store::GameId, Game> games_;
    // Per tournament: hash of its record and the pools, and its line of the index.
    std::map<std::string, std::pair<std::size_t, std::string>> events_;
    league::GameRepository* repository_ = nullptr;
    std::size_t ratings_context_ = 0;  // hash of the pools and players the rating pages show
    std::map<std::string, std::size_t> written_;  // file -> hash of its bytes
};

// Writes the site into `dir`. `cache` (may be null): see SiteCache; without it every game is
// replayed and every file compared with what is on disk.
core::Result<SiteReport, std::string> write_site(const store::Store& store,
                                                 const league::Players& players,
                                                 const compose::TemplateSet& words,
                                                 const std::filesystem::path& dir,
                                                 SiteCache* cache = nullptr);

}  // namespace ck::site
