// crazykrieg bot match: two engines play each other through the referee (README "Computer
// opponents"; docs/cli.md).
#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "bot/match.hpp"
#include "cli/command.hpp"
#include "core/text.hpp"
#include "referee/rule_set.hpp"
#include "rules/variant.hpp"

namespace ck::cli {
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

int run_bot(const Args& args) {
    if (args.size() < 2 || args[1] == "--help" || args[1] == "-h") {
        std::cout << "usage: crazykrieg bot match ENGINE_A ENGINE_B --variant V [--rules R] "
                     "--games N --seed S [--max-plies 700] [--jobs N] [--format text|json]\n"
                     "'crazykrieg bot match --help' describes the options.\n";
        return args.size() < 2 ? ExitUsage : ExitOk;
    }
    if (args[1] == "match") return run_match_command(args);
    return usage_error("bot", "unknown action '" + args[1] + "' (match)");
}

const CommandRegistration reg{{"bot", "computer opponents: engine matches", 95, run_bot}};

}  // namespace
}  // namespace ck::cli
