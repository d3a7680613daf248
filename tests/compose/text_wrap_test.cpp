#include <catch2/catch.hpp>

#include "compose/text_wrap.hpp"

using namespace ck::compose;

TEST_CASE("columns count code points, not bytes") {
    CHECK(columns("abc") == 3);
    CHECK(columns("K\u00f6nig \u2654") == 7);
}

TEST_CASE("long lines break at spaces and keep their quote prefix") {
    std::string quoted = "> " + std::string(50, 'a') + " " + std::string(40, 'b');
    std::string out = wrap_lines("short\n" + quoted + "\n", 78);
    CHECK(out == "short\n> " + std::string(50, 'a') + "\n> " + std::string(40, 'b') + "\n");
    // No space at all: a hard break at the width.
    std::string hard = wrap_lines(std::string(100, 'x'), 78);
    CHECK(hard == std::string(78, 'x') + "\n" + std::string(22, 'x'));
}

TEST_CASE("units are joined into lines no wider than asked") {
    std::vector<std::string> units;
    for (int i = 1; i <= 30; ++i) units.push_back(std::to_string(i) + ". e4 ...");
    std::string out = join_wrapped(units, 76);
    std::size_t start = 0;
    int lines = 0;
    while (start <= out.size()) {
        std::size_t nl = out.find('\n', start);
        std::string line =
            out.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        CHECK(columns(line) <= 76);
        CHECK(line.substr(line.size() - 3) == "...");  // never split inside a unit
        ++lines;
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    CHECK(lines > 1);
}
