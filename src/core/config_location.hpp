#pragma once
// Which configuration file a command uses (README "Configuration"), decided in one place so
// that no organiser repeats --config on every command and no command quietly takes another
// store than the service's. The order:
//   1. the command line (--config FILE);
//   2. the environment ($CRAZYKRIEG_CONFIG, when set and not empty);
//   3. the system configuration of an installed binary: when the running executable is
//      PREFIX/bin/crazykrieg of an installed tree (PREFIX/share/crazykrieg/templates is a
//      directory, the marker data_files.hpp uses too), system_config_file(PREFIX), if that
//      file exists (the Debian package: /usr/bin/crazykrieg reads /etc/crazykrieg/crazykrieg.conf);
//   4. none: the embedded default, everything under ./var of the working directory (a build
//      tree's binary, such as the README's quick start, always ends here unless 1 or 2 say).
// Whether the binary is "the installed one" is judged from the executable's own path
// (/proc/self/exe, links resolved), never from $PATH or argv[0], so a copy in a build tree or
// under another prefix is not mistaken for the packaged one. A file named by 1 or 2 is taken
// as given even when it does not exist (loading it names the missing file).
#include <filesystem>
#include <string>

namespace ck::core {

struct ConfigChoice {
    std::string file;    // empty: the embedded default
    std::string origin;  // why: "--config", "CRAZYKRIEG_CONFIG", "system configuration of ..."
};

inline constexpr const char* ConfigEnvironmentVariable = "CRAZYKRIEG_CONFIG";

// The system configuration file of an installation under `prefix`, as GNU install directories
// place sysconfdir: /etc/crazykrieg/crazykrieg.conf for the prefix /usr, otherwise
// PREFIX/etc/crazykrieg/crazykrieg.conf.
std::filesystem::path system_config_file(const std::filesystem::path& prefix);

// The order above, with the environment value (`environment`, null when unset) and the
// executable's directory (`exe_dir`, empty when unknown) given, for tests.
ConfigChoice locate_config(const std::string& option, const char* environment,
                           const std::filesystem::path& exe_dir);

// The same for this process: $CRAZYKRIEG_CONFIG and core::executable_dir().
ConfigChoice locate_config(const std::string& option);

}  // namespace ck::core
