#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <system_error>

#include "core/error.hpp"
#include "core/result.hpp"

namespace core = ck::core;

namespace {
core::Result<int, core::Error> read_count(bool corrupt) {
    if (corrupt) return core::unexpected(core::corrupt_error("state.ini: bad line 'x'"));
    return 3;
}
core::Result<void, core::Error> use_count(bool corrupt) {
    CK_TRY(read_count(corrupt));
    return {};
}
}  // namespace

TEST_CASE("core::Error names its kind and keeps the detail", "[error]") {
    CHECK(core::to_string(core::ErrorKind::Transient) == "transient");
    CHECK(core::to_string(core::ErrorKind::Corrupt) == "corrupt");
    CHECK(core::to_string(core::ErrorKind::Invalid) == "invalid");
    CHECK(core::transient_error("x").transient());
    CHECK_FALSE(core::corrupt_error("x").transient());
    CHECK_FALSE(core::invalid_error("x").transient());
    std::ostringstream out;
    out << core::invalid_error("unknown variant 'foo'");
    CHECK(out.str() == "unknown variant 'foo'");
}

TEST_CASE("an I/O error is transient unless the bytes were malformed", "[error]") {
    const auto io = [](std::errc c) {
        return core::IoError{std::make_error_code(c), "/store/games/7/record.pgn", "cannot read"};
    };
    CHECK(core::from_io(io(std::errc::no_space_on_device)).kind == core::ErrorKind::Transient);
    CHECK(core::from_io(io(std::errc::io_error)).kind == core::ErrorKind::Transient);
    CHECK(core::from_io(io(std::errc::no_such_file_or_directory)).kind ==
          core::ErrorKind::Transient);
    CHECK(core::from_io(io(std::errc::invalid_argument)).kind == core::ErrorKind::Corrupt);
    CHECK(core::from_io(io(std::errc::bad_message)).kind == core::ErrorKind::Corrupt);
    CHECK(core::from_io(io(std::errc::io_error)).detail == io(std::errc::io_error).describe());
    CHECK(core::from_io(io(std::errc::io_error), "commit: cannot read").detail ==
          "commit: cannot read");
}

TEST_CASE("with_context puts the context first and keeps the kind", "[error]") {
    const core::Error e = core::with_context(core::corrupt_error("record.pgn: ply 3"), "game 7");
    CHECK(e.kind == core::ErrorKind::Corrupt);
    CHECK(e.detail == "game 7: record.pgn: ply 3");
}

TEST_CASE("CK_TRY passes a core::Error on with its kind", "[error]") {
    CHECK(use_count(false));
    auto r = use_count(true);
    REQUIRE_FALSE(r);
    CHECK(r.error().kind == core::ErrorKind::Corrupt);
    CHECK(r.error().detail == "state.ini: bad line 'x'");
}
