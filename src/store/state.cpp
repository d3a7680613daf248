#include "store/state.hpp"

#include <functional>
#include <mutex>
#include <set>

namespace ck::store {
std::string_view namespace_name(Namespace ns) { return ns.name(); }

std::optional<Namespace> namespace_of(std::string_view name) {
    if (!valid_namespace_name(name)) return std::nullopt;
    // A node-based set: a name's characters never move once inserted.
    static std::mutex lock;
    static std::set<std::string, std::less<>> names;
    const std::lock_guard<std::mutex> hold(lock);
    auto it = names.find(name);
    if (it == names.end()) it = names.emplace(name).first;
    return Namespace(*it);
}

bool valid_record_key(std::string_view key) {
    if (key.empty() || key.size() > 200) return false;
    for (const char c : key) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x21 || u > 0x7e) return false;
    }
    return true;
}

std::string encode_state_file(const std::map<std::string, std::string>& records) {
    std::string out;
    for (const auto& [key, bytes] : records) {
        out += "put " + key + " " + std::to_string(bytes.size()) + "\n";
        out += bytes;
        out += '\n';
    }
    out += "end\n";
    return out;
}

core::Result<std::map<std::string, std::string>, std::string> parse_state_file(std::string_view s) {
    std::map<std::string, std::string> records;
    std::size_t pos = 0;
    for (;;) {
        const std::size_t eol = s.find('\n', pos);
        if (eol == std::string_view::npos) return core::unexpected(std::string("no end line"));
        const std::string_view line = s.substr(pos, eol - pos);
        pos = eol + 1;
        if (line == "end") break;
        const std::size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
        if (line.substr(0, 4) != "put " || sp1 == sp2)
            return core::unexpected(std::string("bad line"));
        const std::string key(line.substr(sp1 + 1, sp2 - sp1 - 1));
        const std::string_view len_text = line.substr(sp2 + 1);
        std::uint64_t len = 0;
        if (!valid_record_key(key) || len_text.empty() || len_text.size() > 12)
            return core::unexpected(std::string("bad record head"));
        for (const char c : len_text) {
            if (c < '0' || c > '9') return core::unexpected(std::string("bad record length"));
            len = len * 10 + static_cast<std::uint64_t>(c - '0');
        }
        if (len > s.size() - pos || s.size() - pos - len < 1 || s[pos + len] != '\n')
            return core::unexpected(std::string("truncated record"));
        // Keys are written sorted (encode_state_file): each goes at the end, in constant time.
        records.insert_or_assign(records.end(), key, std::string(s.substr(pos, len)));
        pos += len + 1;
    }
    if (pos != s.size()) return core::unexpected(std::string("data after end line"));
    return records;
}

}  // namespace ck::store
