// Bench section "pgn": PGN validation throughput (`crazykrieg validate`'s engine) on the
// generated crazyhouse and standard samples repeated in memory to at least 100 MB each,
// with 1 and 2 worker threads, plain and as a multi-frame .zst stream (README "Validating
// databases": goal <= 1.15x the plain time on one thread). Data: $CK_DATA_DIR (tests/data or
// tests/data/pgn) or tests/data/pgn of the source tree the binary was built in
// (<executable's dir>/../tests/...).
#include <zstd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>

#include "app/bench_section.hpp"
#include "core/data_files.hpp"
#include "pgn/batch_validator.hpp"
#include "pgn/input_stream.hpp"
#include "pgn/reader.hpp"

namespace ck::app {
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
        pgn::validate_stream(one, {}, [](int, const pgn::GameVerdict&, std::string_view) {});
    }
    // The same text as a .zst: the sample compressed once, its frame repeated (a multi-frame
    // stream, as zstd writes for concatenated files), decoded through pgn::InputStream.
    std::string frame(ZSTD_compressBound(text.size()), '\0');
    frame.resize(ZSTD_compress(frame.data(), frame.size(), text.data(), text.size(), 3));
    std::string zst;
    for (std::size_t n = 0; n < big.size(); n += text.size()) zst += frame;
    for (int jobs : {1, 2}) {
        std::string name =
            "pgn " + label + " " + std::to_string(jobs) + (jobs == 1 ? " thread" : " threads");
        pgn::BatchOptions options;
        options.jobs = jobs;
        auto run = [&](std::istream& in) {
            auto start = std::chrono::steady_clock::now();
            auto stats = pgn::validate_stream(
                in, options, [](int, const pgn::GameVerdict&, std::string_view) {});
            double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (stats.invalid != 0 || stats.read_error)
                out << name << ": " << stats.invalid << " invalid games (expected 0)\n";
            return std::pair{stats.games, s};
        };
        MemoryBuf buf(big);
        std::istream in(&buf);
        auto [games, s] = run(in);
        out << name << ": " << static_cast<long long>(games / s) << " games/s\n";
        out << name << ": " << static_cast<long long>(mb / s * 10) / 10.0 << " MB/s\n";
        auto zin = pgn::InputStream::from_memory(zst);
        auto [zgames, zs] = run(zin->stream());
        out << name << " .zst: " << static_cast<long long>(zgames / zs) << " games/s\n";
        out << name << " .zst: " << static_cast<long long>(zs / s * 100) / 100.0
            << "x the plain time (goal <= 1.15 on one thread)\n";
        out.flush();
    }
    // The ceiling of --jobs: the reader decodes (on its own thread) and cuts games (on the
    // pipeline's reader thread) for every worker; validation scales until the workers together
    // need more than this.
    auto zin = pgn::InputStream::from_memory(zst);
    pgn::GameSplitter splitter(zin->stream());
    auto start = std::chrono::steady_clock::now();
    std::uint64_t bytes = 0;
    while (auto g = splitter.next()) bytes += g->text.size();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out << "pgn " << label << " .zst decode and cut only: "
        << static_cast<long long>(static_cast<double>(bytes) / (1024.0 * 1024.0) / s) << " MB/s\n";
    out.flush();
}

void run_pgn_bench(std::ostream& out) {
    run_one(out, "crazyhouse", "crazyhouse-sample.pgn");
    run_one(out, "standard", "standard-sample.pgn");
}

const BenchRegistration breg{{"pgn", 30, run_pgn_bench}};

}  // namespace
}  // namespace ck::app
