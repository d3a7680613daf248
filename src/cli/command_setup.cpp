#include "cli/command_setup.hpp"

#include <filesystem>
#include <system_error>

#include "cli/store_owner.hpp"
#include "core/config_location.hpp"
#include "core/data_files.hpp"
#include "league/club_migration.hpp"

namespace ck::cli {
namespace {
const HostingClub* hosting = nullptr;
}  // namespace

const HostingClub* hosting_club() { return hosting; }
HostedClub::HostedClub(const league::Config& config, store::Store& store,
                       league::GameRepository& games)
    : club_{config, store, games}, outer_(hosting) {
    hosting = &club_;
}
HostedClub::~HostedClub() { hosting = outer_; }

core::Result<CommandStore, std::string> open_command_store(const league::Config& config) {
    if (hosting) return CommandStore(hosting->store);
    std::error_code ec;
    std::filesystem::create_directories(config.store_dir, ec);
    auto s = store::Store::open(config.store_dir, StoreWait);
    if (!s) return core::unexpected(s.error().describe());
    return CommandStore(std::make_unique<store::Store>(std::move(*s)));
}

core::Result<CommandStore, std::string> open_club_command_store(const league::Config& config) {
    if (hosting) return CommandStore(hosting->store);
    std::error_code ec;
    std::filesystem::create_directories(config.store_dir, ec);
    auto s = league::open_club_store(config.store_dir, StoreWait);
    if (!s) return core::unexpected(s.error().detail);
    return CommandStore(std::make_unique<store::Store>(std::move(*s)));
}

core::Result<league::Config, std::string> load_daemon_config(const std::string& config_file,
                                                             StoreUse use) {
    if (hosting) return hosting->config;
    const core::ConfigChoice chosen = core::locate_config(config_file);
    auto c = chosen.file.empty()
                 ? core::Result<league::Config, league::ConfigError>(league::default_config())
                 : league::load_config_file(chosen.file);
    if (!c) return core::unexpected(c.error().message);
    if (use == StoreUse::Write) {
        if (auto mine = check_store_owner(c->store_dir); !mine)
            return core::unexpected(mine.error());
    }
    return std::move(*c);
}

std::filesystem::path templates_dir(const std::string& option, const league::Config& config) {
    return core::locate_templates(option, config.templates).dir;
}

core::Result<std::unique_ptr<core::Clock>, std::string> make_clock(const std::string& now) {
    if (now.empty()) return std::unique_ptr<core::Clock>(std::make_unique<core::SystemClock>());
    auto t = core::parse_iso8601(now);
    if (!t) return core::unexpected(t.error().message);
    return std::unique_ptr<core::Clock>(std::make_unique<core::FixedClock>(*t));
}

}  // namespace ck::cli
