#include <catch2/catch.hpp>
#include <string>

#include "core/text.hpp"

namespace core = ck::core;

TEST_CASE("lower_ascii folds A-Z only", "[text]") {
    CHECK(core::lower_ascii("Ann@Example.ORG") == "ann@example.org");
    CHECK(core::lower_ascii("\xC3\x89t\xC3\xA9") == "\xC3\x89t\xC3\xA9");  // "Été" unchanged
    CHECK(core::lower_ascii("") == "");
}

TEST_CASE("trim_ascii removes ASCII space at both ends", "[text]") {
    CHECK(core::trim_ascii("  key = value \t\r\n") == "key = value");
    CHECK(core::trim_ascii("\t \r\n") == "");
    CHECK(core::trim_ascii("") == "");
    CHECK(core::trim_ascii("a") == "a");
    CHECK(core::trim_ascii(" a b ") == "a b");
    // A no-break space (U+00A0) is not ASCII space: it stays.
    CHECK(core::trim_ascii("\xC2\xA0x\xC2\xA0") == "\xC2\xA0x\xC2\xA0");
}

TEST_CASE("the set of bytes to trim can be given", "[text]") {
    CHECK(core::trim_ascii(" x\r\n", " \t") == "x\r\n");
    CHECK(core::trim_ascii("--x--", "-") == "x");
}

TEST_CASE("trim_start_ascii and trim_end_ascii trim one end", "[text]") {
    CHECK(core::trim_start_ascii("  > quoted ") == "> quoted ");
    CHECK(core::trim_end_ascii("  line \t\r") == "  line");
    CHECK(core::trim_start_ascii(" \t", " \t").empty());
    CHECK(core::trim_end_ascii("   ").empty());
    CHECK(core::trim_end_ascii("x\n", " \t\r") == "x\n");
}
