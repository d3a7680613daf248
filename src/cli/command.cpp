#include "cli/command.hpp"

#include <iostream>

namespace ck::cli {

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
