// imap.url and smtp.url (league/mail_url.hpp): every refusal is Invalid (core/error.hpp), a
// configuration value that retrying reads the same, with the text config check prints.
#include "league/mail_url.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

using ck::core::ErrorKind;
using ck::league::parse_mail_url;

TEST_CASE("mail URL: each refusal is Invalid and keeps its text", "[mail_url][errors]") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"imap://a b", "blanks and control characters are not allowed in a URL"},
        {"mail.example", "expected imap://HOST[:PORT] or imaps://..."},
        {"http://mail.example", "expected imap://HOST[:PORT] or imaps://..."},
        {"imap://user:pw@mail.example",
         "no user or password in the URL: use the user and password_file keys"},
        {"imap://", "the URL has no host"},
        {"imap://:143", "the URL has no host"},
        {"imap://mail.example?x", "no query, fragment or ';' parameters in the URL"},
        {"imap://mail.example/INBOX;UID=1", "no query, fragment or ';' parameters in the URL"},
        {"imap://mail.example/%4", "bad %-escape in the URL path"},
        {"imap://mail.example/%0d%0aX", "control characters are not allowed in the URL path"},
    };
    for (const auto& [url, text] : cases) {
        INFO(url);
        auto u = parse_mail_url(url, "imap", "imaps");
        REQUIRE_FALSE(u);
        CHECK(u.error().kind == ErrorKind::Invalid);
        CHECK(u.error().detail == text);
    }
}
