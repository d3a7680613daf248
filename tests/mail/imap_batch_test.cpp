// mail/imap_batch.hpp: splitting IMAP server output into responses with their literals, and
// reading UID and BODY[] out of FETCH responses (the batch fetch of ImapSource).
#include <catch2/catch.hpp>
#include <string>

#include "mail/imap_batch.hpp"

using ck::mail::detail::ImapResponse;
using ck::mail::detail::ImapResponseReader;
using ck::mail::detail::parse_fetch_body;

TEST_CASE("IMAP responses: literals are taken whole, fed in any pieces", "[imap][imap_batch]") {
    // The second message's body holds a line that looks like the tagged reply.
    const std::string body1 = "Subject: a\r\n\r\n1. e4\r\n";
    const std::string body2 = "Subject: b\r\n\r\nX7 OK fake\r\n{5}\r\n";
    const std::string wire = "* 1 FETCH (UID 10 BODY[] {" + std::to_string(body1.size()) + "}\r\n" +
                             body1 + ")\r\n* 2 FETCH (BODY[] {" + std::to_string(body2.size()) +
                             "+}\r\n" + body2 +
                             " UID 11)\r\n* 3 EXPUNGE\r\nX7 OK Fetch completed.\r\n";
    for (std::size_t step : {std::size_t{1}, std::size_t{7}, wire.size()}) {
        ImapResponseReader reader;
        std::vector<ImapResponse> got;
        for (std::size_t i = 0; i < wire.size(); i += step) {
            reader.feed(wire.data() + i, std::min(step, wire.size() - i));
            ImapResponse r;
            while (reader.next(r)) got.push_back(r);
        }
        REQUIRE(got.size() == 4);
        std::string uid, body;
        REQUIRE(parse_fetch_body(got[0], uid, body));
        CHECK(uid == "10");
        CHECK(body == body1);
        REQUIRE(parse_fetch_body(got[1], uid, body));  // UID after the body
        CHECK(uid == "11");
        CHECK(body == body2);
        CHECK_FALSE(parse_fetch_body(got[2], uid, body));
        CHECK(got[3].text == "X7 OK Fetch completed.");
    }
}

TEST_CASE("IMAP FETCH responses without a body literal are not bodies", "[imap][imap_batch]") {
    ImapResponseReader reader;
    const std::string wire =
        "* 1 FETCH (UID 5 FLAGS (\\Seen))\r\n* 2 FETCH (UID 6 BODY[] NIL)\r\n"
        "* OK [UIDNEXT 7] {not a literal}\r\n";
    reader.feed(wire.data(), wire.size());
    ImapResponse r;
    std::string uid, body;
    for (int i = 0; i < 3; ++i) {
        REQUIRE(reader.next(r));
        CHECK_FALSE(parse_fetch_body(r, uid, body));
    }
    CHECK_FALSE(reader.next(r));
    // An incomplete literal waits for more bytes.
    ImapResponseReader partial;
    const std::string cut = "* 1 FETCH (UID 5 BODY[] {10}\r\nabc";
    partial.feed(cut.data(), cut.size());
    CHECK_FALSE(partial.next(r));
}
