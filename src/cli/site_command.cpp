// crazykrieg site DIR [--config FILE] [--templates DIR] (README "The club's web pages"): writes
// the club's static web site into DIR from the store (site/site.hpp); `serve` keeps it up to
// date by itself when [site] dir is set.
#include <filesystem>
#include <iostream>
#include <string>

#include "cli/command_rows.hpp"
#include "cli/command_setup.hpp"
#include "compose/compose.hpp"
#include "league/players.hpp"
#include "site/site.hpp"
#include "store/store.hpp"

namespace ck::cli {
namespace {

constexpr const char* Usage =
    "usage: crazykrieg site DIR [--config FILE] [--templates DIR]\n"
    "  writes index.html, games/, tournaments/, ratings.html and players/ into DIR\n";

int fail(const std::string& message) {
    std::cerr << "crazykrieg site: " << message << "\n";
    return ExitFailure;
}

int run_site(const Args& args) {
    std::string config_file, templates;  // templates: empty = the usual lookup
    std::vector<std::string> dirs;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << Usage;
            return ExitOk;
        }
        if ((a == "--config" || a == "--templates") && i + 1 < args.size())
            (a == "--config" ? config_file : templates) = args[++i];
        else if (!a.empty() && a[0] == '-')
            return usage_error("site", "unexpected option '" + a + "'");
        else
            dirs.push_back(a);
    }
    if (dirs.size() != 1) return usage_error("site", "expected one DIR");
    auto config = load_daemon_config(config_file);
    if (!config) return usage_error("site", config.error());
    // The same lookup as every other command (README "Finding its files").
    auto words = compose::Templates::load(templates_dir(templates, *config));
    if (!words) return fail(words.error().message);
    auto opened = open_command_store(*config, IfNoStore::Refuse);
    if (!opened) return fail(opened.error());
    const CommandStore& store = *opened;
    auto players = league::Players::load(*store);
    if (!players) return fail(players.error().detail);
    auto report = site::write_site(*store, *players, words->set(), dirs[0]);
    if (!report) return fail(report.error().detail);
    report_written_file(std::filesystem::path(dirs[0]) / "index.html");
    std::cout << report->written << " file(s) written, " << report->unchanged << " unchanged\n";
    return ExitOk;
}

}  // namespace

Command site_command() {
    return {"site", "write the club's static web site (games, tournaments, ratings)", run_site,
            true};
}
}  // namespace ck::cli
