// RFC 3501 date-time (INTERNALDATE), the arrival of an IMAP message (mail/imap.hpp).
#include <catch2/catch.hpp>
#include <chrono>

#include "mail/imap.hpp"

using ck::mail::parse_imap_date_time;

TEST_CASE("IMAP INTERNALDATE: the fixed form, a padded day, zones", "[imap]") {
    const auto t = std::chrono::system_clock::from_time_t(1796155200);  // 2026-12-01T20:00:00Z
    CHECK(parse_imap_date_time("01-Dec-2026 20:00:00 +0000") == t);
    CHECK(parse_imap_date_time(" 1-Dec-2026 20:00:00 +0000") == t);
    CHECK(parse_imap_date_time("1-Dec-2026 20:00:00 +0000") == t);
    CHECK(parse_imap_date_time("01-Dec-2026 21:30:00 +0130") == t);
    CHECK(parse_imap_date_time("01-Dec-2026 15:00:00 -0500") == t);
    CHECK_FALSE(parse_imap_date_time("01-Foo-2026 20:00:00 +0000"));
    CHECK_FALSE(parse_imap_date_time("Tue, 01 Dec 2026 20:00:00 +0000"));
    CHECK_FALSE(parse_imap_date_time("01-Dec-2026 24:00:00 +0000"));
    CHECK_FALSE(parse_imap_date_time(""));
}
