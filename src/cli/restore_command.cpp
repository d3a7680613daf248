// crazykrieg restore FILE DIR (README "Backups"): checks a backup made by `crazykrieg backup`
// and unpacks it into DIR, a new or empty directory: DIR/games (the store), DIR/secret (the
// server secret, 0600) and DIR/crazykrieg.conf, a configuration naming them (and the Maildirs
// DIR/inbox and DIR/outbox), so that `crazykrieg ... --config DIR/crazykrieg.conf` (or `serve`)
// continues the club from the backup's committed point. Nothing is put in place unless every
// file matches the backup's MANIFEST (cli/backup_archive.hpp) and the store opens (its journals
// replayed, its format checked): it is unpacked into a hidden folder beside DIR first, renamed
// to DIR when all is well. FILE "-" reads standard input.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cli/backup_archive.hpp"
#include "cli/command_rows.hpp"
#include "league/club_migration.hpp"

namespace ck::cli {
namespace {

namespace fs = std::filesystem;

int fail(const std::string& message) {
    std::cerr << "crazykrieg restore: " << message << "\n";
    return ExitFailure;
}

// The configuration of the restored copy: relative paths, so relative to DIR (README
// "Configuration").
std::string restored_config(const std::string& backup, const RestoredBackup& r) {
    const auto value = [&](const std::string& key) {
        const auto it = r.manifest.find(key);
        return it == r.manifest.end() ? std::string() : it->second;
    };
    std::string referee = value("referee_address");
    if (referee.empty()) referee = "referee@club.example";
    return "# Written by `crazykrieg restore` from " + backup + " (taken " + value("created") +
           " of the store\n# " + value("store") +
           "). The store, the server secret and the Maildirs of this copy; the club's other\n"
           "# settings (mail servers, [club], [site]) are at their defaults until you copy them "
           "from the\n# original configuration (README \"Backups\").\n"
           "[store]\ndir = games\n\n[mail]\nreferee_address = " +
           referee + "\nsecret_file = secret\ninbox = inbox\noutbox = outbox\n";
}

int run_restore(const Args& args) {
    std::vector<std::string> words;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << "usage: crazykrieg restore FILE DIR\n"
                         "  checks the backup FILE (- : standard input) and unpacks it into "
                         "DIR (new or empty):\n"
                         "  DIR/games, DIR/secret and DIR/crazykrieg.conf naming them\n";
            return ExitOk;
        }
        if (a != "-" && !a.empty() && a[0] == '-')
            return usage_error("restore", "unknown option '" + a + "'");
        words.push_back(a);
    }
    if (words.size() != 2) return usage_error("restore", "expected FILE DIR");
    const std::string& backup = words[0];
    const fs::path dir = fs::absolute(words[1]).lexically_normal();
    std::error_code ec;
    if (fs::exists(dir, ec) && !(fs::is_directory(dir, ec) && fs::is_empty(dir, ec)))
        return fail(dir.string() + " exists and is not an empty directory: restore into a new one");
    const fs::path staging = dir.parent_path() / ("." + dir.filename().string() + ".restoring");
    fs::remove_all(staging, ec);  // left by a restore that was interrupted
    if (!fs::create_directories(staging, ec) || ec)
        return fail("cannot create " + staging.string() + ": " + ec.message());
    fs::permissions(staging, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec,
                    ec);
    const auto give_up = [&](const std::string& message) {
        std::error_code ignored;
        fs::remove_all(staging, ignored);
        return fail(message + "; nothing was restored");
    };

    std::ifstream file;
    if (backup != "-") {
        file.open(backup, std::ios::binary);
        if (!file) return give_up("cannot read " + backup);
    }
    auto unpacked = unpack_backup(backup == "-" ? std::cin : file, staging);
    if (!unpacked) return give_up(backup + ": " + unpacked.error());
    if (!fs::is_directory(staging / "games", ec)) return give_up(backup + ": it holds no store");
    {
        std::ofstream conf(staging / "crazykrieg.conf");
        conf << restored_config(backup, *unpacked);
        if (!conf) return give_up("cannot write " + (staging / "crazykrieg.conf").string());
    }
    // The store must open: format checked, journals replayed (a committed point).
    std::size_t games = 0;
    {
        auto store = league::open_club_store(staging / "games", std::chrono::milliseconds{0});
        if (!store) return give_up("the restored store does not open: " + store.error().detail);
        auto ids = store->list_games();
        if (!ids) return give_up(ids.error().describe());
        games = ids->size();
    }
    if (fs::exists(dir, ec)) fs::remove(dir, ec);  // empty, checked above
    fs::rename(staging, dir, ec);
    if (ec) return give_up("cannot rename " + staging.string() + " to " + dir.string());
    std::cout << "restored " << unpacked->files << " file(s), " << games
              << " game(s), of the backup taken " << unpacked->manifest["created"] << " into "
              << dir.string() << "\nits configuration: " << (dir / "crazykrieg.conf").string()
              << " (crazykrieg ... --config " << (dir / "crazykrieg.conf").string() << ")\n";
    return ExitOk;
}

}  // namespace

Command restore_command() {
    return {"restore", "check a backup and unpack it into a new directory (FILE DIR)", run_restore};
}
}  // namespace ck::cli
