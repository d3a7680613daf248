#include "daemon/players.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/atomic_file.hpp"

namespace ck::daemon {

std::string lower_ascii(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

core::Result<Players, std::string> Players::load(const std::filesystem::path& file) {
    Players p;
    p.file_ = file;
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return p;
    auto text = core::read_file(file);
    if (!text)
        return core::unexpected("cannot read " + file.string() + ": " + text.error().message);
    std::istringstream in(*text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const auto tab = line.find('\t');
        if (tab == std::string::npos) return core::unexpected("bad line in " + file.string());
        p.players_.push_back(Player{line.substr(tab + 1), line.substr(0, tab)});
    }
    return p;
}

const Player* Players::find(const std::string& address) const {
    const std::string a = lower_ascii(address);
    for (const auto& p : players_)
        if (p.address == a) return &p;
    return nullptr;
}

core::Result<void, std::string> Players::add(const std::string& name, const std::string& address) {
    if (name.empty() || name.find_first_of("\t\r\n") != std::string::npos)
        return core::unexpected(std::string("bad player name"));
    const std::string a = lower_ascii(address);
    const auto at = a.find('@');
    if (at == std::string::npos || at == 0 || at + 1 == a.size() ||
        a.find_first_of(" \t\r\n<>,") != std::string::npos ||
        a.find('@', at + 1) != std::string::npos)
        return core::unexpected("bad address '" + address + "'");
    if (find(a)) return core::unexpected("player " + a + " is already registered");
    players_.push_back(Player{name, a});
    std::string bytes;
    for (const auto& p : players_) bytes += p.address + "\t" + p.name + "\n";
    auto w = core::write_file_atomic(file_, bytes, 0644);
    if (!w) {
        players_.pop_back();
        return core::unexpected("cannot write " + file_.string() + ": " + w.error().message);
    }
    return {};
}

}  // namespace ck::daemon
