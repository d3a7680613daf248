#include "store/game_layout.hpp"

#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <string_view>
#include <vector>

#include "core/atomic_file.hpp"
#include "store/fs_util.hpp"
#include "store/transaction.hpp"

namespace ck::store {

namespace fs = std::filesystem;

std::string flat_game_file_name(GameId game, const std::string& name) {
    return to_string(game) + "." + name;
}

std::optional<std::pair<GameId, std::string>> parse_flat_game_file_name(const std::string& entry) {
    const auto dot = entry.find('.');
    if (dot == std::string::npos || dot == 0) return std::nullopt;
    const auto game = core::game_id_in(std::string_view(entry).substr(0, dot));
    std::string name = entry.substr(dot + 1);
    if (!game || !valid_game_file_name(name)) return std::nullopt;
    return std::make_pair(*game, std::move(name));
}

namespace {

core::IoError migration_error(const fs::path& path, const std::string& what) {
    return core::IoError{
        std::make_error_code(std::errc::invalid_argument), path.string(),
        "cannot move the game files to the flat layout (games/<id>.<name>): " + what};
}

// One old name and the flat name it moves to.
struct Move {
    fs::path from, to;
};

// Gives `m.to` the inode of `m.from` (link(2)); a flat name of another inode, left by an
// interrupted move whose directory entry then changed, is replaced by the directory's file.
core::Result<void, core::IoError> link_flat(const Move& m) {
    if (::link(m.from.c_str(), m.to.c_str()) == 0) return {};
    if (errno != EEXIST)
        return core::unexpected(core::io_error_from_errno(errno, m.to.string(), "cannot link"));
    struct stat a {
    }, b{};
    if (::stat(m.from.c_str(), &a) != 0 || ::stat(m.to.c_str(), &b) != 0)
        return core::unexpected(core::io_error_from_errno(errno, m.to.string(), "cannot stat"));
    if (a.st_dev == b.st_dev && a.st_ino == b.st_ino) return {};  // linked before a crash
    if (::rename(m.from.c_str(), m.to.c_str()) != 0)
        return core::unexpected(core::io_error_from_errno(errno, m.to.string(), "cannot rename"));
    return {};
}

}  // namespace

core::Result<void, core::IoError> migrate_game_directories(
    const fs::path& games, std::optional<std::size_t> stop_after_for_test) {
    auto entries = list_names(games);
    if (!entries) return core::unexpected(entries.error());
    std::vector<fs::path> dirs;
    std::vector<Move> moves;
    for (const auto& entry : *entries) {
        const auto game = core::game_id_in(entry);
        std::error_code ec;
        if (!game || !fs::is_directory(games / entry, ec)) continue;
        const fs::path dir = games / entry;
        auto names = list_names(dir);
        if (!names) return core::unexpected(names.error());
        for (const auto& name : *names) {
            const fs::path from = dir / name;
            if (is_temp_name(name)) {  // never committed (store.hpp, Sweep)
                if (::unlink(from.c_str()) != 0 && errno != ENOENT)
                    return core::unexpected(
                        core::io_error_from_errno(errno, from.string(), "cannot remove temp file"));
                continue;
            }
            if (!valid_game_file_name(name) || !fs::is_regular_file(from, ec))
                return core::unexpected(
                    migration_error(from, "not a game file (move or remove it by hand)"));
            moves.push_back({from, games / flat_game_file_name(*game, name)});
        }
        dirs.push_back(dir);
    }
    if (dirs.empty()) return {};
    std::size_t steps = 0;
    const auto stop_here = [&] { return stop_after_for_test && steps++ >= *stop_after_for_test; };
    for (const Move& m : moves) {
        if (stop_here()) return {};
        if (auto l = link_flat(m); !l) return l;
    }
    // The flat names are durable before any old name goes.
    if (auto d = core::sync_directory(games); !d) return d;
    for (const Move& m : moves) {
        if (stop_here()) return {};
        if (::unlink(m.from.c_str()) != 0 && errno != ENOENT)
            return core::unexpected(
                core::io_error_from_errno(errno, m.from.string(), "cannot remove"));
    }
    for (const fs::path& dir : dirs) {
        if (stop_here()) return {};
        if (::rmdir(dir.c_str()) != 0 && errno != ENOENT)
            return core::unexpected(
                core::io_error_from_errno(errno, dir.string(), "cannot remove directory"));
    }
    // The directories are gone for good before the caller records layout 2.
    return core::sync_directory(games);
}

}  // namespace ck::store
