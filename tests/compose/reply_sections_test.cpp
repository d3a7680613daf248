// compose/reply_sections.hpp: one answer per mail, and quoted sections (HTML escaped).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "compose/reply_sections.hpp"

using ck::mail::OutgoingMail;

namespace {

OutgoingMail mail(const std::string& subject, const std::string& text, const std::string& html) {
    OutgoingMail m;
    m.subject = subject;
    m.message_id = subject + "@club.test";
    m.text_body = text;
    m.html_body = html;
    return m;
}

}  // namespace

TEST_CASE("merge_replies: the first mail's headers, the others as sections", "[compose][reply]") {
    OutgoingMail b =
        mail("Record", "Your record.\n", "<html><body><p>Your record.</p></body></html>");
    b.attachments.push_back({"crazykrieg-1.pgn", "application/vnd.chess-pgn", "1. e4 *"});
    const OutgoingMail m = ck::compose::merge_replies(
        {mail("Your move", "Board.\n", "<html><body><p>Board.</p></body></html>"), b});
    CHECK(m.subject == "Your move");
    CHECK(m.message_id == "Your move@club.test");
    CHECK(m.text_body == "Board.\n\n=== Record ===\n\nYour record.\n");
    CHECK(m.html_body ==
          "<html><body><p>Board.</p><hr>\n<h2 style=\"font-size:1.1em\">Record</h2>\n<p>Your "
          "record.</p></body></html>");
    // Mails with a <main> (templates/html-bottom.html): the section goes inside it, and only
    // the other mail's main content is taken (not its heading).
    const OutgoingMail n = ck::compose::merge_replies(
        {mail("A", "a\n", "<body><header><h1>A</h1></header><main><p>a</p></main></body>"),
         mail("B", "b\n", "<body><header><h1>B</h1></header><main><p>b</p></main></body>")});
    CHECK(n.html_body ==
          "<body><header><h1>A</h1></header><main><p>a</p><hr>\n<h2 "
          "style=\"font-size:1.1em\">B</h2>\n<p>b</p></main></body>");
    REQUIRE(m.attachments.size() == 1);
    CHECK(m.attachments[0].name == "crazykrieg-1.pgn");
}

TEST_CASE("append_quoted_section: every line quoted, HTML escaped", "[compose][reply]") {
    OutgoingMail m = mail("Your move", "Board.", "<html><body><p>Board.</p></body></html>");
    ck::compose::append_quoted_section(m, "Bob writes:", {"<b>Check</b> & mate", "", "bye"});
    CHECK(m.text_body == "Board.\n\nBob writes:\n> <b>Check</b> & mate\n>\n> bye\n");
    CHECK(m.html_body.find("&lt;b&gt;Check&lt;/b&gt; &amp; mate<br><br>bye</blockquote>") !=
          std::string::npos);
    CHECK(m.html_body.find("<b>Check") == std::string::npos);
    CHECK(m.html_body.rfind("</body></html>") + 14 == m.html_body.size());
    // A text-only mail stays text-only.
    OutgoingMail t = mail("Help", "Help.\n", "");
    ck::compose::append_quoted_section(t, ck::compose::NotUnderstoodHeading, {"please"});
    CHECK(t.text_body == "Help.\n\nNot understood, nothing done:\n> please\n");
    CHECK(t.html_body.empty());
}

TEST_CASE("first_lines: at most n, '...' when some were left out", "[compose][reply]") {
    using ck::compose::first_lines;
    CHECK(first_lines({"a", "b"}, 2) == std::vector<std::string>{"a", "b"});
    CHECK(first_lines({"a", "b", "c"}, 2) == std::vector<std::string>{"a", "b", "..."});
}
