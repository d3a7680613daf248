#pragma once
// A subcommand of `crazykrieg`: gets its own arguments (args[0] is the subcommand name) and
// returns the process exit code. Usage errors: one line on stderr, exit 2 (docs/cli.md).
// Each subcommand lives in <name>_command.cpp and gives its row (Command) to the one command
// table, app/command_table.hpp, which `crazykrieg --help` lists in its order.
#include <boost/program_options.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ck::cli {

using Args = std::vector<std::string>;

struct Command {
    std::string_view name;
    std::string_view summary;
    int (*run)(const Args& args);
    // A command that uses the club's store: while a `serve` holds the store it runs inside that
    // daemon, through the request spool (app/request_client.hpp; README "Organiser commands
    // while serve runs").
    bool via_daemon = false;
    // A via_daemon command that writes nothing into the store (`backup`): any user who may
    // read the store may send it, as load_daemon_config(StoreUse::Read) (command_setup.hpp) lets
    // them run it.
    bool reads_only = false;
    // A via_daemon command's invocations that never touch the store (`bot match`): they run in
    // the calling process even while a daemon serves the store. Null: none.
    bool (*runs_alone)(const Args& args) = nullptr;
};

constexpr int ExitOk = 0;
constexpr int ExitFailure = 1;
constexpr int ExitUsage = 2;
constexpr int ExitTempFail = 75;  // EX_TEMPFAIL

// Prints "crazykrieg NAME: MESSAGE" on stderr and returns ExitUsage.
int usage_error(std::string_view command, std::string_view message);

// Parses args (args[0] is the subcommand) against opts into vm. nullopt: go on; otherwise the
// exit code to return at once: ExitOk after printing the help for --help (opts must declare
// "help,h"), ExitUsage after a one-line usage error (an unknown option, a missing value, a word
// that is no option). The help is `usage` when given (a
// command whose --help is its usage lines, as `serve`), else the options of opts.
std::optional<int> parse_options(std::string_view command, const Args& args,
                                 const boost::program_options::options_description& opts,
                                 boost::program_options::variables_map& vm,
                                 std::string_view usage = {});

// The same for a command with operands (validate's FILE..., verify's RECORD.pgn): the words
// that are no option are the values of `operand` (at most `max_operands` of them, -1: any
// number), an option of `hidden` not shown in the help; an option must be written in full (no
// unambiguous prefix taken for it). --help prints the options of opts, then `help_after`.
std::optional<int> parse_options_with_operands(
    std::string_view command, const Args& args,
    const boost::program_options::options_description& opts,
    const boost::program_options::options_description& hidden, const char* operand,
    int max_operands, boost::program_options::variables_map& vm, std::string_view help_after);

}  // namespace ck::cli
