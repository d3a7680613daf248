#include "app/request_client.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <thread>

#include "app/command_table.hpp"
#include "app/daemon_setup.hpp"
#include "daemon/request_spool.hpp"

namespace ck::app {
namespace {

namespace fs = std::filesystem;

// The value of --config in `args` ("" when absent).
std::string config_option(const Args& args) {
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--config" && i + 1 < args.size()) return args[i + 1];
        if (args[i].rfind("--config=", 0) == 0) return args[i].substr(9);
    }
    return {};
}

bool asks_help(const Args& args) {
    for (const auto& a : args)
        if (a == "--help" || a == "-h") return true;
    return false;
}

// The daemon runs in its own working directory: file names the command was given relative to
// its own are made absolute (--config, --templates, the DIR of `site` and the FILE of `backup`).
Args absolute_paths(const Args& args) {
    Args out = args;
    std::error_code ec;
    const auto absolute = [&](std::string& p) {
        if (!p.empty()) p = fs::absolute(p, ec).lexically_normal().string();
    };
    for (std::size_t i = 1; i < out.size(); ++i) {
        if ((out[i] == "--config" || out[i] == "--templates") && i + 1 < out.size()) {
            absolute(out[++i]);
        } else if (out[i].rfind("--config=", 0) == 0) {
            std::string p = out[i].substr(9);
            absolute(p);
            out[i] = "--config=" + p;
        } else if ((out[0] == "site" || out[0] == "backup") && !out[i].empty() &&
                   out[i][0] != '-') {
            absolute(out[i]);
        }
    }
    return out;
}

// The identity of the file at `path` as this process sees it (nullopt: none there, or it may
// not look).
std::optional<daemon::WrittenFile> identity_of(const fs::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return daemon::WrittenFile{path.string(), static_cast<std::uint64_t>(st.st_dev),
                               static_cast<std::uint64_t>(st.st_ino)};
}

// After the daemon answered success: the file it reports writing (`site DIR`: DIR/index.html,
// `backup FILE`: FILE; the command itself says which, cli::report_written_file) must be the one
// this process finds at that path. A daemon with another view of the file system (systemd's
// PrivateTmp gives the service a /tmp of its own: README "The service") wrote it somewhere
// this process cannot see, and "written" would be a lie, even when an older file of that name
// is there for this process. Returns the exit code to give.
int check_output_seen(const Command& command, const daemon::RequestAnswer& answer) {
    if (answer.exit_code != ExitOk || !answer.written) return answer.exit_code;
    const daemon::WrittenFile& wrote = *answer.written;
    errno = 0;
    const auto seen = identity_of(wrote.path);
    if (!seen && errno == EACCES) return answer.exit_code;  // may not look: cannot tell
    if (seen && seen->device == wrote.device && seen->inode == wrote.inode) return answer.exit_code;
    std::cerr << "crazykrieg " << command.name << ": the running serve wrote " << wrote.path
              << ", but "
              << (seen ? "this command finds another file there"
                       : "it is not there for this command")
              << ": serve sees another file system (under systemd the service's /tmp is its "
                 "own); name a folder the service may write and you may read (README \"The "
                 "service\")\n";
    return ExitFailure;
}

std::chrono::seconds request_timeout() {
    if (const char* env = std::getenv("CRAZYKRIEG_REQUEST_TIMEOUT")) {
        try {
            const int s = std::stoi(env);
            if (s > 0) return std::chrono::seconds(s);
        } catch (...) {
        }
    }
    return std::chrono::seconds(120);
}

void print_answer(const daemon::RequestAnswer& a) {
    std::cout << a.out << std::flush;
    std::cerr << a.err << std::flush;
}

}  // namespace

std::optional<int> run_through_daemon(const Command& command, const Args& args) {
    if (!command.via_daemon || hosting_daemon() != nullptr || asks_help(args) ||
        (command.runs_alone != nullptr && command.runs_alone(args)))
        return std::nullopt;
    auto config = load_daemon_config(config_option(args),
                                     command.reads_only ? StoreUse::Read : StoreUse::Write);
    if (!config) return std::nullopt;  // the command itself reports it
    const daemon::RequestSpool spool(config->store_dir);
    if (!spool.serving()) return std::nullopt;
    const Args sent = absolute_paths(args);
    auto id = spool.submit(sent);
    if (!id) {
        // Nothing was sent: a failure that may pass (the disk) is worth retrying (75).
        std::cerr << "crazykrieg " << command.name << ": " << id.error().detail << "\n";
        return id.error().transient() ? ExitTempFail : ExitFailure;
    }
    const auto timeout = request_timeout();
    auto give_up = std::chrono::steady_clock::now() + timeout;
    bool picked_up = false;
    for (;;) {
        auto answer = spool.take_answer(*id);
        if (!answer) {
            // Whatever its kind: the request ran, so sending it again is no retry (exit 1).
            std::cerr << "crazykrieg " << command.name << ": " << answer.error().detail << "\n";
            return ExitFailure;
        }
        if (*answer) {
            print_answer(**answer);
            return check_output_seen(command, **answer);
        }
        if (std::chrono::steady_clock::now() >= give_up) {
            if (!picked_up && spool.withdraw(*id)) {
                std::cerr << "crazykrieg " << command.name << ": the daemon serving "
                          << config->store_dir << " is not answering (no answer in "
                          << timeout.count() << " s); the request was withdrawn, nothing done\n";
                return ExitTempFail;
            }
            if (picked_up) {
                std::cerr << "crazykrieg " << command.name << ": the daemon serving "
                          << config->store_dir << " took request " << *id
                          << " but gave no answer in " << timeout.count()
                          << " s; see the operator log (it runs once, when the daemon can)\n";
                return ExitTempFail;
            }
            // The daemon has it in hand now: give it one more timeout.
            picked_up = true;
            give_up = std::chrono::steady_clock::now() + timeout;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

daemon::RequestAnswer run_hosted(const Args& args, daemon::Daemon& d) {
    daemon::RequestAnswer answer;
    const Command* command = nullptr;
    for (const auto& c : commands())
        if (!args.empty() && c.name == args[0] && c.via_daemon &&
            (c.runs_alone == nullptr || !c.runs_alone(args)))
            command = &c;
    if (command == nullptr) {
        answer.exit_code = ExitUsage;
        answer.err = "crazykrieg: '" + (args.empty() ? std::string() : args[0]) +
                     "' is not a command a running daemon takes\n";
        return answer;
    }
    std::ostringstream out, err;
    std::streambuf* const cout_buf = std::cout.rdbuf(out.rdbuf());
    std::streambuf* const cerr_buf = std::cerr.rdbuf(err.rdbuf());
    {
        const HostedRun hosted(d);
        try {
            answer.exit_code = command->run(args);
        } catch (const std::exception& e) {
            // As main does with what reaches it (docs/design.md, tier 3).
            std::cerr << "crazykrieg " << args[0] << ": " << e.what() << "\n";
            answer.exit_code = ExitFailure;
        }
        // What it wrote, as this process sees it: the caller checks it sees the same file.
        if (hosted.written()) {
            answer.written = identity_of(*hosted.written());
            if (!answer.written)
                answer.written = daemon::WrittenFile{hosted.written()->string(), 0, 0};
        }
    }
    std::cout.rdbuf(cout_buf);
    std::cerr.rdbuf(cerr_buf);
    answer.out = out.str();
    answer.err = err.str();
    return answer;
}

}  // namespace ck::app
