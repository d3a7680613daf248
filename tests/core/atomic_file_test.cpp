#include <sys/stat.h>
#include <catch2/catch.hpp>
#include <string>
#include <system_error>
#include <vector>

#include "core/atomic_file.hpp"
#include "temp_dir.hpp"

using ck::core::read_file;
using ck::core::write_file_atomic;

TEST_CASE("write_file_atomic creates a file that read_file returns byte for byte") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "game.pgn";
    std::string bytes = "line one\r\nline two\n";
    bytes += std::string("\0\x01\xff", 3);  // binary content survives too
    REQUIRE(write_file_atomic(path, bytes).has_value());
    auto got = read_file(path);
    REQUIRE(got.has_value());
    CHECK(*got == bytes);
}

TEST_CASE("write_file_atomic replaces existing content and leaves no temp file") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "state";
    REQUIRE(write_file_atomic(path, std::string(10000, 'a')).has_value());
    REQUIRE(write_file_atomic(path, "short").has_value());
    auto got = read_file(path);
    REQUIRE(got.has_value());
    CHECK(*got == "short");
    CHECK(dir.entries() == std::vector<std::string>{"state"});
}

TEST_CASE("write_file_atomic writes an empty file") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "empty";
    REQUIRE(write_file_atomic(path, "").has_value());
    auto got = read_file(path);
    REQUIRE(got.has_value());
    CHECK(got->empty());
}

TEST_CASE("write_file_atomic sets the requested permission bits") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "secret";
    REQUIRE(write_file_atomic(path, "x", 0600).has_value());
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0600);
    REQUIRE(write_file_atomic(path, "y").has_value());
    REQUIRE(::stat(path.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0644);
}

TEST_CASE("write_file_atomic into a missing directory fails cleanly") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "no-such-dir" / "file";
    auto r = write_file_atomic(path, "data");
    REQUIRE_FALSE(r);
    CHECK(r.error().code == std::errc::no_such_file_or_directory);
    CHECK(r.error().path == path.string());
    CHECK_FALSE(r.error().describe().empty());
    CHECK(dir.entries().empty());  // nothing created on the way
}

TEST_CASE("write_file_atomic onto a directory fails and removes its temp file") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "sub";
    std::filesystem::create_directory(path);
    auto r = write_file_atomic(path, "data");
    REQUIRE_FALSE(r);
    CHECK(dir.entries() == std::vector<std::string>{"sub"});
}

TEST_CASE("read_file of a missing file is an IoError naming the path") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "missing";
    auto r = read_file(path);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == std::errc::no_such_file_or_directory);
    CHECK(r.error().describe().find(path.string()) != std::string::npos);
}
