// crazykrieg umpire: the referee on stdin/stdout, one JSON object per request line
// (docs/referee-protocol.md and docs/cli.md).
#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "cli/command.hpp"
#include "core/text.hpp"
#include "referee/game.hpp"
#include "referee/rule_set.hpp"
#include "referee/ruling_json.hpp"
#include "rules/variant.hpp"

namespace ck::cli {
namespace {

// Blank lines and lines starting with '#' are not requests (spec: "Requests").
bool skipped(const std::string& line) {
    const auto b = line.find_first_not_of(" \t\r\n\f\v");
    return b == std::string::npos || line[b] == '#';
}

int run_umpire(const Args& args) {
    namespace po = boost::program_options;
    po::options_description opts(
        "crazykrieg umpire --variant NAME [--hidden] [--rules NAME] [--fen FEN]\n"
        "Reads one request per line (a move attempt, any?, resign) and writes one JSON object\n"
        "per request line");
    std::string variant_name, rules_name, fen;
    opts.add_options()("help,h", "show this help")(
        "variant", po::value<std::string>(&variant_name),
        "chess, crazyhouse, loop, chessgi, replacement, putback; kriegspiel = chess --hidden, "
        "crazykrieg = crazyhouse --hidden")("hidden", "play as Kriegspiel (hidden pieces)")(
        "rules", po::value<std::string>(&rules_name),
        "Kriegspiel rule set: crazykrieg (default), wild16, berkeley, berkeley-any, cincinnati, "
        "english, rand (docs/rulesets.md)")("fen", po::value<std::string>(&fen),
                                            "start position, pockets in brackets");
    po::variables_map vm;
    if (auto done = parse_options("umpire", args, opts, vm)) return *done;
    if (!vm.count("variant")) return usage_error("umpire", "--variant NAME is required");

    referee::GameSetup setup;
    setup.hidden = vm.count("hidden") > 0;
    const std::string name = core::lower_ascii(variant_name);
    if (name == "kriegspiel") {
        setup.variant = rules::find_variant("chess");
        setup.hidden = true;
    } else if (name == "crazykrieg") {
        setup.variant = rules::find_variant("crazyhouse");
        setup.hidden = true;
    } else {
        setup.variant = rules::find_variant(name);
    }
    if (!setup.variant) return usage_error("umpire", "unknown variant '" + variant_name + "'");
    if (vm.count("rules")) {  // else the default, referee::RuleSet::CrazyKrieg
        auto rule_set = referee::find_rule_set(rules_name);
        if (!rule_set)
            return usage_error("umpire", "unknown rule set '" + rules_name + "' (" +
                                             referee::rule_set_names() + ")");
        setup.rules = *rule_set;
    }
    if (vm.count("fen")) setup.fen = fen;

    auto game = referee::Game::create(setup);
    if (!game) return usage_error("umpire", game.error().message);

    std::string line;
    while (std::getline(std::cin, line)) {
        if (skipped(line)) continue;
        const referee::Ruling r = game->request(line);
        std::cout << referee::ruling_json(r, *game) << '\n';
        std::cout.flush();
    }
    return ExitOk;
}

}  // namespace

Command umpire_command() {
    return {"umpire", "the referee on stdin/stdout (JSON lines)", run_umpire};
}
}  // namespace ck::cli
