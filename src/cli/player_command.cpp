// crazykrieg player add NAME EMAIL | player list [--config FILE]  (docs/cli.md, club commands).
// The registry is <store dir>/players (daemon/players.hpp).
#include <iostream>
#include <string>

#include "cli/command.hpp"
#include "cli/daemon_setup.hpp"
#include "daemon/club_migration.hpp"
#include "daemon/players.hpp"
#include "store/store.hpp"

namespace ck::cli {
namespace {

constexpr const char* Usage =
    "usage: crazykrieg player add NAME EMAIL [--config FILE]\n"
    "       crazykrieg player list [--config FILE]\n";

int run_player(const Args& args) {
    std::string config_file;
    std::vector<std::string> words;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << Usage;
            return ExitOk;
        }
        if (args[i] == "--config") {
            if (i + 1 >= args.size()) return usage_error("player", "--config needs a FILE");
            config_file = args[++i];
        } else if (args[i].rfind("--config=", 0) == 0) {
            config_file = args[i].substr(9);
        } else {
            words.push_back(args[i]);
        }
    }
    const bool add = words.size() == 3 && words[0] == "add";
    const bool list = words.size() == 1 && words[0] == "list";
    if (!add && !list) return usage_error("player", "expected 'add NAME EMAIL' or 'list'");
    auto config = load_daemon_config(config_file);
    if (!config) return usage_error("player", config.error());
    auto opened = open_command_store(*config);
    if (!opened) {
        std::cerr << "crazykrieg player: " << opened.error() << "\n";
        return ExitFailure;
    }
    const CommandStore& store = *opened;
    auto players = daemon::Players::load(*store);
    if (!players) {
        std::cerr << "crazykrieg player: " << players.error() << "\n";
        return ExitFailure;
    }
    if (add) {
        auto r = players->add(words[1], words[2], *store, std::chrono::system_clock::now());
        if (!r) {
            std::cerr << "crazykrieg player: " << r.error() << "\n";
            return ExitFailure;
        }
        std::cout << daemon::lower_ascii(words[2]) << "\n";
        return ExitOk;
    }
    for (const auto& p : players->all()) std::cout << p.address << "\t" << p.name << "\n";
    return ExitOk;
}

const CommandRegistration reg{
    {"player", "register club players (add NAME EMAIL, list)", 60, run_player, true}};

}  // namespace
}  // namespace ck::cli
