// league/challenge_book.hpp: the open challenges as stored, without the daemon. A lapsed
// challenge goes from the book the next time it is written (README "Challenges and tournaments
// by mail"); the codec's text and the migration's legacy file are tested with the daemon's
// answers (tests/daemon/challenge_test.cpp).
#include "league/challenge_book.hpp"

#include <catch2/catch.hpp>
#include <chrono>

using ck::league::Challenge;
using ck::league::ChallengeBook;

namespace {

Challenge made(std::uint64_t id, ck::core::TimePoint created) {
    Challenge c;
    c.id = id;
    c.challenger = "ada@example.org";
    c.challenged = "bob@example.net";
    c.variant = "crazyhouse";
    c.time = "3d";
    c.created = created;
    return c;
}

}  // namespace

TEST_CASE("drop_lapsed_challenges keeps the challenges younger than the club's days",
          "[league][challenge]") {
    const auto t0 = std::chrono::system_clock::from_time_t(1795262400);  // 2026-11-21
    const auto day = std::chrono::hours(24);
    ChallengeBook book;
    book.next_id = 4;
    book.open = {made(1, t0), made(2, t0 + 2 * day), made(3, t0 + 3 * day)};
    const auto now = t0 + 16 * day;  // with 14 days: 1 and 2 have lapsed, 3 has a day left
    ck::league::drop_lapsed_challenges(book, now, 14);
    REQUIRE(book.open.size() == 1);
    CHECK(book.open[0].id == 3);
    CHECK(book.next_id == 4);  // ids are never reused
    ck::league::drop_lapsed_challenges(book, now + day, 14);
    CHECK(book.open.empty());
}
