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
#include <string>

#include "compose/template_set.hpp"
#include "core/result.hpp"
#include "daemon/players.hpp"
#include "store/store.hpp"

namespace ck::site {

struct SiteReport {
    std::size_t written = 0;    // files created or changed
    std::size_t unchanged = 0;  // files left alone
};

core::Result<SiteReport, std::string> write_site(const store::Store& store,
                                                 const daemon::Players& players,
                                                 const compose::TemplateSet& words,
                                                 const std::filesystem::path& dir);

}  // namespace ck::site
