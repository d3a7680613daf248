// extract_new_text and unflow on hand-made texts.
#include <catch2/catch.hpp>

#include "mail/reply_text.hpp"

using ck::mail::extract_new_text;
using ck::mail::unflow;

TEST_CASE("extract_new_text: plain text passes, trimmed", "[reply]") {
    CHECK(extract_new_text("\n\n  e4  \nNf3\t\n\n") == "  e4\nNf3");
    CHECK(extract_new_text("") == "");
}

TEST_CASE("extract_new_text: signature cuts, '--' without its space too", "[reply]") {
    CHECK(extract_new_text("e4\n-- \nJohn\nresign\n") == "e4");
    CHECK(extract_new_text("e4\n--\nJohn\n") == "e4");
    CHECK(extract_new_text("e4\n--- not a signature\nd4\n") == "e4\n--- not a signature\nd4");
}

TEST_CASE("extract_new_text: attributions in several languages", "[reply]") {
    CHECK(extract_new_text("e4\nLe sam. 21 nov. 2026 à 15:30, Referee <r@x> a écrit :\n> x\n") ==
          "e4");
    CHECK(extract_new_text("e4\nEl sáb, 21 nov 2026 a las 15:30, Referee escribió:\n> x\n") ==
          "e4");
    CHECK(extract_new_text("e4\nIl giorno sab 21 nov 2026, Referee ha scritto:\n> x\n") == "e4");
    CHECK(extract_new_text("e4\nOp za 21 nov. 2026 om 15:30 schreef Referee <r@x>:\n> x\n") ==
          "e4");
    CHECK(extract_new_text("e4\nReferee <r@example.test> writes:\n\n> x\n") == "e4");
}

TEST_CASE("extract_new_text: an attribution followed by an unquoted original cuts", "[reply]") {
    CHECK(extract_new_text("Nf3\n\nOn Sat, 21 Nov 2026, Referee wrote:\n\nYour move.\n") == "Nf3");
}

TEST_CASE("extract_new_text: ordinary lines ending in ':' are kept", "[reply]") {
    CHECK(extract_new_text("My moves:\ne4\n") == "My moves:\ne4");
    CHECK(extract_new_text("On second thought:\nd4\n") == "On second thought:\nd4");
}

TEST_CASE("extract_new_text: interleaved answers keep every unquoted line", "[reply]") {
    CHECK(extract_new_text("> Your move?\ne4\n> Draw offer?\ndecline\n") == "e4\ndecline");
}

TEST_CASE("extract_new_text: Outlook header block in other languages", "[reply]") {
    CHECK(extract_new_text("Dxd5\n\nVon: Referee\nGesendet: Samstag\nAn: x\n\nDu bist am Zug\n") ==
          "Dxd5");
    CHECK(extract_new_text("From: the hip\nd4\n") == "From: the hip\nd4");
}

TEST_CASE("unflow joins soft breaks per quote depth", "[reply]") {
    CHECK(unflow("a long \nline\nnext\n", false) == "a long line\nnext\n");
    CHECK(unflow("a long \nline\n", true) == "a longline\n");
    CHECK(unflow("> quoted \n> more\nnew\n", false) == "> quoted more\nnew\n");
    CHECK(unflow(" From stuffed\n", false) == "From stuffed\n");
    CHECK(unflow("text\n-- \nsig\n", false) == "text\n-- \nsig\n");
}
