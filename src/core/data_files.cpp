#include "core/data_files.hpp"

#include <system_error>

#ifndef CK_INSTALL_DATADIR
#define CK_INSTALL_DATADIR "/usr/local/share/crazykrieg"
#endif

namespace ck::core {
namespace fs = std::filesystem;

fs::path executable_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    return exe.parent_path();
}

DataDir locate_templates(const std::string& option, const std::string& configured) {
    if (!option.empty()) return {option, "--templates"};
    if (!configured.empty()) return {configured, "[mail] templates"};
    std::error_code ec;
    if (const fs::path exe = executable_dir(); !exe.empty()) {
        const fs::path installed = exe.parent_path() / "share" / "crazykrieg" / "templates";
        if (fs::is_directory(installed, ec)) return {installed, "installed, beside the executable"};
        const fs::path source_tree = exe.parent_path() / "templates";
        if (fs::is_directory(source_tree, ec)) return {source_tree, "source tree of the build"};
    }
    return {fs::path(CK_INSTALL_DATADIR) / "templates", "compiled-in install data dir"};
}

}  // namespace ck::core
