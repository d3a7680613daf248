#include "core/config_location.hpp"

#include <cstdlib>
#include <system_error>

#include "core/data_files.hpp"

namespace ck::core {
namespace fs = std::filesystem;

fs::path system_config_file(const fs::path& prefix) {
    fs::path p = prefix.lexically_normal();
    if (!p.has_filename() && p.has_relative_path()) p = p.parent_path();  // "/usr/" is "/usr"
    const fs::path etc = p == fs::path("/usr") ? fs::path("/etc") : p / "etc";
    return etc / "crazykrieg" / "crazykrieg.conf";
}

ConfigChoice locate_config(const std::string& option, const char* environment,
                           const fs::path& exe_dir) {
    if (!option.empty()) return {option, "--config"};
    if (environment != nullptr && *environment != '\0')
        return {environment, ConfigEnvironmentVariable};
    std::error_code ec;
    if (!exe_dir.empty() && exe_dir.filename() == "bin") {
        const fs::path prefix = exe_dir.parent_path();
        if (fs::is_directory(prefix / "share" / "crazykrieg" / "templates", ec)) {
            const fs::path file = system_config_file(prefix);
            const std::string binary = (exe_dir / "crazykrieg").string();
            if (fs::is_regular_file(file, ec))
                return {file.string(), "system configuration of the installed " + binary};
            return {"",
                    "embedded default ./var: the installed " + binary + " has no " + file.string()};
        }
    }
    return {"", "embedded default ./var: no --config, no " +
                    std::string(ConfigEnvironmentVariable) + ", not an installed binary"};
}

ConfigChoice locate_config(const std::string& option) {
    return locate_config(option, std::getenv(ConfigEnvironmentVariable), executable_dir());
}

}  // namespace ck::core
