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

TEST_CASE("extract_new_text: mail-app signatures without '-- ' end the new text", "[reply]") {
    for (const char* sig :
         {"Sent from my iPhone", "Sent from my iPad", "Sent from my Galaxy",
          "Sent from my Android device with K-9 Mail. Please excuse my brevity.",
          "Get Outlook for iOS<https://aka.ms/o0ukef>", "Get Outlook for Android",
          "Sent from Yahoo Mail on Android", "Sent from Mail for Windows",
          "Sent with Proton Mail secure email.", "Von meinem iPhone gesendet",
          "Von meinem Samsung Galaxy Smartphone gesendet.", "Envoy\xC3\xA9 de mon iPhone",
          "Enviado desde mi iPhone", "Inviato da iPhone", "Verzonden vanaf mijn iPhone",
          "Enviado do meu iPhone", "Obtenir Outlook pour Android"}) {
        INFO(sig);
        CHECK(extract_new_text(std::string("e4\n\n") + sig + "\n\nresign\n") == "e4");
    }
    // Only a line that starts with the phrase, and a short one; German only with its verb.
    CHECK(extract_new_text("Von meinem Standpunkt aus:\ne4") == "Von meinem Standpunkt aus:\ne4");
    CHECK(extract_new_text("e4\nI sent from my phone yesterday") ==
          "e4\nI sent from my phone yesterday");
    CHECK(extract_new_text("e4\nSent from my iPhone " + std::string(80, 'x')) ==
          "e4\nSent from my iPhone " + std::string(80, 'x'));
}

TEST_CASE("extract_new_text: the phones' own signatures in more languages end the new text",
          "[reply]") {
    // What iOS and Samsung phones add below a reply in these languages (found playing by mail
    // from phones set to them: each was answered "not understood").
    for (const char* sig :
         {"Skickat fr\xC3\xA5n min iPhone", "Sendt fra min iPhone", "Sendt fra min Galaxy",
          "L\xC3\xA4hetetty iPhonesta", "Wys\xC5\x82\x61ne z iPhone'a", "Odesl\xC3\xA1no z iPhonu",
          "\xD0\x9E\xD1\x82\xD0\xBF\xD1\x80\xD0\xB0\xD0\xB2\xD0\xBB\xD0\xB5\xD0\xBD\xD0\xBE "
          "\xD1\x81 iPhone",
          "\xD0\x9D\xD0\xB0\xD0\xB4\xD1\x96\xD1\x81\xD0\xBB\xD0\xB0\xD0\xBD\xD0\xBE "
          "\xD0\xB7 iPhone",
          "iPhone'umdan g\xC3\xB6nderildi",
          "iPhone\xE3\x81\x8B\xE3\x82\x89\xE9\x80\x81\xE4\xBF\xA1",
          "\xE5\x8F\x91\xE8\x87\xAA\xE6\x88\x91\xE7\x9A\x84iPhone"}) {
        INFO(sig);
        CHECK(extract_new_text(std::string("e4\n\n") + sig + "\n\nresign\n") == "e4");
    }
    CHECK(extract_new_text("e4\nsay gönderildi") == "e4\nsay gönderildi");
}

TEST_CASE("extract_new_text: forwarded markers and translated Outlook blocks", "[reply]") {
    CHECK(extract_new_text("e4\n---------- Forwarded message ---------\nFrom: x\nresign") == "e4");
    CHECK(extract_new_text("e4\nBegin forwarded message:\n\nresign") == "e4");
    CHECK(extract_new_text("e4\n-------- Urspr\xC3\xBCngliche Nachricht --------\nresign") == "e4");
    CHECK(extract_new_text("e4\n-------- Message d'origine --------\nresign") == "e4");
    CHECK(extract_new_text("e4\nDe: Referee\nEnviado: martes\nresign") == "e4");
    CHECK(extract_new_text("e4\nDe: Referee\nEnviado el: martes\nresign") == "e4");
    CHECK(extract_new_text("e4\nDe: Referee\nEnviada em: ter\xC3\xA7"
                           "a-feira\nresign") == "e4");
    CHECK(extract_new_text("e4\nDa: Referee\nInviato: marted\xC3\xAC\nresign") == "e4");
    CHECK(extract_new_text("e4\nVan: Referee\nVerzonden: dinsdag\nresign") == "e4");
}

TEST_CASE("extract_new_text: more attribution forms", "[reply]") {
    CHECK(extract_new_text("e4\nEm 24 de nov. de 2026, Referee <r@x> escreveu:\n> x\n") == "e4");
    CHECK(extract_new_text("e4\nOp 24 nov. 2026 om 10:00 heeft Referee <r@x> het volgende "
                           "geschreven:\n> x\n") == "e4");
    CHECK(extract_new_text("e4\nReferee <r@x> schrieb am 24.11.2026:\n> x\n") == "e4");
    // French with a no-break space before the colon.
    CHECK(extract_new_text("e4\nLe 24 nov. 2026, Referee a \xC3\xA9"
                           "crit\xC2\xA0:\n> x\n") == "e4");
    // Wrapped, as Gmail does.
    CHECK(extract_new_text("e4\nLe 24 nov. 2026 \xC3\xA0 10:00, Referee <\nr@x> a \xC3\xA9"
                           "crit :\n> x\n") == "e4");
    CHECK(extract_new_text("e4\nReferee <r@x> schrieb am\n24.11.2026:\n> x\n") == "e4");
    // A sentence that only sounds like one is kept (no address or date, not before a quote).
    CHECK(extract_new_text("e4\nEr schrieb:\nd4") == "e4\nEr schrieb:\nd4");
}

TEST_CASE("read_pgp_inline: the signed text, dash-escaping undone, armour dropped", "[reply]") {
    const std::string signed_text =
        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\ne4\n- -- \nPat\n"
        "-----BEGIN PGP SIGNATURE-----\n\niQEz\n=abcd\n-----END PGP SIGNATURE-----\n";
    CHECK(ck::mail::read_pgp_inline(signed_text) == "e4\n-- \nPat\n");
    CHECK(extract_new_text(signed_text) == "e4");
    // An encrypted block cannot be read: it is dropped, the rest stays.
    CHECK(extract_new_text(
              "d4\n-----BEGIN PGP MESSAGE-----\n\nhQEMA\n-----END PGP MESSAGE-----\n") == "d4");
    // Without armour the text is as it was.
    CHECK(ck::mail::read_pgp_inline("e4\n- x\n") == "e4\n- x\n");
}
