// crazykrieg bench: every registered section's figures, "name: value unit" per line.
#include <algorithm>
#include <boost/program_options.hpp>
#include <iostream>

#include "app/bench_section.hpp"
#include "app/command_rows.hpp"

namespace ck::app {
namespace {

// Function-local static: registrations run during static initialisation of other files.
std::vector<BenchSection>& bench_registry() {
    static std::vector<BenchSection> all;
    return all;
}

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

}  // namespace

BenchRegistration::BenchRegistration(BenchSection s) { bench_registry().push_back(s); }

std::vector<BenchSection> bench_sections() {
    auto all = bench_registry();
    std::sort(all.begin(), all.end(),
              [](const BenchSection& a, const BenchSection& b) { return a.order < b.order; });
    return all;
}

Command bench_command() {
    return {"bench", "print performance figures as 'name: value unit' lines", run_bench};
}
}  // namespace ck::app
