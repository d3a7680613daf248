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

}  // namespace ck::cli
