// crazykrieg bot match: two engines play each other through the referee (README "Computer
// opponents"; docs/cli.md). crazykrieg bot add|list: bots as club players (README "Bots as club
// players"; daemon/bots.hpp), run inside a serving daemon through the request spool like
// `player add`; bot remove through an organiser session (daemon_setup.hpp), hosted the same way.
#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "app/command_rows.hpp"
#include "app/daemon_setup.hpp"
#include "bot/match.hpp"
#include "core/text.hpp"
#include "daemon/bots.hpp"
#include "daemon/mail_pass.hpp"
#include "league/bot_games.hpp"
#include "league/bot_registry.hpp"
#include "league/game_outcome.hpp"
#include "league/players.hpp"
#include "referee/rule_set.hpp"
#include "rules/variant.hpp"

namespace ck::app {
namespace {

int run_match_command(const Args& args) {
    namespace po = boost::program_options;
    po::options_description opts(
        "crazykrieg bot match ENGINE_A ENGINE_B --variant V [--rules R] --games N --seed S\n"
        "    [--max-plies 700] [--jobs N] [--format text|json]\n"
        "Plays N games between two engines through the referee (A has White in the odd games).\n"
        "Engines: random, random-any, heuristic, belief, fairy-stockfish; options after a colon:\n"
        "belief:budget=SECONDS,particles=N,samples=N; fairy-stockfish:level=1..20");
    std::string variant_name, rules_name, format = "text";
    std::vector<std::string> engines;
    int games = 0, max_plies = 700, jobs = 1;
    std::uint64_t seed = 1;
    opts.add_options()("help,h", "show this help")(
        "variant", po::value<std::string>(&variant_name),
        "chess, crazyhouse, loop, chessgi, replacement, putback (open); kriegspiel, crazykrieg "
        "(hidden)")("hidden", "play hidden (Kriegspiel)")(
        "rules", po::value<std::string>(&rules_name),
        "Kriegspiel rule set (implies --hidden): crazykrieg (default), wild16, berkeley, "
        "berkeley-any, cincinnati, english, rand")(
        "games", po::value<int>(&games), "number of games")("seed", po::value<std::uint64_t>(&seed),
                                                            "seed of the engines (default 1)")(
        "max-plies", po::value<int>(&max_plies), "a game this long is a draw (default 700)")(
        "jobs", po::value<int>(&jobs), "games played at once (default 1)")(
        "format", po::value<std::string>(&format), "text (default) or json")(
        "engines", po::value<std::vector<std::string>>(&engines), "ENGINE_A ENGINE_B");
    po::positional_options_description pos;
    pos.add("engines", -1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(std::vector<std::string>(args.begin() + 2, args.end()))
                      .options(opts)
                      .positional(pos)
                      .run(),
                  vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return usage_error("bot match", e.what());
    }
    if (vm.count("help")) {
        std::cout << opts << "\n";
        return ExitOk;
    }
    if (engines.size() != 2) return usage_error("bot match", "give two engines: ENGINE_A ENGINE_B");
    if (!vm.count("variant")) return usage_error("bot match", "--variant V is required");
    if (!vm.count("games") || games < 1)
        return usage_error("bot match", "--games N (N >= 1) is required");
    if (max_plies < 1) return usage_error("bot match", "--max-plies must be at least 1");
    if (jobs < 1) return usage_error("bot match", "--jobs must be at least 1");
    if (format != "text" && format != "json")
        return usage_error("bot match", "--format is text or json, not '" + format + "'");

    bot::MatchConfig config;
    config.games = games;
    config.seed = seed;
    config.max_plies = max_plies;
    config.jobs = jobs;
    config.hidden = vm.count("hidden") > 0 || vm.count("rules") > 0;
    const std::string name = core::lower_ascii(variant_name);
    if (name == "kriegspiel" || name == "crazykrieg") {
        config.variant = rules::find_variant(name == "kriegspiel" ? "chess" : "crazyhouse");
        config.hidden = true;
    } else {
        config.variant = rules::find_variant(name);
    }
    if (!config.variant) return usage_error("bot match", "unknown variant '" + variant_name + "'");
    if (vm.count("rules")) {
        auto r = referee::find_rule_set(rules_name);
        if (!r) return usage_error("bot match", "unknown rule set '" + rules_name + "'");
        config.rules = *r;
    }
    for (int k = 0; k < 2; ++k) {
        auto spec = bot::parse_engine_spec(engines[k]);
        if (!spec) return usage_error("bot match", spec.error().message);
        (k == 0 ? config.a : config.b) = *spec;
        (k == 0 ? config.a_text : config.b_text) = engines[k];
    }
    auto report = bot::run_match(config);
    if (!report) {
        std::cerr << "crazykrieg bot match: " << report.error().message << "\n";
        return ExitFailure;
    }
    std::cout << (format == "json" ? bot::report_json(*report) + "\n" : bot::report_text(*report));
    return ExitOk;
}

constexpr const char* Usage =
    "usage: crazykrieg bot add NAME --engine ENGINE [--level N] [--games N] [--config FILE]\n"
    "       crazykrieg bot list [--config FILE]\n"
    "       crazykrieg bot remove NAME [--resign] [--now ISO-8601] [--config FILE]\n"
    "       crazykrieg bot match ENGINE_A ENGINE_B --variant V [--rules R] --games N --seed S\n"
    "           [--max-plies 700] [--jobs N] [--format text|json]\n"
    "'crazykrieg bot match --help' describes the match options.\n";

// bot remove NAME [--resign] (README "Bots as club players"): the bot declines every challenge
// from now on and stays a registered player (name, ratings, finished games kept). Refused while
// it plays a game in progress, unless --resign: then each such game is adjudicated as a loss for
// the bot (the organiser's ruling, daemon/adjudication.hpp), each in a transaction of its own
// after the removal's, so a run cut short is finished by running it again.
int remove_bot(const std::string& who, bool resign, const std::string& config_file,
               const std::string& now) {
    auto s = open_organiser_session(config_file, now, "");
    if (!s)
        return s.error().usage
                   ? usage_error("bot", s.error().message)
                   : (std::cerr << "crazykrieg bot: " << s.error().message << "\n", ExitFailure);
    daemon::Daemon& d = *s->daemon;
    const auto fail = [](const std::string& why) {
        std::cerr << "crazykrieg bot: " << why << "\n";
        return ExitFailure;
    };
    auto bot = league::find_bot_named(d.store(), s->config, who);
    if (!bot) return fail("remove: " + bot.error().detail);
    auto games = league::games_with_bots(d.store(), bot->address);
    if (!games) return fail("remove " + bot->address + ": " + games.error().detail);
    if (!games->empty() && !resign) {
        std::string ids;
        for (const auto id : *games) ids += (ids.empty() ? "" : ", ") + to_string(id);
        return fail("remove: " + bot->address + " plays " + std::to_string(games->size()) +
                    " game(s) in progress (" + ids +
                    "); remove it when they are over, or give --resign to lose them");
    }
    if (!bot->removed) {
        store::Transaction tx(s->clock->now());
        league::stage_bot_removed(*bot, tx);
        if (auto c = d.store().commit(tx); !c)
            return fail("cannot remove " + bot->address + ": " + c.error().describe());
    }
    const league::Player* p = d.players().find(bot->address);
    const std::string name = p != nullptr ? p->name : bot->address;
    for (const auto id : *games) {
        auto loaded = d.game_repository().load(d.store(), id);
        if (!loaded) return fail("remove: game " + to_string(id) + ": " + loaded.error().detail);
        const bool white = core::lower_ascii(loaded->meta.white) == bot->address;
        const auto result = white ? league::GameResult::BlackWins : league::GameResult::WhiteWins;
        auto outcome = d.adjudicate(
            id, result, name + " was removed from the club by the organiser", *s->clock);
        if (!outcome) return fail("remove: game " + to_string(id) + ": " + outcome.error().detail);
        std::cout << "game " << id << " adjudicated " << league::result_text(outcome->result)
                  << "\n";
    }
    s->send_mail();
    std::cout << bot->address << " removed\n";
    return ExitOk;
}

// bot add / bot list / bot remove: the club's registry (daemon/bots.hpp).
int run_club_bot(const Args& args) {
    std::string config_file, now;
    bool resign = false;
    daemon::BotSpec spec;
    std::vector<std::string> words;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const auto value = [&](const char* what) -> const std::string* {
            return i + 1 < args.size() ? &args[++i] : (usage_error("bot", what), nullptr);
        };
        const auto number = [&](const char* what, int& out) {
            const std::string* v = value(what);
            if (v == nullptr) return false;
            try {
                std::size_t used = 0;
                out = std::stoi(*v, &used);
                if (used == v->size()) return true;
            } catch (const std::exception&) {
            }
            usage_error("bot", std::string(what) + ", not '" + *v + "'");
            return false;
        };
        if (a == "--config") {
            const std::string* v = value("--config needs a FILE");
            if (v == nullptr) return ExitUsage;
            config_file = *v;
        } else if (a.rfind("--config=", 0) == 0) {
            config_file = a.substr(9);
        } else if (a == "--engine") {
            const std::string* v = value("--engine needs an ENGINE");
            if (v == nullptr) return ExitUsage;
            spec.engine = *v;
        } else if (a == "--level") {
            if (!number("--level needs a number", spec.level)) return ExitUsage;
        } else if (a == "--games") {
            if (!number("--games needs a number", spec.games)) return ExitUsage;
        } else if (a == "--resign") {
            resign = true;
        } else if (a == "--now") {
            const std::string* v = value("--now needs an ISO 8601 time");
            if (v == nullptr) return ExitUsage;
            now = *v;
        } else if (!a.empty() && a[0] == '-') {
            return usage_error("bot", "unknown option '" + a + "'");
        } else {
            words.push_back(a);
        }
    }
    const bool add = words.size() == 2 && words[0] == "add";
    const bool list = words.size() == 1 && words[0] == "list";
    const bool remove = words.size() == 2 && words[0] == "remove";
    if (!add && !list && !remove)
        return usage_error("bot", "expected 'add NAME --engine ENGINE', 'list' or 'remove NAME'");
    if (add && spec.engine.empty()) return usage_error("bot", "add needs --engine ENGINE");
    if ((resign || !now.empty()) && !remove)
        return usage_error("bot", "--resign and --now go with remove");
    if (remove) return remove_bot(words[1], resign, config_file, now);
    auto config = load_daemon_config(config_file);
    if (!config) return usage_error("bot", config.error());
    auto opened = open_command_store(*config, list ? IfNoStore::Refuse : IfNoStore::Create);
    if (!opened) {
        std::cerr << "crazykrieg bot: " << opened.error() << "\n";
        return ExitFailure;
    }
    const CommandStore& store = *opened;
    auto players = league::Players::load(*store);
    if (!players) {
        std::cerr << "crazykrieg bot: " << players.error() << "\n";
        return ExitFailure;
    }
    if (add) {
        spec.name = words[1];
        store::Transaction tx(std::chrono::system_clock::now());
        auto bot = daemon::stage_bot(*players, *config, spec, tx);
        if (!bot) {
            std::cerr << "crazykrieg bot: " << bot.error() << "\n";
            return ExitFailure;
        }
        if (auto c = store->commit(tx); !c) {
            std::cerr << "crazykrieg bot: cannot register " << bot->address << ": "
                      << c.error().describe() << "\n";
            return ExitFailure;
        }
        std::cout << bot->address << "\n";
        return ExitOk;
    }
    auto bots = league::load_bots(*store);
    if (!bots) {
        std::cerr << "crazykrieg bot: " << bots.error() << "\n";
        return ExitFailure;
    }
    for (const auto& b : *bots) {
        const league::Player* p = players->find(b.address);
        std::cout << b.address << "\t" << (p ? p->name : std::string()) << "\t" << b.engine
                  << "\tgames " << b.games << (b.removed ? "\tremoved" : "")
                  << (b.problem.empty() ? "" : "\tproblem: " + b.problem) << "\n";
    }
    return ExitOk;
}

int run_bot(const Args& args) {
    if (args.size() < 2 || args[1] == "--help" || args[1] == "-h") {
        std::cout << Usage;
        return args.size() < 2 ? ExitUsage : ExitOk;
    }
    if (args[1] == "match") return run_match_command(args);
    // `bot add --help` (any action's --help) shows the usage, as `player add --help` does.
    for (std::size_t i = 2; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << Usage;
            return ExitOk;
        }
    }
    if (args[1] == "add" || args[1] == "list" || args[1] == "remove") return run_club_bot(args);
    return usage_error("bot", "unknown action '" + args[1] + "' (add, list, remove, match)");
}

// `bot match` needs no store: it runs in the calling process even while serve runs.
bool match_runs_alone(const Args& args) {
    return args.size() < 2 || (args[1] != "add" && args[1] != "list" && args[1] != "remove");
}

}  // namespace

Command bot_command() {
    return {"bot",
            "computer opponents: bots as club players, engine matches",
            run_bot,
            /*via_daemon=*/true,
            /*reads_only=*/false,
            match_runs_alone};
}
}  // namespace ck::app
