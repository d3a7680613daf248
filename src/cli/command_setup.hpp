#pragma once
// What every command that reads or writes the club's store sets up (site, ratings, backup here;
// the organiser commands and the daemon's in app/daemon_setup.hpp): the configuration
// (--config FILE, $CRAZYKRIEG_CONFIG, the installed system file or the embedded default under
// ./var/: core/config_location.hpp), the store, the templates and the clock (--now ISO-8601).
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/result.hpp"
#include "league/config.hpp"
#include "league/game_repository.hpp"
#include "store/store.hpp"

namespace ck::cli {

// How long a command waits for the store while another command holds it. `serve` holds the
// store for its life: while it runs, commands reach it through the request spool instead
// (app/request_client.hpp) and never wait here for it.
inline constexpr std::chrono::seconds StoreWait{30};

// While `serve` runs an organiser request (app/request_client.hpp), the configuration, store and
// game repository of the daemon it runs in, else null. A command run so uses them instead of
// opening its own (and reads a game through the repository: a kept game is not replayed).
struct HostingClub {
    const league::Config& config;
    store::Store& store;
    league::GameRepository& games;
};
const HostingClub* hosting_club();
// Sets hosting_club() for its life (app::HostedRun, around one hosted command).
class HostedClub {
public:
    HostedClub(const league::Config& config, store::Store& store, league::GameRepository& games);
    ~HostedClub();
    HostedClub(const HostedClub&) = delete;
    HostedClub& operator=(const HostedClub&) = delete;
    // The file the hosted command reported writing (report_written_file), if it did.
    const std::optional<std::filesystem::path>& written() const { return written_; }

private:
    friend void report_written_file(const std::filesystem::path& file);
    HostingClub club_;
    const HostingClub* outer_;
    HostedClub* outer_hosted_;
    std::optional<std::filesystem::path> written_;
};

// A command that wrote a file outside the store for whoever ran it (`site DIR`: DIR/index.html,
// `backup FILE`: FILE) says so here once it is written. Hosted, the daemon's answer carries that
// file (daemon::RequestAnswer::written), and the command's own process checks that it sees
// that very file (app/request_client.hpp); run by itself, nothing is recorded.
void report_written_file(const std::filesystem::path& file);

// The store a command reads and writes: opened by the command (waiting up to StoreWait), or
// the hosting daemon's.
class CommandStore {
public:
    explicit CommandStore(store::Store& hosted) : store_(&hosted) {}
    explicit CommandStore(std::unique_ptr<store::Store> owned)
        : owned_(std::move(owned)), store_(owned_.get()) {}
    store::Store& operator*() const { return *store_; }
    store::Store* operator->() const { return store_; }

private:
    std::unique_ptr<store::Store> owned_;
    store::Store* store_;
};
// What a command does when config.store_dir holds no store yet. A command that only reads the
// club (`player list`, `game show`, `site`, ...) refuses with "there is no store at PATH" and
// how to make one (exit 1: the store could not be used); a command that writes creates it.
enum class IfNoStore { Refuse, Create };

// The hosting daemon's store, else league::open_club_store of config.store_dir (store::Store::open
// waiting up to StoreWait, then the club state of an older store migrated to this build's
// layout, league/club_migration.hpp): the one way every command opens the club's store. Reading
// commands migrate too: an older store read without it shows no players, tournaments or
// challenges (they live in its legacy files), and the daemon's open migrates it the same way.
core::Result<CommandStore, std::string> open_command_store(const league::Config& config,
                                                           IfNoStore if_none);

// Loads the configuration chosen by core::locate_config (core/config_location.hpp):
// `config_file` (--config, empty when not given), else $CRAZYKRIEG_CONFIG, else the installed
// binary's system configuration, else the embedded default; the hosting daemon's when hosted.
// StoreUse::Write (every command that opens the store: opening may replay a journal or create
// files) also refuses a store owned by another user (store_owner.hpp); Read (config check,
// backup, which never write into the store) does not.
enum class StoreUse { Read, Write };
core::Result<league::Config, std::string> load_daemon_config(const std::string& config_file,
                                                             StoreUse use = StoreUse::Write);

// The template folder: --templates (`option`, empty when not given), else [mail] templates, else
// beside the executable or compiled in (core/data_files.hpp; README "Finding its files").
std::filesystem::path templates_dir(const std::string& option, const league::Config& config);

// A FixedClock at `now` (ISO 8601) or the system clock when empty.
core::Result<std::unique_ptr<core::Clock>, std::string> make_clock(const std::string& now);

}  // namespace ck::cli
