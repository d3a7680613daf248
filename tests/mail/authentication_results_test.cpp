// mail/authentication_results.hpp: RFC 8601 header values, including the examples of RFC 8601
// appendix B and the forms real MTAs (OpenDKIM, OpenDMARC, Gmail) write.
#include <catch2/catch.hpp>

#include "mail/authentication_results.hpp"

using ck::mail::parse_authentication_results;

TEST_CASE("Authentication-Results: authserv-id, methods, results, properties",
          "[mail][authentication_results]") {
    auto ar = parse_authentication_results(
        "mx.club.example; spf=pass smtp.mailfrom=alice@example.org;\r\n"
        "\tdkim=pass (2048-bit key; unprotected) header.d=example.org header.s=sel "
        "header.b=AbC+/x==;\r\n dmarc=pass (p=reject dis=none) header.from=example.org");
    REQUIRE(ar);
    CHECK(ar->authserv_id == "mx.club.example");
    REQUIRE(ar->results.size() == 3);
    CHECK(ar->results[0].method == "spf");
    CHECK(ar->results[0].result == "pass");
    CHECK(ar->results[0].property("smtp.mailfrom") == "alice@example.org");
    CHECK(ar->results[1].method == "dkim");
    CHECK(ar->results[1].property("header.d") == "example.org");
    CHECK(ar->results[1].property("header.b") == "AbC+/x==");  // '=' inside a value
    CHECK(ar->results[2].method == "dmarc");
    CHECK(ar->results[2].property("header.from") == "example.org");
    CHECK(ar->results[2].property("header.d").empty());
}

TEST_CASE("Authentication-Results: version, none, comments, quotes, case, blanks around =",
          "[mail][authentication_results]") {
    auto none = parse_authentication_results("example.org 1; none");
    REQUIRE(none);
    CHECK(none->authserv_id == "example.org");
    CHECK(none->results.empty());

    // RFC 8601 B.4-like: a comment with a ';' and nested parentheses, a method version.
    auto ar = parse_authentication_results(
        "Example.COM (host (with; nested) comment); SPF/1 = Pass smtp.mailfrom = "
        "\"bob@Example.NET\" reason=\"good; fine\"; dkim=fail header.d=example.net");
    REQUIRE(ar);
    CHECK(ar->authserv_id == "Example.COM");
    REQUIRE(ar->results.size() == 2);
    CHECK(ar->results[0].method == "spf");
    CHECK(ar->results[0].result == "pass");
    CHECK(ar->results[0].property("smtp.mailfrom") == "bob@Example.NET");
    CHECK(ar->results[0].property("reason") == "good; fine");
    CHECK(ar->results[1].result == "fail");
}

TEST_CASE("Authentication-Results: malformed values", "[mail][authentication_results]") {
    CHECK_FALSE(parse_authentication_results(""));
    CHECK_FALSE(parse_authentication_results("   (only a comment) "));
    CHECK_FALSE(parse_authentication_results("; spf=pass"));
    // A resinfo that does not parse is skipped, the others stay.
    auto ar = parse_authentication_results("mx; spf pass; dkim=pass header.d=a.example; =x");
    REQUIRE(ar);
    REQUIRE(ar->results.size() == 1);
    CHECK(ar->results[0].method == "dkim");
    // Unterminated comment and quote end the value without reading past it.
    auto cut = parse_authentication_results("mx; dkim=pass header.d=\"a.example");
    REQUIRE(cut);
    REQUIRE(cut->results.size() == 1);
    CHECK(cut->results[0].property("header.d") == "a.example");
    CHECK(parse_authentication_results("mx (never closed; dmarc=pass"));
}
