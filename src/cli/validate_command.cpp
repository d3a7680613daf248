// crazykrieg validate [--jobs N] [--format text|json] [--valid-out FILE] [--invalid-out FILE]
// FILE... (docs/cli.md, docs/pgn.md, README "Validating databases"): checks every game of every
// PGN file ('-' = stdin), plain or compressed, read as a stream. Exit 0 all valid, 1 some
// invalid, 2 unreadable, corrupt or gameless input, or a usage error.
#include <sys/stat.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cli/command.hpp"
#include "cli/validate_blocks.hpp"
#include "cli/validate_output.hpp"
#include "pgn/batch_validator.hpp"
#include "pgn/input_stream.hpp"

namespace ck::cli {
namespace {

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

// --valid-out / --invalid-out: each game's original text to one file or the other, in input
// order. A game is closed by a blank line if its text lacks one (the last game of a file), so
// that the next game written after it starts a new game.
class SplitOutput {
public:
    bool open(const std::string& valid_path, const std::string& invalid_path, std::string* error) {
        for (auto [path, slot] : {std::pair{&valid_path, &valid_}, {&invalid_path, &invalid_}}) {
            if (path->empty()) continue;
            *slot = std::fopen(path->c_str(), "wb");
            if (!*slot) {
                *error = "cannot write " + *path;
                return false;
            }
            paths_.push_back(*path);
        }
        return true;
    }
    void write(bool valid, std::string_view text) {
        std::FILE* f = valid ? valid_ : invalid_;
        if (!f || text.empty()) return;
        std::fwrite(text.data(), 1, text.size(), f);
        if (text.back() != '\n') std::fputc('\n', f);
        if (text.size() < 2 || text.substr(text.size() - 2) != "\n\n") std::fputc('\n', f);
    }
    // Closes both; false (and the path in *error) when a write failed.
    bool close(std::string* error) {
        bool ok = true;
        std::size_t i = 0;
        for (std::FILE** f : {&valid_, &invalid_}) {
            if (!*f) continue;
            bool bad = std::ferror(*f) != 0;
            bad = std::fclose(*f) != 0 || bad;
            *f = nullptr;
            if (bad && ok) *error = "cannot write " + paths_[i];
            ok = ok && !bad;
            ++i;
        }
        return ok;
    }
    ~SplitOutput() {
        std::string ignored;
        close(&ignored);
    }

private:
    std::FILE* valid_ = nullptr;
    std::FILE* invalid_ = nullptr;
    std::vector<std::string> paths_;
};

// True when `out` names the same file as one of the inputs (writing it would destroy the input).
bool overwrites_input(const std::string& out, const std::vector<std::string>& files) {
    struct stat o {};
    if (::stat(out.c_str(), &o) != 0) return false;
    for (const auto& f : files) {
        struct stat i {};
        if (f != "-" && ::stat(f.c_str(), &i) == 0 && i.st_dev == o.st_dev && i.st_ino == o.st_ino)
            return true;
    }
    return false;
}

int run_validate(const Args& args) {
    namespace po = boost::program_options;
    int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::string format = "text", valid_out, invalid_out, label;
    std::vector<std::string> files;
    std::uint64_t first_game = 1;
    int first_line = 1;
    std::size_t split_bytes = 0;
    po::options_description opts(
        "crazykrieg validate [--jobs N] [--format text|json] [--valid-out FILE] "
        "[--invalid-out FILE] FILE...");
    opts.add_options()("help,h", "show this help")("jobs,j", po::value<int>(&jobs),
                                                   "worker threads (default: all cores)")(
        "format", po::value<std::string>(&format), "text (invalid games and a summary) or json")(
        "strict-variations", "a defect inside a variation makes the game invalid")(
        "valid-out", po::value<std::string>(&valid_out), "write the valid games' text to FILE")(
        "invalid-out", po::value<std::string>(&invalid_out),
        "write the invalid games' text to FILE");
    // The two halves of scripts/validate-dask.py (README "Validating databases").
    po::options_description hidden;
    hidden.add_options()("file", po::value<std::vector<std::string>>(&files))(
        "split-blocks", po::value<std::size_t>(&split_bytes))(
        "label", po::value<std::string>(&label))("first-game",
                                                 po::value<std::uint64_t>(&first_game))(
        "first-line", po::value<int>(&first_line))("block-summary", "");
    po::variables_map vm;
    if (auto done = parse_options_with_operands(
            "validate", args, opts, hidden, "file", -1, vm,
            "FILE '-' reads standard input; zstd, gzip, bzip2 and xz input is decoded.\n"
            "Exit 0 all valid, 1 some invalid, 2 unreadable, corrupt or gameless input "
            "or usage error.\n"))
        return *done;
    if (files.empty()) return usage_error("validate", "no input file (use '-' for stdin)");
    if (vm.count("split-blocks")) {
        if (files.size() != 1 || split_bytes == 0)
            return usage_error("validate", "--split-blocks BYTES takes one file");
        return split_blocks(files[0], split_bytes);
    }
    if (format != "text" && format != "json")
        return usage_error("validate", "--format must be text or json");
    if (jobs < 1 || jobs > 1024) return usage_error("validate", "--jobs must be 1..1024");
    if (first_game < 1 || first_line < 1)
        return usage_error("validate", "--first-game and --first-line count from 1");
    for (const auto* out : {&valid_out, &invalid_out}) {
        if (vm.count(out == &valid_out ? "valid-out" : "invalid-out") && out->empty())
            return usage_error("validate", "--valid-out/--invalid-out need a file name");
        if (*out == "-")
            return usage_error("validate",
                               "--valid-out/--invalid-out write files, not standard output");
        if (!out->empty() && overwrites_input(*out, files))
            return usage_error("validate", *out + " is an input file");
    }
    if (!valid_out.empty() && valid_out == invalid_out)
        return usage_error("validate", "--valid-out and --invalid-out name the same file");

    pgn::BatchOptions options;
    options.jobs = jobs;
    options.first_line = first_line;
    options.validate.strict_variations = vm.count("strict-variations") > 0;
    bool block = vm.count("block-summary") > 0;
    bool tty = isatty(STDERR_FILENO) != 0;

    SplitOutput split;
    std::string error;
    if (!split.open(valid_out, invalid_out, &error)) return usage_error("validate", error);
    ValidateOutput out(format == "json");
    Totals totals;
    bool unreadable = false;
    auto fail = [&](const std::string& message) {
        out.flush();
        std::cerr << "crazykrieg validate: " << message << "\n";
        unreadable = true;
    };
    auto start = std::chrono::steady_clock::now();
    for (const auto& name : files) {
        auto input = pgn::InputStream::open(name, &error);
        if (!input) {
            fail("cannot read " + name + ": " + error);
            continue;
        }
        const std::string& shown = label.empty() ? name : label;
        auto size = input->regular_size();
        Progress progress(tty && !block && (!size || *size >= LargeInput));
        auto stats = pgn::validate_stream(
            input->stream(), options, [&](int n, const pgn::GameVerdict& v, std::string_view text) {
                totals.add(v);
                out.game(shown, first_game - 1 + static_cast<std::uint64_t>(n), v);
                split.write(v.valid, text);
                progress.tick(totals.games);
            });
        if (stats.read_error) {
            fail(name + ": " + (input->error().empty() ? "read error" : input->error()));
        } else if (stats.games == 0 && input->bytes_read() > 0 && !block) {
            fail(name + ": no PGN game in " + std::to_string(input->bytes_read()) +
                 " bytes of input");
        }
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (block) {
        out.block_summary(totals);
    } else {
        out.summary(totals, files.size(), seconds);
    }
    if (!split.close(&error)) fail(error);
    if (unreadable) return ExitUsage;
    return totals.invalid > 0 ? ExitFailure : ExitOk;
}

}  // namespace

Command validate_command() {
    return {"validate", "check every game of PGN files (variants, FEN starts, results)",
            run_validate};
}
}  // namespace ck::cli
