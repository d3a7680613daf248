// crazykrieg bench: every registered section's figures, "name: value unit" per line.
#include <boost/program_options.hpp>
#include <iostream>

#include "cli/command.hpp"

namespace ck::cli {
namespace {

int run_bench(const Args& args) {
    namespace po = boost::program_options;
    po::options_description opts("crazykrieg bench [--only SECTION]");
    std::string only;
    opts.add_options()("help,h", "show this help")(
        "only", po::value<std::string>(&only),
        "run one section (perft, referee, pgn, mail, serve, swiss)");
    po::variables_map vm;
    if (auto done = parse_options("bench", args, opts, vm)) return *done;
    bool ran = false;
    for (const auto& s : bench_sections()) {
        if (!only.empty() && s.name != only) continue;
        s.run(std::cout);
        std::cout.flush();
        ran = true;
    }
    if (!ran) return usage_error("bench", "no bench section named '" + only + "'");
    return ExitOk;
}

const CommandRegistration reg{
    {"bench", "print performance figures as 'name: value unit' lines", 90, run_bench}};

}  // namespace
}  // namespace ck::cli
