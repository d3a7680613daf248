#include <algorithm>
#include <iostream>

#include "cli/command.hpp"

namespace ck::cli {
namespace {

// Function-local statics: registrations run during static initialisation of other files.
std::vector<Command>& command_registry() {
    static std::vector<Command> all;
    return all;
}
std::vector<BenchSection>& bench_registry() {
    static std::vector<BenchSection> all;
    return all;
}

}  // namespace

CommandRegistration::CommandRegistration(Command c) { command_registry().push_back(c); }
BenchRegistration::BenchRegistration(BenchSection s) { bench_registry().push_back(s); }

std::vector<Command> commands() {
    auto all = command_registry();
    std::sort(all.begin(), all.end(),
              [](const Command& a, const Command& b) { return a.order < b.order; });
    return all;
}

std::vector<BenchSection> bench_sections() {
    auto all = bench_registry();
    std::sort(all.begin(), all.end(),
              [](const BenchSection& a, const BenchSection& b) { return a.order < b.order; });
    return all;
}

int usage_error(std::string_view command, std::string_view message) {
    std::cerr << "crazykrieg " << command << ": " << message << "\n";
    return ExitUsage;
}

std::optional<int> parse_options(std::string_view command, const Args& args,
                                 const boost::program_options::options_description& opts,
                                 boost::program_options::variables_map& vm) {
    namespace po = boost::program_options;
    try {
        po::store(po::command_line_parser(Args(args.begin() + 1, args.end())).options(opts).run(),
                  vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return usage_error(command, e.what());
    }
    if (vm.count("help")) {
        std::cout << opts;
        return ExitOk;
    }
    return std::nullopt;
}

}  // namespace ck::cli
