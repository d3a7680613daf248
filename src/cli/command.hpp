#pragma once
// A subcommand of `crazykrieg`: gets its own arguments (argv[0] is the subcommand name) and
// returns the process exit code. Usage errors: one line on stderr, exit 2 (spec/cli.md).
#include <string>
#include <string_view>
#include <vector>

namespace ck::cli {

using Args = std::vector<std::string>;

struct Command {
    std::string_view name;
    std::string_view summary;
    int (*run)(const Args& args);
};

// Every subcommand, in the order `crazykrieg --help` lists them (commands.cpp).
const std::vector<Command>& commands();

constexpr int ExitOk = 0;
constexpr int ExitFailure = 1;
constexpr int ExitUsage = 2;
constexpr int ExitTempFail = 75;  // EX_TEMPFAIL

// Prints "crazykrieg NAME: MESSAGE" on stderr and returns ExitUsage.
int usage_error(std::string_view command, std::string_view message);

}  // namespace ck::cli
