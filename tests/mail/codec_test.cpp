// Transfer encodings, RFC 2047 and charset conversion.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "mail/charset.hpp"
#include "mail/codec.hpp"
#include "mail/rfc2047.hpp"

using namespace ck::mail;

namespace {
// Every line of `s` (CRLF separated) is at most `max` characters.
size_t longest_line(const std::string& s) {
    size_t longest = 0;
    size_t pos = 0;
    while (pos <= s.size()) {
        size_t eol = s.find("\r\n", pos);
        if (eol == std::string::npos) eol = s.size();
        longest = std::max(longest, eol - pos);
        pos = eol + 2;
    }
    return longest;
}
}  // namespace

TEST_CASE("base64 round trip and line length", "[codec]") {
    std::string bytes;
    for (int i = 0; i < 1000; ++i) bytes += static_cast<char>(i % 256);
    const std::string enc = base64_encode(bytes);
    CHECK(longest_line(enc) == 76);
    CHECK(base64_decode(enc) == bytes);
    CHECK(base64_encode("Man") == "TWFu\r\n");
    CHECK(base64_encode("Ma") == "TWE=\r\n");
    CHECK(base64_decode("TW\r\nE=") == "Ma");
}

TEST_CASE("quoted-printable decode", "[codec]") {
    CHECK(qp_decode("caf=C3=A9 =3D x") == "caf\xC3\xA9 = x");
    CHECK(qp_decode("soft=\r\nbreak\r\nnext") == "softbreak\nnext");
    CHECK(qp_decode("trailing   \nx") == "trailing\nx");
    CHECK(qp_decode("bad =ZZ escape") == "bad =ZZ escape");
}

TEST_CASE("quoted-printable encode: soft breaks, escapes, round trip", "[codec]") {
    std::string text;
    for (int i = 0; i < 40; ++i) text += "\xC3\xA9t\xC3\xA9 ";  // long line of 8-bit text
    text += "\nshort = line \n.leading dot\nFrom the start\n";
    const std::string enc = qp_encode(text);
    CHECK(longest_line(enc) <= 76);
    CHECK(enc.find("=\r\n") != std::string::npos);
    CHECK(enc.find("line=20\r\n") != std::string::npos);
    CHECK(enc.find("\r\n=2Eleading") != std::string::npos);
    CHECK(enc.find("\r\n=46rom the") != std::string::npos);
    CHECK(qp_decode(enc) == text);
}

namespace {
// quoted-printable as codec.hpp states it, a character at a time: the encoder's table and its
// fast path over runs of plain characters must write exactly this.
std::string qp_reference(std::string_view text) {
    const auto hex = "0123456789ABCDEF";
    std::string out;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t eol = text.find('\n', pos);
        const bool has_eol = eol != std::string_view::npos;
        if (!has_eol) eol = text.size();
        std::string_view line = text.substr(pos, eol - pos);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        size_t col = 0;
        for (size_t i = 0; i < line.size(); ++i) {
            const auto c = static_cast<unsigned char>(line[i]);
            const bool last = i + 1 == line.size();
            const bool from = line.substr(i).rfind("From ", 0) == 0;
            bool escape = c == '=' || c >= 0x7F || (c < 0x20 && c != '\t') ||
                          ((c == ' ' || c == '\t') && last) || (col == 0 && (c == '.' || from));
            if (col + (escape ? 3 : 1) > (last ? 76u : 75u)) {
                out += "=\r\n";
                col = 0;
                escape = escape || c == '.' || from;
            }
            if (escape) {
                out += '=';
                out += hex[c >> 4];
                out += hex[c & 15];
            } else {
                out += static_cast<char>(c);
            }
            col += escape ? 3 : 1;
        }
        if (has_eol) out += "\r\n";
        pos = eol + 1;
    }
    return out;
}
}  // namespace

TEST_CASE("quoted-printable encode equals the character-at-a-time reference", "[codec]") {
    // Pieces that meet every rule at every column: escapes, line-end white space, a leading
    // dot or "From " (also right after a soft break), CR, 8-bit bytes, long runs.
    const std::vector<std::string> pieces = {"a",
                                             "move",
                                             " ",
                                             "\t",
                                             "=",
                                             ".",
                                             "From ",
                                             "From",
                                             "\n",
                                             "\r\n",
                                             "\r",
                                             "\xC3\xA9",
                                             "\x01",
                                             "\x7F",
                                             std::string(70, 'x'),
                                             std::string(74, 'y'),
                                             "<td>Nf3</td>"};
    std::mt19937 rng(18);
    for (int round = 0; round < 3000; ++round) {
        std::string text;
        const int n = static_cast<int>(rng() % 60);
        for (int i = 0; i < n; ++i) text += pieces[rng() % pieces.size()];
        INFO("text: " << text);
        const std::string expected = qp_reference(text);
        CHECK(qp_encode(text) == expected);
        std::string appended = "Header: x\r\n\r\n";
        qp_encode_into(text, appended);
        CHECK(appended == "Header: x\r\n\r\n" + expected);
        CHECK(qp_decode(expected) == qp_decode(qp_encode(text)));
    }
}

TEST_CASE("RFC 2047 decoding", "[rfc2047]") {
    CHECK(decode_header_value("=?UTF-8?Q?J=C3=B6rg?=") == "J\xC3\xB6rg");
    CHECK(decode_header_value("=?utf-8?b?SsO2cmc=?=") == "J\xC3\xB6rg");
    CHECK(decode_header_value("=?ISO-8859-1?Q?a?= =?ISO-8859-1?Q?b?=") == "ab");
    CHECK(decode_header_value("=?ISO-8859-1?Q?a_b?= c") == "a b c");
    CHECK(decode_header_value("x =?windows-1252?Q?=80?= y") == "x \xE2\x82\xAC y");
    CHECK(decode_header_value("=?iso-8859-15?Q?=A4?=") == "\xE2\x82\xAC");
    CHECK(decode_header_value("=?US-ASCII*en?Q?Keith?=") == "Keith");
    CHECK(decode_header_value("=?UTF-8?X?bad?= plain") == "=?UTF-8?X?bad?= plain");
    CHECK(decode_header_value("no words here") == "no words here");
}

TEST_CASE("RFC 2047 encoding: ASCII unchanged, UTF-8 encoded and folded", "[rfc2047]") {
    CHECK(encode_header_value("[crazykrieg #42] Your move", "Subject") ==
          "[crazykrieg #42] Your move");
    const std::string value =
        "[crazykrieg #42] J\xC3\xB6rg M\xC3\xBCller gegen \xC3\x89lodie Fran\xC3\xA7ois "
        "\xE2\x80\x94 "
        "Zug 12, Schwarz am Zug, noch 3 Tage";
    const std::string enc = encode_header_value(value, "Subject");
    CHECK(longest_line("Subject: " + enc) <= 78);
    CHECK(enc.find("=?UTF-8?Q?") == 0);
    CHECK(decode_header_value(enc) == value);
    std::string long_ascii;
    for (int i = 0; i < 30; ++i) long_ascii += "word ";
    long_ascii += "end";
    const std::string folded = encode_header_value(long_ascii, "Subject");
    CHECK(longest_line("Subject: " + folded) <= 78);
    std::string unfolded;
    for (size_t i = 0; i < folded.size(); ++i)
        if (folded[i] != '\r' && folded[i] != '\n') unfolded += folded[i];
    CHECK(unfolded == long_ascii);
}

TEST_CASE("format_address quotes or encodes display names", "[rfc2047]") {
    CHECK(format_address("", "a@b.example") == "a@b.example");
    CHECK(format_address("Referee", "r@b.example") == "Referee <r@b.example>");
    CHECK(format_address("Club, Referee", "r@b.example") == "\"Club, Referee\" <r@b.example>");
    CHECK(format_address("J\xC3\xB6rg", "j@b.example") == "=?UTF-8?Q?J=C3=B6rg?= <j@b.example>");
}

TEST_CASE("charset conversion to UTF-8", "[charset]") {
    CHECK(to_utf8("K\xF6ln", "ISO-8859-1") == "K\xC3\xB6ln");
    CHECK(to_utf8("K\xF6ln", "latin1") == "K\xC3\xB6ln");
    CHECK(to_utf8("\xA4", "ISO-8859-15") == "\xE2\x82\xAC");
    CHECK(to_utf8("\x80 \x93x\x94", "windows-1252") == "\xE2\x82\xAC \xE2\x80\x9Cx\xE2\x80\x9D");
    CHECK(to_utf8("caf\xC3\xA9", "utf-8") == "caf\xC3\xA9");
    CHECK(to_utf8("plain", "us-ascii") == "plain");
    // Mislabelled 8-bit text: read as Windows-1252 rather than passed on as invalid UTF-8.
    CHECK(to_utf8("caf\xE9", "us-ascii") == "caf\xC3\xA9");
    CHECK(to_utf8("caf\xE9", "utf-8") == "caf\xC3\xA9");
    CHECK(to_utf8("caf\xE9", "x-no-such-charset") == "caf\xC3\xA9");
    CHECK(is_valid_utf8(to_utf8("\xFF\xFE\x00", "utf-16")));
    // A label with bytes outside the charset token grammar (found by fuzz_mime: glibc's
    // iconv_open strips them and then passed invalid bytes through) is an unknown label.
    CHECK(to_utf8("caf\xE9", "u\xFF\xFFtf-8") == "caf\xC3\xA9");
    CHECK(is_valid_utf8(to_utf8("\xED\xA0\x80\xF8\x88", "u\xFFtf-8")));
    CHECK(to_utf8("caf\xE9", "utf-8//IGNORE") == "caf\xC3\xA9");
}

TEST_CASE("quoted-printable appended after a long mail grows only its own part", "[codec]") {
    // A line whose worst case (every byte escaped) exceeds the room made for the text at first:
    // the room grows with this part, not with the mail before it (a mail reserved for its whole
    // length is then not copied again).
    const std::string head(50000, 'h');
    for (const std::string& line : {std::string(1500, 'x'), std::string(1500, '=')}) {
        std::string out;
        out.reserve(head.size() + 8 * line.size());
        out += head;
        const std::size_t capacity = out.capacity();
        qp_encode_into(line + "\n", out);
        CHECK(out == head + qp_encode(line + "\n"));
        CHECK(out.capacity() == capacity);
    }
}
