// league/store_advice.hpp: a store the daemon cannot write is named with its file and the
// operation, says that mail waits behind it, and says what to do (README "The operator log").
#include "league/store_advice.hpp"

#include <catch2/catch.hpp>
#include <system_error>

using ck::core::io_error_from_errno;
using ck::league::describe_store_failure;

TEST_CASE("store advice: a file the user cannot write names the file, the wait and chown") {
    const auto e = io_error_from_errno(EACCES, "/srv/club/games/games/2/record.pgn",
                                       "cannot replay journal: cannot create");
    const std::string line = describe_store_failure(e, "/srv/club/games");
    CHECK(line.find("cannot replay journal: cannot create: /srv/club/games/games/2/record.pgn: "
                    "Permission denied") == 0);
    CHECK(line.find("no mail is handled until it is mended") != std::string::npos);
    CHECK(line.find("chown -R ") != std::string::npos);
    CHECK(line.find(": /srv/club/games") != std::string::npos);
    CHECK(line.find("sudo -u ") != std::string::npos);
}

TEST_CASE("store advice: a full disk asks for space; a busy store is only busy") {
    const auto full = describe_store_failure(
        io_error_from_errno(ENOSPC, "/srv/club/games/journal/7.tx", "cannot write"), "/srv/club");
    CHECK(full.find("cannot write: /srv/club/games/journal/7.tx") == 0);
    CHECK(full.find("free space") != std::string::npos);
    const auto busy = describe_store_failure(
        io_error_from_errno(EAGAIN, "/srv/club/games", "store is in use by another process"),
        "/srv/club/games");
    CHECK(busy.find("mended") == std::string::npos);
}
