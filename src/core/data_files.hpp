#pragma once
// Where crazykrieg finds its data files (README "Finding its files"): the one place that decides
// the template folder, so that no command depends on the working directory. The order:
//   1. the command line (--templates DIR),
//   2. the configuration ([mail] templates),
//   3. <executable's dir>/../share/crazykrieg/templates (an installed tree, wherever it was moved),
//   4. <executable's dir>/../templates (a build directory inside the source tree),
//   5. the install data dir compiled in (CMAKE_INSTALL_FULL_DATADIR/crazykrieg/templates).
// An explicit choice (1, 2) is taken as given, even when it does not exist, so that a mistake is
// reported rather than silently replaced; of 3-5 the first existing directory wins, and 5 when
// none exists (loading it then names the missing folder).
#include <filesystem>
#include <string>

namespace ck::core {

struct DataDir {
    std::filesystem::path dir;
    std::string origin;  // why this one: "--templates", "[mail] templates", "installed", ...
};

// The directory holding the running executable (/proc/self/exe, symbolic links resolved);
// empty when it cannot be read.
std::filesystem::path executable_dir();

// The template folder, by the order above. `option` and `configured` are empty when not given.
DataDir locate_templates(const std::string& option, const std::string& configured);

}  // namespace ck::core
