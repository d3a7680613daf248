// Versioned records read through their codec's upgrades (store/table.hpp): a record of any
// older version reads through one function per version; the current one reads as is; a newer
// one, or a codec without upgrades reading another version, is refused.
#include <array>
#include <catch2/catch.hpp>
#include <string>

#include "store/table.hpp"

namespace {

using ck::store::Namespace;

// Version 1: "NAME\n"; 2 added a colour: "NAME COLOUR\n"; 3 a size: "NAME COLOUR SIZE\n".
struct ThingCodec {
    using Value = std::string;
    static constexpr Namespace ns = ck::store::MetaNamespace;
    static constexpr int version = 3;
    static ck::core::Result<std::string, std::string> v1(std::string_view b) {
        return std::string(b.substr(0, b.size() - 1)) + " grey\n";
    }
    static ck::core::Result<std::string, std::string> v2(std::string_view b) {
        if (b.find(' ') == std::string_view::npos)
            return ck::core::unexpected(std::string("no colour"));
        return std::string(b.substr(0, b.size() - 1)) + " small\n";
    }
    static constexpr std::array<ck::store::Upgrade, 2> upgrades = {v1, v2};
    static std::string encode(const std::string& v) { return v + "\n"; }
    static ck::core::Result<std::string, std::string> decode(std::string_view b) {
        return std::string(b.substr(0, b.size() - 1));
    }
};
using Things = ck::store::Table<ThingCodec>;

struct Plain {
    using Value = std::string;
    static constexpr Namespace ns = ck::store::MetaNamespace;
    static constexpr int version = 2;
    static std::string encode(const std::string& v) { return v + "\n"; }
    static ck::core::Result<std::string, std::string> decode(std::string_view b) {
        return std::string(b.substr(0, b.size() - 1));
    }
};

}  // namespace

TEST_CASE("table: older records read through the codec's upgrades", "[store][table]") {
    CHECK(Things::decode("k", "ck-meta 1\nbox\n").value() == "box grey small");
    CHECK(Things::decode("k", "ck-meta 2\nbox red\n").value() == "box red small");
    CHECK(Things::decode("k", "ck-meta 3\nbox red big\n").value() == "box red big");
    const auto failed = Things::decode("k", "ck-meta 2\nbox\n");
    REQUIRE(!failed);
    CHECK(failed.error().detail.find("upgrade from version 2: no colour") != std::string::npos);
    CHECK(!Things::decode("k", "ck-meta 4\nbox red big huge\n"));
    CHECK(!Things::decode("k", "ck-meta 0\nbox\n"));
    CHECK(!Things::decode("k", "ck-players 1\nbox\n"));
    // Without upgrades only the codec's own version reads.
    CHECK(ck::store::Table<Plain>::decode("k", "ck-meta 2\nbox\n").value() == "box");
    CHECK(!ck::store::Table<Plain>::decode("k", "ck-meta 1\nbox\n"));
}
