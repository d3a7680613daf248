#pragma once
// Golden files of the tests: `bytes` must equal the file at `path` byte for byte.
// CK_UPDATE_GOLDEN=1 rewrites the file instead of comparing (review the diff by eye).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace ck::test {

inline void check_golden_file(const std::string& path, const std::string& bytes) {
    const char* update = std::getenv("CK_UPDATE_GOLDEN");
    if (update != nullptr && std::string(update) == "1") {
        std::ofstream out(path, std::ios::binary);
        out << bytes;
        REQUIRE(out.good());
        WARN("rewrote " << path);
        return;
    }
    std::ifstream in(path, std::ios::binary);
    std::ostringstream golden;
    golden << in.rdbuf();
    INFO("golden file " << path << " (CK_UPDATE_GOLDEN=1 rewrites it)");
    CHECK(bytes == golden.str());
}

}  // namespace ck::test
