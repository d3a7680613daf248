#pragma once
// What every command that reads or writes the club's store sets up (site, ratings, backup here;
// the organiser commands and the daemon's in app/daemon_setup.hpp): the configuration
// (--config FILE, $CRAZYKRIEG_CONFIG, the installed system file or the embedded default under
// ./var/: core/config_location.hpp), the store, the templates and the clock (--now ISO-8601).
#include <chrono>
#include <filesystem>
#include <memory>
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

private:
    HostingClub club_;
    const HostingClub* outer_;
};

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
// The hosting daemon's store, else store::Store::open of config.store_dir (the directory
// created): what `site` and `ratings` read.
core::Result<CommandStore, std::string> open_command_store(const league::Config& config);
// The hosting daemon's store, else league::open_club_store of config.store_dir (the club state
// of an older store migrated, league/club_migration.hpp), waiting up to StoreWait: how the
// organiser commands open the club's store.
core::Result<CommandStore, std::string> open_club_command_store(const league::Config& config);

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
