// crazykrieg backup FILE [--config FILE] (README "Backups"): a consistent snapshot of the store
// and the server secret, compressed with zstd (cli/backup_archive.hpp), taken while `serve`
// runs. Consistency comes from the store's own protocol (store/store.hpp): every process that
// writes the store holds its lock, and whenever nobody holds it the files and journals on disk
// are a committed point (a journal not yet applied is replayed by the Store::open that reads
// the copy). So the backup takes the lock (waiting, as every command does, for a pass in
// progress), copies, and lets go; it never writes into the store, so root may run it.
// FILE "-" writes to standard output; otherwise FILE is written whole (a temp file renamed),
// mode 0600: it holds the server secret.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/backup_archive.hpp"
#include "cli/command_rows.hpp"
#include "cli/command_setup.hpp"
#include "core/atomic_file.hpp"
#include "core/clock.hpp"
#include "core/file_lock.hpp"
#include "store/game_layout.hpp"

namespace ck::cli {
namespace {

namespace fs = std::filesystem;

int fail(const std::string& message) {
    std::cerr << "crazykrieg backup: " << message << "\n";
    return ExitFailure;
}

// The store's entries to copy, sorted: everything but its lock files and temp files (names
// beginning with '.', store/fs_util.hpp), as paths relative to the store.
std::vector<fs::path> store_entries(const fs::path& root, std::error_code& ec) {
    std::vector<fs::path> out;
    fs::recursive_directory_iterator it(root, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const fs::path rel = fs::relative(it->path(), root);
        const std::string name = it->path().filename().string();
        const bool top = rel.parent_path().empty();
        if (name.front() == '.' || (top && (name == "lock" || name == "serve.lock"))) {
            if (it->is_directory()) it.disable_recursion_pending();
            continue;
        }
        out.push_back(rel);
    }
    std::sort(out.begin(), out.end());
    return out;
}

int run_backup(const Args& args) {
    std::string config_file;
    std::vector<std::string> words;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << "usage: crazykrieg backup FILE [--config FILE]\n"
                         "  a consistent snapshot of the store and the server secret "
                         "(zstd-compressed tar;\n"
                         "  FILE - : standard output), taken while serve runs; "
                         "'crazykrieg restore' unpacks it\n";
            return ExitOk;
        }
        if (a == "--config") {
            if (i + 1 >= args.size()) return usage_error("backup", "--config needs a FILE");
            config_file = args[++i];
        } else if (a != "-" && !a.empty() && a[0] == '-') {
            return usage_error("backup", "unknown option '" + a + "'");
        } else {
            words.push_back(a);
        }
    }
    if (words.size() != 1) return usage_error("backup", "expected one FILE (or - for stdout)");
    auto config = load_daemon_config(config_file, StoreUse::Read);
    if (!config) return usage_error("backup", config.error());
    const fs::path root = config->store_dir;
    std::error_code ec;
    if (!fs::is_regular_file(root / "lock", ec))
        return fail("no store at " + root.string() + " (it has no lock file)");
    const std::string target = words[0];
    // While `serve` runs it holds the store for its life and runs this command itself
    // (request_client.hpp), before the pass's mail, where the files on disk are a committed
    // point and nothing is being applied; otherwise the store's lock keeps every pass and
    // organiser command out while the copy is taken.
    std::optional<core::FileLock> lock;
    if (hosting_club() != nullptr) {
        if (target == "-")
            return fail(
                "serve is running: give a FILE that its user may write (standard "
                "output is only for a stopped serve)");
    } else {
        auto held = core::FileLock::acquire(root / "lock", StoreWait);
        if (!held) return fail(held.error().describe());
        lock.emplace(std::move(*held));
    }

    const std::string partial = target + ".partial";
    std::ofstream file;
    if (target != "-") {
        const int fd = ::open(partial.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0600);
        if (fd < 0) return fail("cannot create " + partial + ": " + std::strerror(errno));
        ::close(fd);
        file.open(partial, std::ios::binary | std::ios::trunc);
        if (!file) return fail("cannot open " + partial);
    }
    std::ostream& out = target == "-" ? std::cout : file;
    BackupWriter archive(out);
    const auto entries = store_entries(root, ec);
    if (ec) return fail("cannot list the store " + root.string() + ": " + ec.message());
    std::size_t files = 0;
    std::set<core::GameId> games;  // the ids of the files of games/ (store/game_layout.hpp)
    for (const fs::path& rel : entries) {
        const fs::path p = root / rel;
        const std::string name = (fs::path("games") / rel).generic_string();
        if (fs::is_directory(fs::symlink_status(p, ec))) {
            archive.add_directory(name);
            // A store not opened since the flat layout: a directory per game.
            if (rel.parent_path() == "games") {
                if (const auto game = core::game_id_in(rel.filename().string()))
                    games.insert(*game);
            }
            continue;
        }
        if (!fs::is_regular_file(fs::symlink_status(p, ec))) {
            std::cerr << "crazykrieg backup: left out " << p.string() << " (not a regular file)\n";
            continue;
        }
        auto bytes = core::read_file(p);
        if (!bytes) return fail(bytes.error().describe());
        const auto perms = fs::status(p, ec).permissions();
        archive.add_file(name, *bytes, static_cast<unsigned>(perms) & 0777);
        ++files;
        if (rel.parent_path() == "games") {
            if (const auto game = store::parse_flat_game_file_name(rel.filename().string()))
                games.insert(game->first);
        }
    }
    const bool with_secret = fs::exists(config->secret_file, ec);
    if (with_secret) {
        auto secret = core::read_file(config->secret_file);
        if (!secret) return fail(secret.error().describe());
        archive.add_file("secret", *secret, 0600);
    }
    const std::string created = core::format_iso8601(std::chrono::system_clock::now());
    auto done = archive.finish({"created " + created, "referee_address " + config->referee_address,
                                "store " + root.string()});
    if (!done) return fail(done.error() + " " + (target == "-" ? "to stdout" : partial));
    if (target != "-") {
        file.close();
        if (!file) return fail("cannot write " + partial);
        const int fd = ::open(partial.c_str(), O_RDONLY | O_CLOEXEC);
        const bool synced = fd >= 0 && ::fsync(fd) == 0;
        if (fd >= 0) ::close(fd);
        if (!synced) return fail("cannot sync " + partial + ": " + std::strerror(errno));
        fs::rename(partial, target, ec);
        if (ec) return fail("cannot rename " + partial + " to " + target + ": " + ec.message());
        const fs::path dir = fs::absolute(target).parent_path();
        if (auto d = core::sync_directory(dir); !d) return fail(d.error().describe());
        report_written_file(target);
    }
    std::cerr << "backup of " << root.string() << " at " << created << ": " << games.size()
              << " game(s), " << files << " file(s) and the server secret"
              << (target == "-" ? std::string(" to stdout") : " in " + target) << "\n";
    return ExitOk;
}

}  // namespace

Command backup_command() {
    return {"backup", "a consistent, compressed snapshot of the store (FILE)", run_backup,
            /*via_daemon=*/true, /*reads_only=*/true};
}
}  // namespace ck::cli
