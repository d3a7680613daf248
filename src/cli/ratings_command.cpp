// crazykrieg ratings [--pool P] [--format text|json] [--config FILE] (README "Ratings"): the
// rating lists from the store's `ratings` records (league/ratings.hpp).
//   text: per pool with ratings, a heading and the ranked list ("?" after a provisional rating)
//   json: one object per line and player, pools in order, players ranked:
//         {"pool":..,"player":EMAIL,"name":..,"rating":..,"rd":..,"volatility":..,"games":N}
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/command_rows.hpp"
#include "cli/command_setup.hpp"
#include "club/ratings.hpp"
#include "league/players.hpp"
#include "league/ratings.hpp"
#include "referee/ruling_json.hpp"
#include "store/store.hpp"

namespace ck::cli {
namespace {

namespace po = boost::program_options;

int fail(const std::string& message) {
    std::cerr << "crazykrieg ratings: " << message << "\n";
    return ExitFailure;
}

std::string json_line(const std::string& pool, const club::PlayerRating& p,
                      const std::string& name) {
    char numbers[160];
    std::snprintf(numbers, sizeof numbers, "\"rating\":%.2f,\"rd\":%.2f,\"volatility\":%.6f",
                  p.value.rating, p.value.deviation, p.value.volatility);
    return "{\"pool\":" + referee::json_string(pool) +
           ",\"player\":" + referee::json_string(p.player) +
           ",\"name\":" + referee::json_string(name) + "," + numbers +
           ",\"games\":" + std::to_string(p.games) + "}";
}

int run_ratings(const Args& args) {
    po::options_description opts("crazykrieg ratings [--pool P] [--format text|json]");
    std::string pool, format = "text", config_file;
    opts.add_options()("help,h", "")("pool", po::value<std::string>(&pool), "one pool only")(
        "format", po::value<std::string>(&format), "text (default) or json")(
        "config", po::value<std::string>(&config_file), "configuration file");
    po::variables_map vm;
    if (auto done = parse_options("ratings", args, opts, vm)) return *done;
    if (format != "text" && format != "json")
        return usage_error("ratings", "--format must be text or json");
    if (!pool.empty() && !club::valid_pool(pool))
        return usage_error("ratings", "unknown pool '" + pool + "'");
    auto config = load_daemon_config(config_file);
    if (!config) return usage_error("ratings", config.error());
    auto opened = open_command_store(*config, IfNoStore::Refuse);
    if (!opened) return fail(opened.error());
    const CommandStore& store = *opened;
    auto players = league::Players::load(*store);
    if (!players) return fail(players.error().detail);
    bool first = true;
    for (const std::string& name : club::pool_names()) {
        if (!pool.empty() && name != pool) continue;
        auto p = league::load_pool(*store, name);
        if (!p) return fail(p.error().detail);
        if (p->players.empty()) continue;
        if (format == "json") {
            for (const club::PlayerRating* r : club::ranked(*p))
                std::cout << json_line(name, *r, league::display_name(*players, r->player)) << "\n";
            continue;
        }
        std::cout << (first ? "" : "\n") << name << "\n";
        for (const std::string& line : league::ranked_lines(*p, *players))
            std::cout << line << "\n";
        first = false;
    }
    if (format == "text" && first)
        std::cout << "No rated game has ended yet" << (pool.empty() ? "" : " in " + pool) << ".\n";
    return ExitOk;
}

}  // namespace

Command ratings_command() {
    return {"ratings", "the rating lists (Glicko-2, one pool per variant and mode)", run_ratings,
            true};
}
}  // namespace ck::cli
