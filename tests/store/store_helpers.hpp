#pragma once
// Shared helpers of the store tests.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/clock.hpp"
#include "store/store.hpp"

namespace ck::test {

inline core::TimePoint at(const char* iso) { return *core::parse_iso8601(iso); }

// Names in `dir` (sorted), or none if it does not exist.
inline std::vector<std::string> names_in(const std::filesystem::path& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(dir, ec);
         !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
        out.push_back(it->path().filename().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

inline std::string slurp(const std::filesystem::path& p) {
    auto r = core::read_file(p);
    return r ? *r : std::string("<missing>");
}

// Lines of the ledger file.
inline std::vector<std::string> ledger_lines(const std::filesystem::path& root) {
    std::vector<std::string> out;
    const std::string s = slurp(root / "ledger" / "seen");
    size_t pos = 0;
    for (size_t eol; (eol = s.find('\n', pos)) != std::string::npos; pos = eol + 1) {
        out.push_back(s.substr(pos, eol - pos));
    }
    return out;
}

// A game record of `plies` made-up moves under the event `event`: past 8 KB after a few
// hundred plies, so a tail shares whole blocks with the record before it (store.hpp, "tail").
inline std::string record_of(int plies, const std::string& event) {
    std::string s = "[Event \"" + event + "\"]\n\n";
    for (int i = 0; i < plies; ++i) s += std::to_string(i / 2 + 1) + (i % 2 ? "... e5 " : ". e4 ");
    return s + "*\n";
}

}  // namespace ck::test
