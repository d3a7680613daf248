// crazykrieg perft (docs/cli.md): count leaf nodes of one position, or run a suite file of
// lines "variant;FEN;depth;nodes[;name]" ('#' comments and blank lines skipped). --divide
// writes moves with to_uci (e2e4, e7e8q, N@f5, placements "/d6", Putback choice "q:").
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "core/text.hpp"
#include "rules/cpu_timer.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace ck::cli {
namespace {

std::vector<std::string> split_fields(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream ss(line);
    std::string f;
    while (std::getline(ss, f, ';')) out.push_back(f);
    return out;
}

// The case's name: the 5th field, or its trailing "[name]" when it has one.
std::string case_name(const std::vector<std::string>& f) {
    if (f.size() < 5) return f[0];
    std::string n = core::trim_ascii(f[4]);
    auto lb = n.rfind('[');
    if (!n.empty() && n.back() == ']' && lb != std::string::npos)
        return n.substr(lb + 1, n.size() - lb - 2);
    return n;
}

int run_suite(const std::string& file) {
    std::ifstream in(file);
    if (!in) return usage_error("perft", "cannot read suite file '" + file + "'");
    std::string line;
    int lineno = 0, cases = 0, failed = 0;
    std::uint64_t total = 0;
    double seconds = 0;
    while (std::getline(in, line)) {
        ++lineno;
        line = core::trim_ascii(line);
        if (line.empty() || line[0] == '#') continue;
        ++cases;
        auto f = split_fields(line);
        std::uint64_t expected = 0;
        int depth = -1;
        try {
            if (f.size() >= 4) {
                depth = std::stoi(f[2]);
                expected = std::stoull(f[3]);
            }
        } catch (const std::exception&) {
            depth = -1;
        }
        const rules::Variant* v =
            f.size() >= 4 ? rules::find_variant(core::trim_ascii(f[0])) : nullptr;
        if (!v || depth < 0) {
            ++failed;
            std::cout << "FAIL line " << lineno << ": not 'variant;FEN;depth;nodes'\n";
            continue;
        }
        auto pos = rules::Position::from_fen(core::trim_ascii(f[1]), *v);
        if (!pos) {
            ++failed;
            std::cout << "FAIL line " << lineno << " " << case_name(f) << ": bad FEN ("
                      << pos.error().message << ")\n";
            continue;
        }
        const double t0 = rules::thread_cpu_seconds();
        std::uint64_t got = rules::perft(*pos, depth);
        const double s = rules::thread_cpu_seconds() - t0;
        total += got;
        seconds += s;
        if (got == expected) {
            std::cout << "ok   " << v->name << " " << case_name(f) << " d" << depth << " " << got
                      << " (" << static_cast<std::uint64_t>(s > 0 ? got / s : 0) << " nodes/s)\n";
        } else {
            ++failed;
            std::cout << "FAIL " << v->name << " " << case_name(f) << " d" << depth << ": expected "
                      << expected << ", got " << got << "\n";
        }
    }
    std::cout << cases << " cases, " << (cases - failed) << " ok, " << failed << " failed; "
              << total << " nodes in " << seconds << " CPU s, "
              << static_cast<std::uint64_t>(seconds > 0 ? total / seconds : 0) << " nodes/s\n";
    return failed ? ExitFailure : ExitOk;
}

int run_perft(const Args& args) {
    namespace po = boost::program_options;
    po::options_description opts(
        "crazykrieg perft --variant NAME [--fen FEN] --depth N [--divide] | --suite FILE");
    std::string variant, fen, suite;
    int depth = -1;
    opts.add_options()("help,h", "show this help")("variant", po::value<std::string>(&variant),
                                                   "chess, crazyhouse, loop, chessgi, "
                                                   "replacement, putback")(
        "fen", po::value<std::string>(&fen), "start position (default: the standard start)")(
        "depth", po::value<int>(&depth), "plies to count")(
        "divide", "print 'move: count' for each legal move first")(
        "suite", po::value<std::string>(&suite), "run a file of variant;FEN;depth;nodes lines");
    po::variables_map vm;
    if (auto done = parse_options("perft", args, opts, vm)) return *done;
    if (vm.count("suite")) {
        if (vm.count("variant") || vm.count("fen") || vm.count("depth") || vm.count("divide"))
            return usage_error("perft", "--suite takes no other option");
        return run_suite(suite);
    }
    if (variant.empty()) return usage_error("perft", "missing --variant (or --suite)");
    if (depth < 0) return usage_error("perft", "missing or negative --depth");
    const rules::Variant* v = rules::find_variant(variant);
    if (!v) return usage_error("perft", "unknown variant '" + variant + "'");
    auto pos = fen.empty()
                   ? core::Result<rules::Position, rules::FenError>(rules::Position::startpos(*v))
                   : rules::Position::from_fen(fen, *v);
    if (!pos) return usage_error("perft", "bad FEN: " + pos.error().message);
    if (vm.count("divide") && depth >= 1) {
        rules::MoveList list;
        rules::generate_legal(*pos, list);
        std::uint64_t total = 0;
        for (rules::Move m : list) {
            pos->make_move(m);
            std::uint64_t n = rules::perft(*pos, depth - 1);
            pos->undo_move();
            total += n;
            std::cout << rules::to_uci(m) << ": " << n << "\n";
        }
        std::cout << "\n" << total << "\n";
        return ExitOk;
    }
    std::cout << rules::perft(*pos, depth) << "\n";
    return ExitOk;
}

}  // namespace

Command perft_command() {
    return {"perft", "count the leaf nodes of the legal move tree (or run a perft suite)",
            run_perft};
}
}  // namespace ck::cli
