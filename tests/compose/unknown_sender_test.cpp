// The unknown-sender reply (docs/mail-protocol.md "Unknown senders get at most one short
// rate-limited reply
// ... and never a view of any game"): short, no game, no Reply-To token, golden file
// tests/data/compose/golden/unknown-sender.eml (CK_UPDATE_GOLDEN=1 rewrites it).
#include <sstream>

#include "compose/text_wrap.hpp"
#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;

namespace {

Envelope stranger_envelope() {
    Envelope e;
    e.from = {"Crazykrieg referee", "referee@club.example"};
    e.to = {"", "stranger@elsewhere.example"};
    e.date = fixed_date();
    e.discriminator = "2026-11-21-1a2b3c";
    return e;
}

}  // namespace

TEST_CASE("unknown-sender mail: short, about no game, golden", "[compose][unknown_sender]") {
    const Envelope e = stranger_envelope();
    auto m = ok(unknown_sender_mail(
        templates(), e,
        UnknownSenderDetails{"stranger@elsewhere.example", "organiser@club.example"}));
    CHECK(m.subject == "[crazykrieg] Mail not read");
    CHECK(m.message_id == "ck.club.unknown-sender.2026-11-21-1a2b3c@club.example");
    CHECK(m.reply_to.empty());
    CHECK(m.in_reply_to.empty());
    CHECK(m.text_body.find("stranger@elsewhere.example") != std::string::npos);
    CHECK(m.text_body.find("organiser@club.example") != std::string::npos);
    // Short: a few lines, none over 78 columns, and nothing of a board or a move list.
    std::istringstream in(m.text_body);
    std::string line;
    int lines = 0;
    while (std::getline(in, line)) {
        ++lines;
        CHECK(columns(line) <= 78);
    }
    CHECK(lines <= 10);
    CHECK(m.text_body.find("move") == std::string::npos);
    CHECK(m.html_body.find("<table") == std::string::npos);

    check_golden_file("unknown-sender.eml", ck::mail::render_mime(m));
}

TEST_CASE("unknown-sender mail: the sender's text is escaped in HTML",
          "[compose][unknown_sender]") {
    auto m =
        ok(unknown_sender_mail(templates(), stranger_envelope(),
                               UnknownSenderDetails{"<b>x</b>@evil.example", "o@club.example"}));
    CHECK(m.html_body.find("<b>x</b>") == std::string::npos);
    CHECK(m.html_body.find("&lt;b&gt;") != std::string::npos);
}
