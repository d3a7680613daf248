#!/usr/bin/env python3
"""Writes the client-shaped replies of tests/data/mail/clients/ (see PROVENANCE.md there).

Each reply NAME.eml has NAME.expected beside it: the commands the referee must read from the
reply's new text, one a line, as tests/daemon/client_corpus_test.cpp writes them: a move or
"any?" as read, a keyword command with its argument, "say TEXT", "message: TEXT" (line breaks
as " / "), and "? LINE" for a line that is no command (quoted back as not understood). Every reply answers White's game-start mail of a fresh game
(White to move), so each is also a legal first turn for the game-pass test. Run it from any
directory; it rewrites the files deterministically (no dates or randomness from the machine).
"""
import base64
import os
import quopri

HERE = os.path.dirname(os.path.abspath(__file__))
PLAYER = "player@client.test"          # the tests put the player's address here
REFEREE = "referee+token@club.test"    # ... and the game's reply address here
SUBJECT = "Re: [crazykrieg #1] Your move (move 1)"
ORIGINAL = [
    "Your move (move 1)",
    "",
    "  8 r n b q k b n r",
    "  1 R N B Q K B N R",
    "",
    "Reply with your move, e.g. e4.",
    "-- ",
    "crazykrieg referee",
]


def quoted(lines=ORIGINAL, prefix="> "):
    return [(prefix + l).rstrip() if l else prefix.rstrip() for l in lines]


def headers(name, content_type, extra=()):
    h = [
        f"Return-Path: <{PLAYER}>",
        f"From: Pat Player <{PLAYER}>",
        f"To: Crazykrieg referee <{REFEREE}>",
        f"Subject: {SUBJECT}",
        "Date: Tue, 24 Nov 2026 10:05:00 +0100",
        f"Message-ID: <{name}.corpus@client.test>",
        "In-Reply-To: <ck.1.0.w.game-start@club.test>",
        "References: <ck.1.0.w.game-start@club.test>",
        "MIME-Version: 1.0",
    ]
    h.extend(extra)
    h.append(f"Content-Type: {content_type}")
    return h


def qp(text, charset="utf-8"):
    return quopri.encodestring(text.encode(charset)).decode("ascii")


def b64(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    s = base64.b64encode(data).decode("ascii")
    return "\n".join(s[i:i + 76] for i in range(0, len(s), 76))


def part(content_type, body, cte="7bit", extra=()):
    return "\n".join([f"Content-Type: {content_type}", f"Content-Transfer-Encoding: {cte}",
                      *extra, "", body])


def multipart(boundary, parts):
    out = []
    for p in parts:
        out += [f"--{boundary}", p]
    out.append(f"--{boundary}--")
    return "\n".join(out) + "\n"


def plain_mail(name, lines, charset="utf-8", cte="7bit", flowed=False, extra=()):
    text = "\n".join(lines) + "\n"
    ct = f'text/plain; charset="{charset}"' + ("; format=flowed" if flowed else "")
    if cte == "quoted-printable":
        body = qp(text, charset)
    elif cte == "base64":
        body = b64(text.encode(charset))
    else:
        body = text
    return "\n".join(headers(name, ct, [f"Content-Transfer-Encoding: {cte}", *extra])) + \
        "\n\n" + body


def alternative(name, lines, html, charset="utf-8", boundary="=_alt_", extra=()):
    text = "\n".join(lines) + "\n"
    body = multipart(boundary, [
        part(f'text/plain; charset="{charset}"', qp(text, charset), "quoted-printable"),
        part(f'text/html; charset="{charset}"', qp(html, charset), "quoted-printable"),
    ])
    return "\n".join(headers(name, f'multipart/alternative; boundary="{boundary}"', extra)) + \
        "\n\n" + body


def html_only(name, html, charset="utf-8"):
    return "\n".join(headers(name, f'text/html; charset="{charset}"',
                             ["Content-Transfer-Encoding: quoted-printable"])) + "\n\n" + \
        qp(html, charset)


ORIGINAL_HTML = "<p>Your move (move 1)</p><pre>  8 r n b q k b n r\n  1 R N B Q K B N R</pre>" \
                "<p>Reply with your move, e.g. e4.</p>"
OUTLOOK_BLOCK = [
    "________________________________",
    f"From: Crazykrieg referee <{REFEREE}>",
    "Sent: Tuesday, November 24, 2026 10:00 AM",
    "To: Pat Player <player@client.test>",
    "Subject: [crazykrieg #1] Your move (move 1)",
    "",
] + ORIGINAL

CORPUS = {}


def add(name, raw, expected):
    CORPUS[name] = (raw, expected)


# --- Gmail -------------------------------------------------------------------------------
add("gmail_top_posting", alternative("gmail_top_posting", [
    "e4", "", "On Tue, 24 Nov 2026 at 10:00, Crazykrieg referee <",
    f"{REFEREE}> wrote:", "", *quoted()],
    '<div dir="ltr">e4</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">'
    f'On Tue, 24 Nov 2026 at 10:00, Crazykrieg referee &lt;{REFEREE}&gt; wrote:<br></div>'
    f'<blockquote class="gmail_quote">{ORIGINAL_HTML}</blockquote></div>'), ["e4"])
add("gmail_html_only", html_only("gmail_html_only",
    '<div dir="ltr"><div>Nf3</div><div>board</div></div><br><div class="gmail_quote">'
    '<div class="gmail_attr">On Tue, 24 Nov 2026 at 10:00 Crazykrieg referee wrote:</div>'
    f'<blockquote>{ORIGINAL_HTML}</blockquote></div>'), ["Nf3", "board"])
add("gmail_wrapped_french", alternative("gmail_wrapped_french", [
    "d4", "", "Le mar. 24 nov. 2026 \u00e0 10:00, Crazykrieg referee <",
    f"{REFEREE}> a \u00e9crit :", "", *quoted()],
    '<div dir="ltr">d4</div><div class="gmail_quote">Le mar. 24 nov. 2026 ...</div>'), ["d4"])
add("gmail_german_wrapped", alternative("gmail_german_wrapped", [
    "c4", "", "Am Di., 24. Nov. 2026 um 10:00 Uhr schrieb Crazykrieg referee <",
    f"{REFEREE}>:", "", *quoted()],
    '<div dir="ltr">c4</div><div class="gmail_quote">Am Di., 24. Nov. 2026 ...</div>'), ["c4"])
add("gmail_android", alternative("gmail_android", [
    "e4", "", "On Tue, Nov 24, 2026, 10:00 Crazykrieg referee <", f"{REFEREE}> wrote:", "",
    *quoted()],
    '<div dir="auto">e4</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">'
    'On Tue, Nov 24, 2026, 10:00 Crazykrieg referee wrote:</div><blockquote>x</blockquote></div>'),
    ["e4"])

# --- Outlook -----------------------------------------------------------------------------
add("outlook_desktop", alternative("outlook_desktop", ["e4", "", "Regards", "Pat", "",
    *OUTLOOK_BLOCK],
    '<html><body><div class="WordSection1"><p class="MsoNormal">e4</p><p>Regards<br>Pat</p>'
    '<div id="divRplyFwdMsg"><b>From:</b> Crazykrieg referee</div>' + ORIGINAL_HTML +
    '</div></body></html>', charset="windows-1252"), ["e4", "? Regards", "? Pat"])
add("outlook_ios", plain_mail("outlook_ios", ["Nf3", "", "Get Outlook for iOS<https://aka.ms/o0ukef>",
    *OUTLOOK_BLOCK], cte="quoted-printable"), ["Nf3"])
add("outlook_android", plain_mail("outlook_android", ["d4", "", "Get Outlook for Android", "",
    *OUTLOOK_BLOCK]), ["d4"])
add("outlook_original_message", plain_mail("outlook_original_message", [
    "e4", "", "-----Original Message-----", f"From: Crazykrieg referee <{REFEREE}>",
    "Sent: Tuesday, November 24, 2026 10:00 AM", *ORIGINAL], charset="windows-1252",
    cte="quoted-printable"), ["e4"])
add("outlook_web_html", html_only("outlook_web_html",
    '<html><body><div style="font-family:Calibri">c4</div><div id="appendonsend"></div>'
    '<hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr">'
    '<font><b>From:</b> Crazykrieg referee<br><b>Sent:</b> Tuesday</font></div>' +
    ORIGINAL_HTML + '</body></html>'), ["c4"])
add("outlook_german", plain_mail("outlook_german", ["e4", "",
    "________________________________", f"Von: Crazykrieg referee <{REFEREE}>",
    "Gesendet: Dienstag, 24. November 2026 10:00", "An: Pat Player", *ORIGINAL],
    charset="windows-1252", cte="quoted-printable"), ["e4"])
add("windows_mail", plain_mail("windows_mail", ["Nf3", "", "Sent from Mail for Windows", "",
    f"From: Crazykrieg referee", "Sent: 24 November 2026 10:00", "To: Pat Player", *ORIGINAL]),
    ["Nf3"])

# --- Apple -------------------------------------------------------------------------------
add("iphone_english", plain_mail("iphone_english", ["e4", "", "Sent from my iPhone", "",
    f"> On 24 Nov 2026, at 10:00, Crazykrieg referee <{REFEREE}> wrote:", ">",
    *quoted()], cte="quoted-printable"), ["e4"])
add("ipad_english", plain_mail("ipad_english", ["d4", "", "Sent from my iPad"]), ["d4"])
add("apple_mail_html", "\n".join(headers("apple_mail_html",
    'multipart/alternative; boundary="Apple-Mail-1"')) + "\n\n" + multipart("Apple-Mail-1", [
    part('text/plain; charset="us-ascii"', "Nc3\n\n" + "\n".join(
        ["> On 24 Nov 2026, at 10:00, Crazykrieg referee wrote:", *quoted()]) + "\n"),
    part('text/html; charset="us-ascii"', '<html><body>Nc3<div><br><blockquote type="cite">'
         '<div>On 24 Nov 2026, at 10:00, Crazykrieg referee wrote:</div>' + ORIGINAL_HTML +
         '</blockquote></div></body></html>\n')]), ["Nc3"])
add("iphone_german", plain_mail("iphone_german", ["e4", "", "Von meinem iPhone gesendet", "",
    f"> Am 24.11.2026 um 10:00 schrieb Crazykrieg referee <{REFEREE}>:", ">", *quoted()],
    cte="quoted-printable"), ["e4"])
add("iphone_french", plain_mail("iphone_french", ["d4", "", "Envoy\u00e9 de mon iPhone", "",
    f"> Le 24 nov. 2026 \u00e0 10:00, Crazykrieg referee <{REFEREE}> a \u00e9crit\u00a0:",
    ">", *quoted()], cte="quoted-printable"), ["d4"])
add("iphone_spanish", plain_mail("iphone_spanish", ["Nf3", "", "Enviado desde mi iPhone", "",
    f"El 24 nov 2026, a las 10:00, Crazykrieg referee <{REFEREE}> escribi\u00f3:", "",
    *quoted()], cte="base64"), ["Nf3"])
add("iphone_italian", plain_mail("iphone_italian", ["e4", "", "Inviato da iPhone", "",
    f"Il giorno 24 nov 2026, alle ore 10:00, Crazykrieg referee <{REFEREE}> ha scritto:", "",
    *quoted()]), ["e4"])
add("iphone_dutch", plain_mail("iphone_dutch", ["c4", "", "Verzonden vanaf mijn iPhone", "",
    f"> Op 24 nov. 2026 om 10:00 heeft Crazykrieg referee <{REFEREE}> het volgende geschreven:",
    ">", *quoted()]), ["c4"])
add("iphone_portuguese", plain_mail("iphone_portuguese", ["e4", "", "Enviado do meu iPhone", "",
    f"Em 24 de nov. de 2026, \u00e0s 10:00, Crazykrieg referee <{REFEREE}> escreveu:", "",
    *quoted()], charset="iso-8859-1", cte="quoted-printable"), ["e4"])

# --- Android and others ------------------------------------------------------------------
add("k9_mail", plain_mail("k9_mail", ["any?", "e4", "",
    "Sent from my Android device with K-9 Mail. Please excuse my brevity.", "",
    "On 24 November 2026 10:00:00 CET, Crazykrieg referee <" + REFEREE + "> wrote:",
    *quoted()]), ["any?", "e4"])
add("samsung_galaxy", plain_mail("samsung_galaxy", ["Nf3", "", "",
    "Sent from my Galaxy", "", "", "-------- Original message --------",
    f"From: Crazykrieg referee <{REFEREE}> ", "Date: 24/11/2026 10:00 (GMT+01:00) ",
    *ORIGINAL]), ["Nf3"])
add("samsung_german", plain_mail("samsung_german", ["d4", "", "",
    "Von meinem Samsung Galaxy Smartphone gesendet.", "", "",
    "-------- Urspr\u00fcngliche Nachricht --------", "Von: Crazykrieg referee",
    "Datum: 24.11.26 10:00 (GMT+01:00)", *ORIGINAL], cte="quoted-printable"), ["d4"])
add("yahoo_android", plain_mail("yahoo_android", ["e4", "", "Sent from Yahoo Mail on Android",
    "", "  On Tue, 24 Nov 2026 at 10:00, Crazykrieg referee<" + REFEREE + "> wrote:   ",
    *quoted()]), ["e4"])
add("yahoo_web_html", html_only("yahoo_web_html",
    '<html><body><div class="yahoo-style-wrap">Nf3</div><div><br></div>'
    '<div id="yahoo_quoted_1234" class="yahoo_quoted"><div>On Tuesday, November 24, 2026, '
    '10:00:00 AM GMT+1, Crazykrieg referee wrote:</div>' + ORIGINAL_HTML + '</div></body></html>'),
    ["Nf3"])
add("proton_mail", plain_mail("proton_mail", ["c4", "", "Sent with Proton Mail secure email.", "",
    "On Tuesday, November 24th, 2026 at 10:00, Crazykrieg referee <" + REFEREE + "> wrote:", "",
    *quoted()]), ["c4"])

# --- Thunderbird, mutt -------------------------------------------------------------------
add("thunderbird_flowed", plain_mail("thunderbird_flowed", [
    "On 24/11/2026 10:00, Crazykrieg referee wrote:", *quoted(), "", "e4", "",
    "say Good luck, and thanks for the game so far. I am writing a longer line so that ",
    "Thunderbird wraps it with a soft break.", "", "-- ", "Pat"], flowed=True),
    ["e4", "say Good luck, and thanks for the game so far. I am writing a longer line so that "
     "Thunderbird wraps it with a soft break."])
add("thunderbird_german", plain_mail("thunderbird_german", ["Nf3", "",
    "Am 24.11.26 um 10:00 schrieb Crazykrieg referee:", *quoted()], flowed=True,
    cte="quoted-printable"), ["Nf3"])
add("mutt", plain_mail("mutt", [f"* Crazykrieg referee <{REFEREE}> [2026-11-24 10:00 +0100]:",
    *quoted(), "", "d4", "", "-- ", "Pat Player | https://pat.example"]), ["d4"])

# --- Encodings and charsets --------------------------------------------------------------
add("base64_utf8", plain_mail("base64_utf8", ["e4 ", "", "Gr\u00fc\u00dfe \u2014 Pat",
    "", "Am 24.11.2026 um 10:00 schrieb Crazykrieg referee:", *quoted()], cte="base64"),
    ["e4", "? Gr\u00fc\u00dfe \u2014 Pat"])
add("windows1252_qp", plain_mail("windows1252_qp", ["Nf3", "", "Caf\u00e9 \u2013 \u20ac",
    "", "-----Original Message-----", *ORIGINAL], charset="windows-1252",
    cte="quoted-printable"), ["Nf3", "? Caf\u00e9 \u2013 \u20ac"])
add("latin1_8bit", plain_mail("latin1_8bit", ["d4", "", "Envoy\u00e9 depuis mon t\u00e9l\u00e9phone",
    "", "Le mar. 24 nov. 2026 \u00e0 10:00, Crazykrieg referee a \u00e9crit :", *quoted()],
    charset="iso-8859-1", cte="8bit"), ["d4"])

add("latin9_qp", plain_mail("latin9_qp", ["c4", "Mise: 5 \u20ac", "", "Envoy\u00e9 depuis Outlook",
    "", "De : Crazykrieg referee", "Envoy\u00e9 : mardi 24 novembre 2026 10:00", *ORIGINAL],
    charset="iso-8859-15", cte="quoted-printable"), ["c4", "? Mise: 5 \u20ac"])

# --- Signed mail -------------------------------------------------------------------------
PGP_SIG = ["-----BEGIN PGP SIGNATURE-----", "", "iQEzBAEBCAAdFiEEexampleexampleexampleexampleAAAA",
           "AAoJEGV4YW1wbGVleGFtcGxlZXhhbXBsZWV4YW1wbGVleGFtcGxl", "=abcd",
           "-----END PGP SIGNATURE-----"]
add("pgp_inline", plain_mail("pgp_inline", ["-----BEGIN PGP SIGNED MESSAGE-----",
    "Hash: SHA256", "", "e4", "draw", "- -- ", "Pat", *PGP_SIG, "",
    "On Tue, 24 Nov 2026 at 10:00, Crazykrieg referee wrote:", *quoted()]), ["e4", "draw"])
add("pgp_mime_signed", "\n".join(headers("pgp_mime_signed",
    'multipart/signed; micalg=pgp-sha256; protocol="application/pgp-signature"; '
    'boundary="sig1"')) + "\n\n" + multipart("sig1", [
    part('text/plain; charset="utf-8"', "Nf3\n\nOn Tue, 24 Nov 2026 at 10:00, Crazykrieg "
         "referee wrote:\n" + "\n".join(quoted()) + "\n", "quoted-printable"),
    part('application/pgp-signature; name="signature.asc"', "\n".join(PGP_SIG) + "\n",
         extra=['Content-Disposition: attachment; filename="signature.asc"'])]), ["Nf3"])
add("smime_signed", "\n".join(headers("smime_signed",
    'multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; '
    'boundary="smime1"')) + "\n\n" + multipart("smime1", [
    part('text/plain; charset="utf-8"', "c4\n\nSent from my iPhone\n", "quoted-printable"),
    part('application/pkcs7-signature; name="smime.p7s"', b64(bytes(range(200))), "base64",
         ['Content-Disposition: attachment; filename="smime.p7s"'])]), ["c4"])

# --- Attachments, posting styles, notes --------------------------------------------------
add("photo_attached", "\n".join(headers("photo_attached", 'multipart/mixed; boundary="mix1"')) +
    "\n\n" + multipart("mix1", [
        part('text/plain; charset="utf-8"', "e4\nboard\n\nSent from my iPhone\n"),
        part('image/jpeg; name="IMG_0042.jpg"', b64(b"\xff\xd8\xff\xe0" + bytes(300)),
             "base64", ['Content-Disposition: attachment; filename="IMG_0042.jpg"'])]),
    ["e4", "board"])
add("inline_photo_html", "\n".join(headers("inline_photo_html",
    'multipart/related; boundary="rel1"')) + "\n\n" + multipart("rel1", [
    part('text/html; charset="utf-8"', '<html><body><div>d4</div><img src="cid:img1"></body>'
         '</html>\n'),
    part('image/png; name="board.png"', b64(b"\x89PNG\r\n" + bytes(100)), "base64",
         ["Content-ID: <img1>", 'Content-Disposition: inline; filename="board.png"'])]),
    ["d4"])
add("bottom_posting", plain_mail("bottom_posting", [
    "On Tue, 24 Nov 2026 at 10:00, Crazykrieg referee wrote:", *quoted(), "", "Nf3", "",
    "Sent from my Galaxy"]), ["Nf3"])
add("forwarded_below", plain_mail("forwarded_below", ["e4", "",
    "---------- Forwarded message ---------", "From: Crazykrieg referee", "Date: Tue, 24 Nov 2026",
    *ORIGINAL]), ["e4"])
add("message_block", plain_mail("message_block", ["d4", "message:", "Thanks for the game!",
    "See you at the club.", "", "Sent from my iPhone", "",
    "On 24 Nov 2026, at 10:00, Crazykrieg referee wrote:", *quoted()]),
    ["d4", "message: Thanks for the game! / See you at the club."])
add("crlf_only_text", plain_mail("crlf_only_text", ["E4", "Get Outlook for Android"]).replace(
    "\n", "\r\n"), ["e4"])


def main():
    for name, (raw, expected) in sorted(CORPUS.items()):
        charset = "utf-8"
        for cs in ("iso-8859-1", "windows-1252"):
            if f'charset="{cs}"' in raw and "Content-Transfer-Encoding: 8bit" in raw:
                charset = cs
        with open(os.path.join(HERE, name + ".eml"), "wb") as f:
            f.write(raw.encode(charset))
        with open(os.path.join(HERE, name + ".expected"), "w", encoding="utf-8") as f:
            f.write("\n".join(expected) + "\n")
    print(f"{len(CORPUS)} replies written")


if __name__ == "__main__":
    main()
