#include <iostream>

#include "cli/command.hpp"

namespace ck::cli {

// Declared here, defined in <name>_command.cpp.
int run_perft(const Args& args);
int run_bench(const Args& args);

const std::vector<Command>& commands() {
    static const std::vector<Command> all = {
        {"perft", "count leaf nodes of the legal move tree (--suite FILE for a reference suite)",
         run_perft},
        {"bench", "print performance figures as 'name: value unit' lines", run_bench},
    };
    return all;
}

int usage_error(std::string_view command, std::string_view message) {
    std::cerr << "crazykrieg " << command << ": " << message << "\n";
    return ExitUsage;
}

}  // namespace ck::cli
