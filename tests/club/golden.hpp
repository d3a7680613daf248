#pragma once
// Golden files of the club tests: tests/data/club/golden/<name>. CK_UPDATE_GOLDEN=1 rewrites
// them instead of comparing (review the diff by eye), as tests/compose does.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace ck::club::test {

inline void check_golden(const std::string& name, const std::string& bytes) {
    const std::string path = std::string(CK_TEST_DATA) + "/club/golden/" + name;
    const char* update = std::getenv("CK_UPDATE_GOLDEN");
    if (update != nullptr && std::string(update) == "1") {
        std::ofstream out(path, std::ios::binary);
        out << bytes;
        REQUIRE(out.good());
        WARN("rewrote " << path);
        return;
    }
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    INFO("golden file " << path << " (CK_UPDATE_GOLDEN=1 rewrites it)");
    CHECK(bytes == s.str());
}

}  // namespace ck::club::test
