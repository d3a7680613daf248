#include <catch2/catch.hpp>
#include <string>

#include "core/result.hpp"

using ck::core::Result;
using ck::core::unexpected;

namespace {
Result<int, std::string> half(int x) {
    if (x % 2) return unexpected(std::string("odd"));
    return x / 2;
}
Result<void, std::string> check_positive(int x) {
    if (x <= 0) return unexpected(std::string("not positive"));
    return {};
}
}  // namespace

TEST_CASE("Result carries a value or an error") {
    auto a = half(4);
    REQUIRE(a.has_value());
    CHECK(*a == 2);
    auto b = half(3);
    REQUIRE_FALSE(b);
    CHECK(b.error() == "odd");
    CHECK(b.value_or(-1) == -1);
}

TEST_CASE("Result<void> reports success or an error") {
    CHECK(check_positive(1).has_value());
    auto r = check_positive(0);
    REQUIRE_FALSE(r);
    CHECK(r.error() == "not positive");
}
