// core/config_location.hpp: --config, then $CRAZYKRIEG_CONFIG, then the installed binary's
// system configuration, then the embedded default (README "Configuration").
#include "core/config_location.hpp"

#include <catch2/catch.hpp>
#include <fstream>

#include "temp_dir.hpp"

namespace fs = std::filesystem;
using ck::core::locate_config;
using ck::core::system_config_file;

namespace {

// PREFIX/bin with PREFIX/share/crazykrieg/templates: an installed tree, as cmake --install lays
// it out; `with_config`: PREFIX/etc/crazykrieg/crazykrieg.conf as well.
fs::path installed_tree(const fs::path& prefix, bool with_config) {
    fs::create_directories(prefix / "bin");
    fs::create_directories(prefix / "share" / "crazykrieg" / "templates");
    if (with_config) {
        fs::create_directories(prefix / "etc" / "crazykrieg");
        std::ofstream(prefix / "etc" / "crazykrieg" / "crazykrieg.conf") << "[store]\n";
    }
    return prefix / "bin";
}

}  // namespace

TEST_CASE("the system configuration of a prefix is where GNU install directories put it") {
    CHECK(system_config_file("/usr") == fs::path("/etc/crazykrieg/crazykrieg.conf"));
    CHECK(system_config_file("/usr/") == fs::path("/etc/crazykrieg/crazykrieg.conf"));
    CHECK(system_config_file("/usr/local") ==
          fs::path("/usr/local/etc/crazykrieg/crazykrieg.conf"));
    CHECK(system_config_file("/opt/ck/usr") ==
          fs::path("/opt/ck/usr/etc/crazykrieg/crazykrieg.conf"));
}

TEST_CASE("the --config option wins over the environment and the installed configuration") {
    ck::test::TempDir tmp;
    const fs::path bin = installed_tree(tmp.path() / "usr", true);
    const auto c = locate_config("club.conf", "/srv/env.conf", bin);
    CHECK(c.file == "club.conf");
    CHECK(c.origin == "--config");
}

TEST_CASE("CRAZYKRIEG_CONFIG wins over the installed configuration; empty counts as unset") {
    ck::test::TempDir tmp;
    const fs::path bin = installed_tree(tmp.path() / "usr", true);
    const auto c = locate_config("", "/srv/env.conf", bin);
    CHECK(c.file == "/srv/env.conf");
    CHECK(c.origin == "CRAZYKRIEG_CONFIG");
    const auto unset = locate_config("", "", bin);
    CHECK(unset.file == (tmp.path() / "usr" / "etc" / "crazykrieg" / "crazykrieg.conf").string());
}

TEST_CASE("an installed binary reads its system configuration") {
    ck::test::TempDir tmp;
    const fs::path bin = installed_tree(tmp.path() / "usr", true);
    const auto c = locate_config("", nullptr, bin);
    CHECK(c.file == (tmp.path() / "usr" / "etc" / "crazykrieg" / "crazykrieg.conf").string());
    CHECK(c.origin.find("system configuration of the installed") == 0);
    CHECK(c.origin.find((bin / "crazykrieg").string()) != std::string::npos);
}

TEST_CASE("an installed binary without its system file takes the embedded default, saying so") {
    ck::test::TempDir tmp;
    const fs::path bin = installed_tree(tmp.path() / "usr", false);
    const auto c = locate_config("", nullptr, bin);
    CHECK(c.file.empty());
    CHECK(c.origin.find("has no") != std::string::npos);
}

TEST_CASE("a binary outside an installed tree takes the embedded default") {
    ck::test::TempDir tmp;
    // A build directory: build/crazykrieg beside the source tree's templates/, and a bin/
    // directory without share/crazykrieg/templates next to it.
    fs::create_directories(tmp.path() / "build");
    fs::create_directories(tmp.path() / "templates");
    fs::create_directories(tmp.path() / "other" / "bin");
    fs::create_directories(tmp.path() / "other" / "etc" / "crazykrieg");
    std::ofstream(tmp.path() / "other" / "etc" / "crazykrieg" / "crazykrieg.conf") << "\n";
    for (const fs::path& dir : {tmp.path() / "build", tmp.path() / "other" / "bin", fs::path()}) {
        const auto c = locate_config("", nullptr, dir);
        CHECK(c.file.empty());
        CHECK(c.origin.find("embedded default ./var") == 0);
    }
}
