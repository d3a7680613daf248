// parse_message on the corpus in tests/data/mail/eml: the new text is asserted exactly.
#include <catch2/catch.hpp>

#include "mail/message.hpp"
#include "test_util.hpp"

using ck::mail::MailMessage;
using ck::mail::parse_message;
using ck::mail::test::read_eml;

namespace {
MailMessage parse_file(const std::string& name) {
    auto r = parse_message(read_eml(name));
    INFO(name);
    REQUIRE(r.has_value());
    return std::move(r).value();
}
}  // namespace

TEST_CASE("Gmail reply: multipart/alternative, QP, wrapped attribution", "[parse]") {
    const MailMessage m = parse_file("gmail_reply.eml");
    CHECK(m.body_text == "Nf3\n\nand if that fails: Nc3");
    CHECK(m.from_address == "white.player@gmail.example");
    CHECK(m.from_name == "White Player");
    CHECK(m.subject == "Re: [crazykrieg #42] Your move");
    CHECK(m.message_id == "CAB1x2y3z4-gmail-reply-0001@mail.gmail.example");
    CHECK(m.in_reply_to == "g42.p10.white@club.example");
    CHECK(m.references == std::vector<std::string>{"g42.p10.white@club.example"});
    CHECK(m.delivered_to == std::vector<std::string>{"referee+42.w.a1b2c3@example.test"});
    CHECK(m.envelope_recipients == std::vector<std::string>{"referee+42.w.a1b2c3@example.test"});
    CHECK(m.to == std::vector<std::string>{"referee+42.w.a1b2c3@example.test"});
    CHECK(m.content_type == "multipart/alternative");
    CHECK(m.return_path == std::optional<std::string>("white.player@gmail.example"));
    CHECK_FALSE(m.is_automatic());
}

TEST_CASE("Outlook reply: Windows-1252 QP, CRLF, From/Sent header block", "[parse]") {
    const MailMessage m = parse_file("outlook_reply.eml");
    CHECK(m.body_text == "Bxf7+\n\nSorry for the delay \xE2\x80\x93 I was away.");
    CHECK(m.full_text.find('\r') == std::string::npos);
    CHECK(m.to == std::vector<std::string>{"referee+7.b.ffee00@example.test"});
    CHECK_FALSE(m.is_automatic());
}

TEST_CASE("Outlook plain text: -----Original Message-----", "[parse]") {
    const MailMessage m = parse_file("outlook_original_message.eml");
    CHECK(m.body_text == "draw");
    CHECK(m.message_id == "000001d9aa11$22334455$66778899@example.test");
}

TEST_CASE("Thunderbird: format=flowed and 'On DATE, NAME wrote:'", "[parse]") {
    const MailMessage m = parse_file("thunderbird_flowed.eml");
    CHECK(m.body_text ==
          "e5\n\nI am trying a longer sentence here so that Thunderbird wraps it over two lines "
          "with a soft break.");
}

TEST_CASE("Apple Mail: base64 UTF-8 text/plain, RFC 2047 display name", "[parse]") {
    const MailMessage m = parse_file("apple_mail.eml");
    CHECK(m.body_text == "Qxh7+ \xE2\x80\x94 check!");
    CHECK(m.from_name == "J\xC3\xB6rg Wei\xC3\x9F");
    CHECK(m.from_address == "joerg@example.test");
    CHECK(m.message_id == "A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF@example.test");
}

TEST_CASE("mutt: '* NAME <ADDR> [DATE]:' attribution and signature", "[parse]") {
    const MailMessage m = parse_file("mutt_reply.eml");
    CHECK(m.body_text == "12... Nxe4\nboard");
}

TEST_CASE("HTML-only mail: tags stripped, entities decoded, blockquote cut", "[parse]") {
    const MailMessage m = parse_file("html_only.eml");
    CHECK(m.body_text == "d4\ndraw & pgn please\nCaf\xC3\xA9 \xE2\x80\x94 \xE2\x98\xBA");
    CHECK(m.content_type == "text/html");
}

TEST_CASE("base64 body in multipart/mixed; the attachment is not the body", "[parse]") {
    const MailMessage m = parse_file("base64_body.eml");
    CHECK(m.body_text == "e4\nany?\nresign? no: Nf3");
}

TEST_CASE("ISO-8859-1 8bit body with umlauts, German attribution", "[parse]") {
    const MailMessage m = parse_file("latin1_body.eml");
    CHECK(m.body_text ==
          "Sf6\nGr\xC3\xBC\xC3\x9F"
          "e aus K\xC3\xB6ln, sch\xC3\xB6ne Partie!");
    CHECK(m.from_name == "J\xC3\xB6rg M\xC3\xBCller");
    CHECK(m.from_address == "joerg.mueller@example.test");
    CHECK(m.subject == "Re: Zug f\xC3\xBCr Schwarz");
}

TEST_CASE("an empty text/plain alternative: the HTML part's new text is read", "[parse]") {
    // Played from a client that sent its reply as HTML beside a blank plain part: the answer
    // was "Your mail held no command the referee understood".
    const std::string raw =
        "From: Zo\xC3\xAB <zoe@example.org>\r\n"
        "To: referee+6.b.f8c2bada9a2f5767@club.example\r\n"
        "Subject: Re: [crazykrieg #6] Your move (move 1)\r\n"
        "Message-ID: <empty-plain@example.org>\r\n"
        "MIME-Version: 1.0\r\n"
        "Content-Type: multipart/alternative; boundary=\"b\"\r\n\r\n"
        "--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\r\n"
        "--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"
        "<html><body><div>e5<br>draw</div><blockquote type=\"cite\">It is your move, Black"
        "</blockquote></body></html>\r\n"
        "--b--\r\n";
    auto r = parse_message(raw);
    REQUIRE(r.has_value());
    CHECK(r->body_text == "e5\ndraw");
    // A plain part with text wins, as before, whatever the HTML says.
    std::string with_plain = raw;
    const std::string blank_part = "utf-8\r\n\r\n\r\n";
    with_plain.replace(with_plain.find(blank_part), blank_part.size(), "utf-8\r\n\r\nNf6\r\n");
    auto p = parse_message(with_plain);
    REQUIRE(p.has_value());
    CHECK(p->body_text == "Nf6");
}

TEST_CASE("top-posting: new text above the attribution", "[parse]") {
    const MailMessage m = parse_file("top_posting.eml");
    CHECK(m.body_text == "Nf3\nNg5");
}

TEST_CASE("bottom-posting: new text after and between quotes is kept", "[parse]") {
    const MailMessage m = parse_file("bottom_posting.eml");
    CHECK(m.body_text == "exd5\n\npgn");
}

TEST_CASE("bounce: multipart/report from MAILER-DAEMON is automatic", "[parse]") {
    const MailMessage m = parse_file("bounce.eml");
    CHECK(m.is_automatic());
    CHECK(m.content_type == "multipart/report");
    CHECK(m.return_path == std::optional<std::string>(""));
    CHECK(m.from_address == "mailer-daemon@mail.example.test");
    CHECK(m.from_name == "Mail Delivery System");
    CHECK(m.auto_submitted == "auto-replied");
    CHECK(m.body_text.rfind("This is the mail system at host mail.example.test.", 0) == 0);
}

TEST_CASE("vacation auto-reply is automatic", "[parse]") {
    const MailMessage m = parse_file("vacation.eml");
    CHECK(m.auto_submitted == "auto-replied");
    CHECK(m.precedence == "bulk");
    CHECK(m.is_automatic());
    CHECK(m.body_text == "I am on holiday until 1 December and will not read mail.");
}

TEST_CASE("RFC 2047 subject and display names, folded References", "[parse]") {
    const MailMessage m = parse_file("rfc2047_headers.eml");
    CHECK(m.from_name == "\xC3\x89lodie Fran\xC3\xA7ois");
    CHECK(m.from_address == "elodie@example.test");
    CHECK(m.subject == "Re: [crazykrieg #9] Z\xC3\xBCge \xE2\x80\x94 mit Spa\xC4\x9F");
    CHECK(m.to ==
          std::vector<std::string>{"referee+9.w.123456@example.test", "second@example.test"});
    CHECK(m.references == std::vector<std::string>{"a@x.example", "b@x.example", "c@x.example"});
    CHECK(m.body_text == "resign \xE2\x80\x93 gg");
    CHECK_FALSE(m.return_path.has_value());
    CHECK(m.envelope_recipients.empty());
}

TEST_CASE("every corpus mail parses the same with LF and CRLF line ends", "[parse]") {
    for (const char* name :
         {"gmail_reply.eml", "outlook_reply.eml", "thunderbird_flowed.eml", "apple_mail.eml",
          "mutt_reply.eml", "html_only.eml", "base64_body.eml", "latin1_body.eml",
          "top_posting.eml", "bottom_posting.eml", "vacation.eml", "rfc2047_headers.eml"}) {
        INFO(name);
        const std::string raw = read_eml(name);
        std::string lf;
        for (char c : raw)
            if (c != '\r') lf += c;
        std::string crlf;
        for (char c : lf) {
            if (c == '\n') crlf += '\r';
            crlf += c;
        }
        auto a = parse_message(lf);
        auto b = parse_message(crlf);
        REQUIRE(a.has_value());
        REQUIRE(b.has_value());
        CHECK(a->body_text == b->body_text);
        CHECK(a->subject == b->subject);
        CHECK(a->from_address == b->from_address);
        CHECK_FALSE(a->body_text.empty());
    }
}

TEST_CASE("bad input gives a ParseError, never an exception", "[parse]") {
    CHECK_FALSE(parse_message("").has_value());
    CHECK_FALSE(parse_message("\r\n\r\n").has_value());
    CHECK(parse_message("").error().code == ck::mail::ParseErrorCode::Empty);
    // Garbage bytes: either a result or an error, but no throw and no crash.
    std::string junk;
    for (int i = 0; i < 5000; ++i) junk += static_cast<char>((i * 7919) % 256);
    CHECK_NOTHROW((void)parse_message(junk));
    CHECK_NOTHROW((void)parse_message("Content-Type: multipart/mixed\n\n--x\n"));
    auto headers_only = parse_message("From: a@b.example\nSubject: hi");
    REQUIRE(headers_only.has_value());
    CHECK(headers_only->subject == "hi");
    CHECK(headers_only->body_text.empty());
}

TEST_CASE("is_automatic: each rule alone", "[parse]") {
    auto make = [](const std::string& extra, const std::string& from = "white@example.test") {
        auto r = parse_message("From: " + from + "\n" + extra + "Subject: x\n\nbody\n");
        REQUIRE(r.has_value());
        return r->is_automatic();
    };
    CHECK_FALSE(make(""));
    CHECK_FALSE(make("Auto-Submitted: no\n"));
    CHECK(make("Auto-Submitted: auto-generated\n"));
    CHECK(make("Precedence: junk\n"));
    CHECK(make("Precedence: list\n"));
    CHECK_FALSE(make("Precedence: first-class\n"));
    CHECK(make("", "postmaster@example.test"));
    CHECK(make("", "Mail System <MAILER-DAEMON@example.test>"));
    CHECK(make("Return-Path: <>\n"));
    CHECK_FALSE(make("Return-Path: <white@example.test>\n"));
    CHECK(make("X-Autoreply: yes\n"));
    CHECK(make("Content-Type: multipart/report; report-type=delivery-status; boundary=b\n"));
}
