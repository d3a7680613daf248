#pragma once
// The club's player registry (cli.md `crazykrieg player add NAME EMAIL`, `player list`).
// The store only writes game files through a Transaction, so the registry is a separate file
// under the store root, `<store root>/players`, replaced whole with core::write_file_atomic
// (style guide, "Durable state"). One player a line: "<address>\t<name>", address lower-cased.
// Addresses are unique; adding a known address is an error.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace ck::daemon {

struct Player {
    std::string name;
    std::string address;  // lower-case addr-spec
};

class Players {
public:
    // A missing file is an empty registry.
    static core::Result<Players, std::string> load(const std::filesystem::path& file);
    const std::vector<Player>& all() const { return players_; }
    // Case-insensitive.
    const Player* find(const std::string& address) const;
    // Validates NAME (no tab or line break, not empty) and EMAIL (local@domain, no blanks),
    // then rewrites the file atomically.
    core::Result<void, std::string> add(const std::string& name, const std::string& address);

private:
    std::filesystem::path file_;
    std::vector<Player> players_;
};

std::string lower_ascii(std::string s);

}  // namespace ck::daemon
