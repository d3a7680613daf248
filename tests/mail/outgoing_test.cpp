// render_mime: structure, encoding, determinism, and a round trip through parse_message.
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/clock.hpp"
#include "mail/codec.hpp"
#include "mail/message.hpp"
#include "mail/outgoing.hpp"

using namespace ck::mail;

namespace {

OutgoingMail sample() {
    OutgoingMail m;
    m.from = {"crazykrieg Referee", "referee@club.example"};
    m.to = {{"J\xC3\xB6rg M\xC3\xBCller", "joerg@example.test"}};
    m.reply_to = {{"crazykrieg #42", "referee+42.w.a1b2c3@club.example"}};
    m.subject =
        "[crazykrieg #42] Z\xC3\xBCge: Wei\xC3\x9F am Zug \xE2\x80\x94 noch 3 Tage bis zur Frist";
    m.message_id = "g42.p12.white@club.example";
    m.in_reply_to = "g42.p11.white@club.example";
    m.references = {"g42.p1.white@club.example", "g42.p11.white@club.example"};
    std::string board = "  +------------------------+\n8 | r  n  b  q  k  b  n  r |\n";
    std::string long_line;
    for (int i = 0; i < 12; ++i) long_line += "Pawn captured on e5. ";
    m.text_body = "Your move, White.\n\n" + board + long_line + "\n\xC3\x84nderung: caf\xC3\xA9\n";
    m.html_body = "<html><body><pre>" + board + "</pre><p>" + long_line + "</p></body></html>\n";
    m.date = ck::core::from_civil({2026, 11, 21, 15, 30, 0, 6});
    m.boundary_seed = "seed";
    return m;
}

std::vector<std::string> lines_of(const std::string& s) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < s.size()) {
        size_t eol = s.find("\r\n", pos);
        if (eol == std::string::npos) eol = s.size();
        out.push_back(s.substr(pos, eol - pos));
        pos = eol + 2;
    }
    return out;
}

}  // namespace

TEST_CASE("render_mime: CRLF only, every line within 78 columns, ASCII only", "[outgoing]") {
    const std::string raw = render_mime(sample());
    for (size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\n') REQUIRE((i > 0 && raw[i - 1] == '\r'));
        if (raw[i] == '\r') REQUIRE((i + 1 < raw.size() && raw[i + 1] == '\n'));
        REQUIRE(static_cast<unsigned char>(raw[i]) < 0x80);
    }
    for (const std::string& l : lines_of(raw)) {
        INFO(l);
        CHECK(l.size() <= 78);
    }
}

TEST_CASE("render_mime: headers", "[outgoing]") {
    const std::string raw = render_mime(sample());
    CHECK(raw.rfind("Date: Sat, 21 Nov 2026 15:30:00 +0000\r\n", 0) == 0);
    CHECK(raw.find("\r\nFrom: crazykrieg Referee <referee@club.example>\r\n") != std::string::npos);
    CHECK(raw.find("\r\nTo: =?UTF-8?Q?J=C3=B6rg_M=C3=BCller?= <joerg@example.test>\r\n") !=
          std::string::npos);
    CHECK(raw.find("\r\nReply-To: crazykrieg #42 <referee+42.w.a1b2c3@club.example>\r\n") !=
          std::string::npos);
    CHECK(raw.find("\r\nSubject: =?UTF-8?Q?") != std::string::npos);
    CHECK(raw.find("\r\nMessage-ID: <g42.p12.white@club.example>\r\n") != std::string::npos);
    CHECK(raw.find("\r\nIn-Reply-To: <g42.p11.white@club.example>\r\n") != std::string::npos);
    CHECK(raw.find("\r\nMIME-Version: 1.0\r\n") != std::string::npos);
    CHECK(raw.find("\r\nAuto-Submitted: auto-generated\r\n") != std::string::npos);
    CHECK(raw.find("Content-Type: multipart/alternative;") != std::string::npos);
    CHECK(raw.find("Content-Type: text/plain; charset=UTF-8\r\n"
                   "Content-Transfer-Encoding: quoted-printable") != std::string::npos);
    CHECK(raw.find("Content-Type: text/html; charset=UTF-8") != std::string::npos);
    CHECK(raw.find("multipart/mixed") == std::string::npos);
}

TEST_CASE("render_mime parses back to the same content", "[outgoing]") {
    const OutgoingMail m = sample();
    auto parsed = parse_message(render_mime(m));
    REQUIRE(parsed.has_value());
    CHECK(parsed->subject == m.subject);
    CHECK(parsed->from_address == "referee@club.example");
    CHECK(parsed->from_name == "crazykrieg Referee");
    CHECK(parsed->to == std::vector<std::string>{"joerg@example.test"});
    CHECK(parsed->message_id == m.message_id);
    CHECK(parsed->in_reply_to == m.in_reply_to);
    CHECK(parsed->references == m.references);
    CHECK(parsed->full_text == m.text_body);  // text/plain preferred, decoded exactly
    CHECK(parsed->is_automatic());            // our own mail must never trigger a reply
}

TEST_CASE("render_mime is deterministic and the boundary depends on the seed", "[outgoing]") {
    OutgoingMail m = sample();
    CHECK(render_mime(m) == render_mime(m));
    const std::string a = render_mime(m);
    m.boundary_seed = "other";
    CHECK(render_mime(m) != a);
}

TEST_CASE("render_mime: text only, and attachments in multipart/mixed", "[outgoing]") {
    OutgoingMail m = sample();
    m.html_body.clear();
    std::string raw = render_mime(m);
    CHECK(raw.find("multipart") == std::string::npos);
    CHECK(raw.find("Content-Type: text/plain; charset=UTF-8") != std::string::npos);

    m = sample();
    std::string pgn = "[Event \"crazykrieg #42\"]\n\n1. e4 e5 *\n";
    m.attachments.push_back({"game-42.pgn", "application/vnd.chess-pgn", pgn});
    raw = render_mime(m);
    CHECK(raw.find("Content-Type: multipart/mixed;") != std::string::npos);
    CHECK(raw.find("Content-Disposition: attachment;\r\n filename=\"game-42.pgn\"") !=
          std::string::npos);
    for (const std::string& l : lines_of(raw)) CHECK(l.size() <= 78);
    auto parsed = parse_message(raw);
    REQUIRE(parsed.has_value());
    CHECK(parsed->full_text == m.text_body);  // the attachment is not taken as the body
}

TEST_CASE("render_mime: extra headers are encoded; lines starting with '.' survive", "[outgoing]") {
    OutgoingMail m = sample();
    m.text_body = ".\n.hidden\nFrom here\n";
    m.html_body.clear();
    m.extra_headers = {{"X-Crazykrieg-Game", "42"}, {"X-Note", "gr\xC3\xBC\xC3\x9F"}};
    const std::string raw = render_mime(m);
    CHECK(raw.find("\r\nX-Crazykrieg-Game: 42\r\n") != std::string::npos);
    CHECK(raw.find("\r\nX-Note: =?UTF-8?Q?gr=C3=BC=C3=9F?=\r\n") != std::string::npos);
    CHECK(raw.find("\r\n.\r\n") == std::string::npos);
    auto parsed = parse_message(raw);
    REQUIRE(parsed.has_value());
    CHECK(parsed->full_text == m.text_body);
}

TEST_CASE("render_mime: known encodings of whole lines give the same bytes", "[outgoing]") {
    OutgoingMail m = sample();
    std::string rows;
    for (int i = 1; i <= 40; ++i)
        rows += "<tr><th scope=\"row\">" + std::to_string(i) +
                ".</th><td style=\"padding-right:1em\">... (Pawn captured on e5; caf\xC3\xA9 "
                "= .x)</td><td>From here</td></tr>\n";
    m.html_body = "<html><body><table>\n" + rows + rows + "</table></body></html>\n";
    const std::string plain = render_mime(m);
    const std::size_t first = m.html_body.find("<tr>");
    const std::size_t second = first + rows.size();
    OutgoingMail known = m;
    known.html_encoded = {EncodedRun{first, rows.size(), qp_encode(rows)},
                          EncodedRun{second, rows.size(), qp_encode(rows)}};
    CHECK(render_mime(known) == plain);
    // The runs are used: a wrong encoding shows.
    OutgoingMail wrong = known;
    wrong.html_encoded[1].encoded = "X\r\n";
    CHECK(render_mime(wrong) != plain);
    // A run that does not start or end a line is not used.
    for (const auto& [offset, size] :
         {std::pair{first + 1, rows.size() - 1}, std::pair{first, rows.size() - 1},
          std::pair{first, m.html_body.size()}}) {
        OutgoingMail off = m;
        off.html_encoded = {EncodedRun{offset, size, "X\r\n"}};
        CHECK(render_mime(off) == plain);
    }
    // Nor runs out of order.
    OutgoingMail swapped = known;
    std::swap(swapped.html_encoded[0], swapped.html_encoded[1]);
    swapped.html_encoded[0].encoded = "X\r\n";
    CHECK(render_mime(swapped) == plain);
}
