#include "cli/command.hpp"

#include <iostream>

namespace ck::cli {

int usage_error(std::string_view command, std::string_view message) {
    std::cerr << "crazykrieg " << command << ": " << message << "\n";
    return ExitUsage;
}

std::optional<int> parse_options(std::string_view command, const Args& args,
                                 const boost::program_options::options_description& opts,
                                 boost::program_options::variables_map& vm,
                                 std::string_view usage) {
    namespace po = boost::program_options;
    try {
        const po::parsed_options parsed =
            po::command_line_parser(Args(args.begin() + 1, args.end())).options(opts).run();
        // Without a positional description, program_options would drop a word that is no
        // option silently.
        for (const po::option& o : parsed.options)
            if (o.position_key >= 0 && !o.value.empty())
                return usage_error(command, "unexpected argument '" + o.value.front() + "'");
        po::store(parsed, vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return usage_error(command, e.what());
    }
    if (vm.count("help")) {
        if (usage.empty())
            std::cout << opts;
        else
            std::cout << usage;
        return ExitOk;
    }
    return std::nullopt;
}

std::optional<int> parse_options_with_operands(
    std::string_view command, const Args& args,
    const boost::program_options::options_description& opts,
    const boost::program_options::options_description& hidden, const char* operand,
    int max_operands, boost::program_options::variables_map& vm, std::string_view help_after) {
    namespace po = boost::program_options;
    po::options_description all;
    all.add(opts).add(hidden);
    po::positional_options_description operands;
    operands.add(operand, max_operands);
    try {
        po::store(po::command_line_parser(Args(args.begin() + 1, args.end()))
                      .options(all)
                      .positional(operands)
                      .style(po::command_line_style::default_style &
                             ~po::command_line_style::allow_guessing)
                      .run(),
                  vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return usage_error(command, e.what());
    }
    if (vm.count("help")) {
        std::cout << opts << help_after;
        return ExitOk;
    }
    return std::nullopt;
}

}  // namespace ck::cli
