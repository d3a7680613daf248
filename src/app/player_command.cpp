// crazykrieg player add NAME EMAIL | player list | player set EMAIL [KEY=VALUE...]
// [--config FILE]  (docs/cli.md, club commands). The registry is the store's `players`
// namespace (league/players.hpp); `set` changes a player's own settings
// (league/player_settings.hpp: mail=each|digest@HH:MM|both@HH:MM, reminders=club|none|8h,1h,
// view=board|list|both) and prints them all; with no KEY=VALUE it only prints them.
#include <iostream>
#include <string>

#include "app/command_rows.hpp"
#include "app/daemon_setup.hpp"
#include "cli/club_listings.hpp"
#include "daemon/settings_mail.hpp"
#include "league/players.hpp"
#include "store/store.hpp"

namespace ck::app {
namespace {

constexpr const char* Usage =
    "usage: crazykrieg player add NAME EMAIL [--config FILE]\n"
    "       crazykrieg player list [--config FILE]\n"
    "       crazykrieg player set EMAIL [mail=each|digest@HH:MM|both@HH:MM]\n"
    "                             [reminders=club|none|24h,8h,1h] [view=board|list|both]\n"
    "                             [--config FILE]\n";

// `player set EMAIL KEY=VALUE...`: the new settings, staged and committed in one transaction.
int set_settings(league::Players& players, const std::vector<std::string>& words,
                 store::Store& store, int club_reminder_days) {
    const league::Player* p = players.find(words[1]);
    if (!p) {
        std::cerr << "crazykrieg player: no player " << league::lower_ascii(words[1]) << "\n";
        return ExitFailure;
    }
    league::PlayerSettings next = p->settings;
    for (std::size_t i = 2; i < words.size(); ++i) {
        const auto eq = words[i].find('=');
        if (eq == std::string::npos)
            return usage_error("player", "expected KEY=VALUE, not '" + words[i] + "'");
        if (auto r = league::apply_setting(next, words[i].substr(0, eq), words[i].substr(eq + 1));
            !r)
            return usage_error("player", words[i] + ": " + r.error().detail);
    }
    if (next != p->settings) {
        store::Transaction tx(std::chrono::system_clock::now());
        if (auto r = daemon::change_settings(players, words[1], next, tx); !r) {
            std::cerr << "crazykrieg player: " << r.error() << "\n";
            return ExitFailure;
        }
        if (auto c = store.commit(tx); !c) {
            std::cerr << "crazykrieg player: cannot set the settings of "
                      << league::lower_ascii(words[1]) << ": " << c.error().describe() << "\n";
            return ExitFailure;
        }
    }
    std::cout << league::lower_ascii(words[1]) << "\n";
    for (const auto& l : league::describe_settings(next, club_reminder_days))
        std::cout << l.key << ": " << l.value << "\n";
    return ExitOk;
}

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
    const bool set = words.size() >= 2 && words[0] == "set";
    if (!add && !list && !set)
        return usage_error("player",
                           "expected 'add NAME EMAIL', 'list' or 'set EMAIL KEY=VALUE...'");
    auto config = load_daemon_config(config_file);
    if (!config) return usage_error("player", config.error());
    auto opened = open_command_store(*config, list ? IfNoStore::Refuse : IfNoStore::Create);
    if (!opened) {
        std::cerr << "crazykrieg player: " << opened.error() << "\n";
        return ExitFailure;
    }
    const CommandStore& store = *opened;
    auto players = league::Players::load(*store);
    if (!players) {
        std::cerr << "crazykrieg player: " << players.error() << "\n";
        return ExitFailure;
    }
    if (set) return set_settings(*players, words, *store, config->reminder_days);
    if (add) {
        auto r = players->add(words[1], words[2], *store, std::chrono::system_clock::now());
        if (!r) {
            std::cerr << "crazykrieg player: " << r.error() << "\n";
            return ExitFailure;
        }
        std::cout << league::lower_ascii(words[2]) << "\n";
        return ExitOk;
    }
    return cli::list_players(*players);  // it only reads (cli/club_listings.hpp)
}

}  // namespace

Command player_command() {
    return {"player",
            "register club players and their settings (add NAME EMAIL, list, set EMAIL ...)",
            run_player, true};
}
}  // namespace ck::app
