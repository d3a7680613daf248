// Bench section "pgn": PGN validation throughput (`crazykrieg validate`'s engine) on the
// generated crazyhouse and standard samples repeated in memory to at least 100 MB each,
// with 1 and 2 worker threads. Data: $CK_DATA_DIR (tests/data or tests/data/pgn) or
// tests/data/pgn of the source tree the binary was built in (<executable's dir>/../tests/...).
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>

#include "cli/command.hpp"
#include "core/data_files.hpp"
#include "pgn/batch_validator.hpp"

namespace ck::cli {
namespace {

constexpr std::size_t TargetBytes = 100u << 20;

// An istream over memory without copying it.
class MemoryBuf : public std::streambuf {
public:
    explicit MemoryBuf(std::string& s) { setg(s.data(), s.data(), s.data() + s.size()); }
};

std::string find_sample(const std::string& name) {
    std::vector<std::string> dirs;
    if (const char* env = std::getenv("CK_DATA_DIR")) {
        dirs.push_back(std::string(env) + "/pgn/");
        dirs.push_back(std::string(env) + "/");
    }
    // A build inside the source tree, as for the templates (core/data_files.hpp): never the
    // working directory.
    if (const auto exe = core::executable_dir(); !exe.empty())
        dirs.push_back((exe.parent_path() / "tests" / "data" / "pgn").string() + "/");
    for (const auto& d : dirs) {
        std::ifstream in(d + name, std::ios::binary);
        if (in) return std::string(std::istreambuf_iterator<char>(in), {});
    }
    return {};
}

void run_one(std::ostream& out, const std::string& label, const std::string& sample) {
    std::string text = find_sample(sample);
    if (text.empty()) {
        out << "pgn " << label << ": " << sample
            << " not found (tests/data/pgn of the source tree the binary was built in, or set "
               "CK_DATA_DIR)\n";
        return;
    }
    if (text.back() != '\n') text += '\n';
    text += '\n';
    std::string big;
    big.reserve(TargetBytes + text.size());
    while (big.size() < TargetBytes) big += text;
    double mb = static_cast<double>(big.size()) / (1024.0 * 1024.0);
    {
        // Warm up: the rules engine's start-up (attack tables) is not PGN throughput.
        std::istringstream one(text.substr(0, text.find("\n\n[")));
        pgn::validate_stream(one, {}, [](int, const pgn::GameVerdict&) {});
    }
    for (int jobs : {1, 2}) {
        MemoryBuf buf(big);
        std::istream in(&buf);
        pgn::BatchOptions options;
        options.jobs = jobs;
        auto start = std::chrono::steady_clock::now();
        auto stats = pgn::validate_stream(in, options, [](int, const pgn::GameVerdict&) {});
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::string name =
            "pgn " + label + " " + std::to_string(jobs) + (jobs == 1 ? " thread" : " threads");
        out << name << ": " << static_cast<long long>(stats.games / s) << " games/s\n";
        out << name << ": " << static_cast<long long>(mb / s * 10) / 10.0 << " MB/s\n";
        if (stats.invalid != 0)
            out << name << ": " << stats.invalid << " invalid games (expected 0)\n";
        out.flush();
    }
}

void run_pgn_bench(std::ostream& out) {
    run_one(out, "crazyhouse", "crazyhouse-sample.pgn");
    run_one(out, "standard", "standard-sample.pgn");
}

const BenchRegistration breg{{"pgn", 30, run_pgn_bench}};

}  // namespace
}  // namespace ck::cli
