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
HostedClub* hosted = nullptr;

// A reading command run where no store is: the likely causes (no --config, or a working
// directory other than the club's) and the cure, naming the folder.
std::string no_store_message(const std::string& dir) {
    std::error_code ec;
    const std::filesystem::path shown = std::filesystem::absolute(dir, ec).lexically_normal();
    return "there is no store at " + shown.string() +
           " (nothing was created): name the club's configuration with --config FILE or "
           "CRAZYKRIEG_CONFIG (README \"Configuration\"), or make a store there with "
           "crazykrieg player add NAME EMAIL";
}
}  // namespace

const HostingClub* hosting_club() { return hosting; }
HostedClub::HostedClub(const league::Config& config, store::Store& store,
                       league::GameRepository& games)
    : club_{config, store, games}, outer_(hosting), outer_hosted_(hosted) {
    hosting = &club_;
    hosted = this;
}
HostedClub::~HostedClub() {
    hosting = outer_;
    hosted = outer_hosted_;
}

void report_written_file(const std::filesystem::path& file) {
    std::error_code ec;
    if (hosted) hosted->written_ = std::filesystem::absolute(file, ec).lexically_normal();
}

core::Result<CommandStore, std::string> open_command_store(const league::Config& config,
                                                           IfNoStore if_none) {
    if (hosting) return CommandStore(hosting->store);
    std::error_code ec;
    if (if_none == IfNoStore::Refuse && !std::filesystem::exists(config.store_dir, ec) && !ec)
        return core::unexpected(no_store_message(config.store_dir));
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
