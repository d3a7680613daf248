// crazykrieg: one program, subcommands (docs/cli.md).
#include <algorithm>
#include <exception>
#include <iostream>
#include <string>

#include "app/command_table.hpp"
#include "app/request_client.hpp"
#include "cli/store_owner.hpp"

namespace {

void print_help(std::ostream& out) {
    out << "usage: crazykrieg COMMAND [OPTIONS]\n\ncommands:\n";
    std::size_t width = 0;  // the summaries line up after the longest name
    for (const auto& c : ck::app::commands()) width = std::max(width, c.name.size());
    for (const auto& c : ck::app::commands())
        out << "  " << c.name << std::string(width + 2 - c.name.size(), ' ') << c.summary << "\n";
    out << "\n'crazykrieg COMMAND --help' describes each command.\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "crazykrieg: missing command (try 'crazykrieg --help')\n";
        return ck::cli::ExitUsage;
    }
    std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        print_help(std::cout);
        return ck::cli::ExitOk;
    }
    if (name == "--version") {
        std::cout << "crazykrieg 0.1.0\n";
        return ck::cli::ExitOk;
    }
    for (const auto& c : ck::app::commands()) {
        if (c.name == name) {
            ck::cli::Args args(argv + 1, argv + argc);
            ck::cli::set_invocation(ck::cli::Args(argv, argv + argc));
            try {
                // A store command while `serve` holds the store: the daemon runs it.
                if (auto forwarded = ck::app::run_through_daemon(c, args)) return *forwarded;
                return c.run(args);
            } catch (const std::exception& e) {
                // Environment errors that reached main (docs/design.md, tier 3).
                std::cerr << "crazykrieg " << name << ": " << e.what() << "\n";
                return ck::cli::ExitFailure;
            }
        }
    }
    std::cerr << "crazykrieg: unknown command '" << name << "' (try 'crazykrieg --help')\n";
    return ck::cli::ExitUsage;
}
