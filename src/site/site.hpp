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

#include "club/ratings.hpp"
#include "compose/template_set.hpp"
#include "core/error.hpp"
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
    std::size_t rendered = 0;   // games whose pages were made again
};

// What a long-lived writer (`serve`) keeps between calls, so that the work of a call is
// proportional to what changed since the last one, not to the club: the first call walks every
// game; after it, a call renders only the games reported changed (changed()), the games of a
// player whose name changed and the rated games of a player whose rating changed, rewrites the
// index only when one of its rows or tournament lines changed, an event's page only when its
// record or a pool changed, and the rating pages only when a pool or a name changed. Per game
// it keeps the index row and what the game's pages depend on besides its files (its players,
// its pool); per event its record and index line; the pools, the players' names and the hash
// of every file it wrote (a page it wrote is not read back). The caller must report every game
// whose files changed since the last call (serve: store::Store::take_written_games, as its
// Store is the store's only writer); a game not reported is taken as unchanged. Only valid for
// one store and one folder. A call that fails leaves the cache to walk every game again.
class SiteCache {
public:
    void changed(const std::set<store::GameId>& games) {
        pending_.insert(games.begin(), games.end());
    }
    std::size_t size() const { return games_.size(); }
    // The writer's game repository (league/game_repository.hpp), which the games to render are
    // loaded through: a game the writer's last pass saved or loaded is not replayed. Null (the
    // default): each is replayed from its record.
    void load_through(league::GameRepository* games) { repository_ = games; }

private:
    friend class SiteWriter;  // site.cpp
    struct Game {
        std::string white, black;  // lower-case addresses
        std::string pool;          // its rating pool (pages depend on it when rated)
        bool rated = false;
        bool over = false;
        std::string result;
        std::string row;  // the index row, up to the result cell
    };
    struct Event {
        std::string record;  // the tournament record the page was made from
        std::string line;    // its line of the index ("" when it could not be read)
    };
    bool primed_ = false;                  // a first call walked every game
    std::set<store::GameId> pending_;      // reported changed, not rendered since
    std::map<store::GameId, Game> games_;  // every game with a page
    std::map<std::string, std::set<store::GameId>> by_player_;  // lower-case address -> games
    std::map<std::string, Event> events_;
    std::map<std::string, std::string> pool_records_;  // pool -> its record ("" none)
    std::map<std::string, club::RatingPool> pools_;    // pool -> as read from that record
    std::map<std::string, std::string> names_;         // lower-case address -> name
    league::GameRepository* repository_ = nullptr;
    std::map<std::string, std::size_t> written_;  // file -> hash of its bytes
};

// Writes the site into `dir`. `cache` (may be null): see SiteCache; without it (a full build,
// `crazykrieg site DIR`) every game is replayed and every file compared with what is on disk.
// Errors keep their kind (core/error.hpp): a page or folder that cannot be written, or the
// store's games that cannot be listed, have the kind of their I/O failure (core::from_io:
// Transient for the disk); a rating pool or tournament list that does not decode is Corrupt; a
// game's page that cannot be made is its game_page error ("game ID: ..."). One game that cannot
// be loaded is logged and left out, not an error.
core::Result<SiteReport, core::Error> write_site(const store::Store& store,
                                                 const league::Players& players,
                                                 const compose::TemplateSet& words,
                                                 const std::filesystem::path& dir,
                                                 SiteCache* cache = nullptr);

}  // namespace ck::site
