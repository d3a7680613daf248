// crazykrieg validate [--jobs N] [--format text|json] FILE... (spec/cli.md, spec/pgn.md):
// checks every game of every PGN file ('-' = stdin). Exit 0 all valid, 1 some invalid,
// 2 unreadable input or usage error.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/command.hpp"
#include "core/text.hpp"
#include "pgn/batch_validator.hpp"

namespace ck::cli {
namespace {

void append_json_string(std::string& out, std::string_view s) { out += core::json_string(s); }

struct Totals {
    std::uint64_t games = 0, valid = 0, invalid = 0;
};

class Output {
public:
    explicit Output(bool json) : json_(json) { buf_.reserve(1 << 16); }
    ~Output() { flush(); }

    void game(const std::string& file, int n, const pgn::GameVerdict& v) {
        if (json_) {
            buf_ += "{\"file\":";
            append_json_string(buf_, file);
            buf_ += ",\"game\":" + std::to_string(n);
            buf_ += v.valid ? ",\"valid\":true" : ",\"valid\":false";
            buf_ += ",\"ply\":" + std::to_string(v.ply);
            if (v.valid) {
                buf_ += ",\"line\":null,\"move\":null,\"error\":null}\n";
            } else {
                buf_ += ",\"line\":" + std::to_string(v.line) + ",\"move\":";
                if (v.move.empty()) {
                    buf_ += "null";
                } else {
                    append_json_string(buf_, v.move);
                }
                buf_ += ",\"error\":";
                append_json_string(buf_, v.error);
                buf_ += "}\n";
            }
        } else if (!v.valid) {
            buf_ += file + ":" + std::to_string(v.line) + ": game " + std::to_string(n) + ", ply " +
                    std::to_string(v.ply);
            if (!v.move.empty()) buf_ += " (" + v.move + ")";
            buf_ += ": " + v.error + "\n";
        }
        if (buf_.size() > (1 << 16)) flush();
    }

    void summary(const Totals& t, std::size_t files, double seconds) {
        double rate = seconds > 0 ? static_cast<double>(t.games) / seconds : 0.0;
        char s[32], r[32];
        std::snprintf(s, sizeof s, "%.2f", seconds);
        std::snprintf(r, sizeof r, "%.0f", rate);
        if (json_) {
            buf_ += "{\"summary\":{\"files\":" + std::to_string(files) +
                    ",\"games\":" + std::to_string(t.games) +
                    ",\"valid\":" + std::to_string(t.valid) +
                    ",\"invalid\":" + std::to_string(t.invalid) + ",\"seconds\":" + s +
                    ",\"games_per_second\":" + r + "}}\n";
        } else {
            buf_ += std::to_string(t.games) + " games, " + std::to_string(t.valid) + " valid, " +
                    std::to_string(t.invalid) + " invalid in " + s + " s (" + r + " games/s)\n";
        }
        flush();
    }

    void flush() {
        std::fwrite(buf_.data(), 1, buf_.size(), stdout);
        std::fflush(stdout);
        buf_.clear();
    }

private:
    bool json_;
    std::string buf_;
};

// Progress on stderr, only for a terminal and large input (spec: stdout stays clean).
class Progress {
public:
    explicit Progress(bool enabled) : enabled_(enabled), start_(Clock::now()), last_(start_) {}
    void tick(std::uint64_t games) {
        if (!enabled_ || (games & 1023) != 0) return;
        auto now = Clock::now();
        if (now - last_ < std::chrono::milliseconds(500)) return;
        last_ = now;
        double s = std::chrono::duration<double>(now - start_).count();
        std::fprintf(stderr, "\rvalidate: %llu games (%.0f games/s)   ",
                     static_cast<unsigned long long>(games), s > 0 ? games / s : 0.0);
        shown_ = true;
    }
    ~Progress() {
        if (shown_) std::fprintf(stderr, "\r%60s\r", "");
    }

private:
    using Clock = std::chrono::steady_clock;
    bool enabled_;
    Clock::time_point start_, last_;
    bool shown_ = false;
};

constexpr std::uintmax_t LargeInput = 32u << 20;  // bytes from which progress is worth showing

int run_validate(const Args& args) {
    namespace po = boost::program_options;
    int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::string format = "text";
    std::vector<std::string> files;
    po::options_description opts("crazykrieg validate [--jobs N] [--format text|json] FILE...");
    opts.add_options()("help,h", "show this help")("jobs,j", po::value<int>(&jobs),
                                                   "worker threads (default: all cores)")(
        "format", po::value<std::string>(&format), "text (invalid games and a summary) or json")(
        "strict-variations", "a defect inside a variation makes the game invalid");
    po::options_description hidden;
    hidden.add_options()("file", po::value<std::vector<std::string>>(&files));
    po::options_description all;
    all.add(opts).add(hidden);
    po::positional_options_description pos;
    pos.add("file", -1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(Args(args.begin() + 1, args.end()))
                      .options(all)
                      .positional(pos)
                      .style(po::command_line_style::default_style &
                             ~po::command_line_style::allow_guessing)
                      .run(),
                  vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return usage_error("validate", e.what());
    }
    if (vm.count("help")) {
        std::cout << opts
                  << "FILE '-' reads standard input. Exit 0 all valid, 1 some invalid, "
                     "2 unreadable input or usage error.\n";
        return ExitOk;
    }
    if (files.empty()) return usage_error("validate", "no input file (use '-' for stdin)");
    if (format != "text" && format != "json")
        return usage_error("validate", "--format must be text or json");
    if (jobs < 1 || jobs > 1024) return usage_error("validate", "--jobs must be 1..1024");

    pgn::BatchOptions options;
    options.jobs = jobs;
    options.validate.strict_variations = vm.count("strict-variations") > 0;
    bool tty = isatty(STDERR_FILENO) != 0;

    Output out(format == "json");
    Totals totals;
    bool unreadable = false;
    auto start = std::chrono::steady_clock::now();
    for (const auto& name : files) {
        std::ifstream file;
        std::istream* in = &std::cin;
        bool large = true;
        if (name != "-") {
            file.open(name, std::ios::binary);
            if (!file) {
                out.flush();
                std::cerr << "crazykrieg validate: cannot read " << name << "\n";
                unreadable = true;
                continue;
            }
            file.seekg(0, std::ios::end);
            auto size = file.tellg();
            file.seekg(0, std::ios::beg);
            large = size >= 0 && static_cast<std::uintmax_t>(size) >= LargeInput;
            in = &file;
        }
        Progress progress(tty && large);
        auto stats = pgn::validate_stream(*in, options, [&](int n, const pgn::GameVerdict& v) {
            out.game(name, n, v);
            progress.tick(totals.games + static_cast<std::uint64_t>(n));
        });
        totals.games += stats.games;
        totals.valid += stats.valid;
        totals.invalid += stats.invalid;
        if (stats.read_error) {
            out.flush();
            std::cerr << "crazykrieg validate: read error in " << name << "\n";
            unreadable = true;
        }
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.summary(totals, files.size(), seconds);
    if (unreadable) return ExitUsage;
    return totals.invalid > 0 ? ExitFailure : ExitOk;
}

const CommandRegistration reg{{"validate",
                               "check every game of PGN files (variants, FEN starts, results)", 50,
                               run_validate}};

}  // namespace
}  // namespace ck::cli
