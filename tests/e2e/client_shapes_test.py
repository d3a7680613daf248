#!/usr/bin/env python3
"""A whole game in which every reply comes from a different mail client's shape (README "What a
reply may contain"): each reply draws exactly one mail back to its sender, and none of them says
"not understood" or "Unknown command" (the clients' boilerplate is never a command). Runs on the
embedded default (Maildirs under WORKDIR/var), with scripts/local-mail.py's mailbox helpers and
the reply shapes of tests/data/mail/clients/make_corpus.py.
usage: client_shapes_test.py CRAZYKRIEG WORKDIR TEMPLATES LOCAL_MAIL_PY CORPUS_DIR"""
import importlib.util
import os
import shutil
import subprocess
import sys

binary, work, templates, tool, corpus_dir = sys.argv[1:6]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lm = load("local_mail", tool)
mc = load("make_corpus", os.path.join(corpus_dir, "make_corpus.py"))
OUTBOX = os.path.join(work, "var", "outbox")
INBOX = os.path.join(work, "var", "inbox")
ALICE, BOB = "alice@example.test", "bob@example.test"


def ck(*args):
    r = subprocess.run([binary, *args], cwd=work, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        sys.exit(f"FAIL: crazykrieg {' '.join(args)} exited {r.returncode}\n{r.stdout}{r.stderr}")
    return r.stdout


def attribution():
    return ["", "On Tue, 24 Nov 2026 at 10:00, Crazykrieg referee <", f"{mc.REFEREE}> wrote:", ""]


def html(cmds):
    return "<div>" + "</div><div>".join(cmds) + "</div>"


# Each shape turns command lines into a raw reply (placeholder addresses, as in the corpus).
SHAPES = [
    ("Gmail", lambda c: mc.alternative("s", c + attribution() + mc.quoted(),
        '<div dir="ltr">' + html(c) + '</div><div class="gmail_quote">On Tue wrote:'
        f'<blockquote class="gmail_quote">{mc.ORIGINAL_HTML}</blockquote></div>')),
    ("Outlook for iOS", lambda c: mc.plain_mail("s", c + ["", "Get Outlook for iOS",
        *mc.OUTLOOK_BLOCK], cte="quoted-printable")),
    ("iPhone, German", lambda c: mc.plain_mail("s", c + ["", "Von meinem iPhone gesendet", "",
        "> Am 24.11.2026 um 10:00 schrieb Crazykrieg referee <r@club.test>:", *mc.quoted()])),
    ("iPhone, French", lambda c: mc.plain_mail("s", c + ["", "Envoy\u00e9 de mon iPhone", "",
        "Le 24 nov. 2026 \u00e0 10:00, Crazykrieg referee <r@club.test> a \u00e9crit\u00a0:", "",
        *mc.quoted()], cte="quoted-printable")),
    ("K-9", lambda c: mc.plain_mail("s", c + ["", "Sent from my Android device with K-9 Mail. "
        "Please excuse my brevity."])),
    ("Thunderbird flowed", lambda c: mc.plain_mail("s", ["On 24/11/2026 10:00, Crazykrieg "
        "referee wrote:", *mc.quoted(), "", *c, "", "-- ", "Pat"], flowed=True)),
    ("Yahoo Android", lambda c: mc.plain_mail("s", c + ["", "Sent from Yahoo Mail on Android", "",
        "On Tue, 24 Nov 2026 at 10:00, Crazykrieg referee<r@club.test> wrote:", *mc.quoted()])),
    ("PGP inline", lambda c: mc.plain_mail("s", ["-----BEGIN PGP SIGNED MESSAGE-----",
        "Hash: SHA256", "", *c, *mc.PGP_SIG])),
    ("Spanish, base64", lambda c: mc.plain_mail("s", c + ["", "Enviado desde mi iPhone", "",
        "El 24 nov 2026, a las 10:00, Crazykrieg referee <r@club.test> escribi\u00f3:", "",
        *mc.quoted()], cte="base64")),
    ("Outlook desktop, Windows-1252", lambda c: mc.alternative("s", c + ["", *mc.OUTLOOK_BLOCK],
        '<html><body><p class="MsoNormal">' + html(c) + '</p><div id="divRplyFwdMsg">From: '
        'Crazykrieg referee</div>' + mc.ORIGINAL_HTML + '</body></html>', charset="windows-1252")),
    ("Samsung", lambda c: mc.plain_mail("s", c + ["", "", "Sent from my Galaxy", "",
        "-------- Original message --------", "From: Crazykrieg referee", *mc.ORIGINAL])),
    ("S/MIME signed", lambda c: "\n".join(mc.headers("s", 'multipart/signed; protocol='
        '"application/pkcs7-signature"; micalg=sha-256; boundary="sm"')) + "\n\n" +
        mc.multipart("sm", [mc.part('text/plain; charset="utf-8"', "\n".join(c) +
            "\n\nSent from my iPhone\n"), mc.part('application/pkcs7-signature; name="smime.p7s"',
            mc.b64(bytes(range(120))), "base64",
            ['Content-Disposition: attachment; filename="smime.p7s"'])])),
    ("Outlook on the web, HTML only", lambda c: mc.html_only("s", '<html><body>' + html(c) +
        '<div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> Crazykrieg '
        'referee</div>' + mc.ORIGINAL_HTML + '</body></html>')),
    ("photo attached", lambda c: "\n".join(mc.headers("s", 'multipart/mixed; boundary="mx"')) +
        "\n\n" + mc.multipart("mx", [mc.part('text/plain; charset="utf-8"', "\n".join(c) +
            "\n\nSent from my iPhone\n"), mc.part('image/jpeg; name="IMG_1.jpg"',
            mc.b64(b"\xff\xd8\xff\xe0" + bytes(200)), "base64",
            ['Content-Disposition: attachment; filename="IMG_1.jpg"'])])),
    ("mutt", lambda c: mc.plain_mail("s", ["* Crazykrieg referee <r@club.test> [2026-11-24]:",
        *mc.quoted(), "", *c, "", "-- ", "Pat"])),
]

# Scholar's mate in open crazyhouse, with a look at the board, a note and the record between.
# (player, commands, shape index); every shape is used once.
PLAN = [
    (ALICE, ["e4"], 0), (BOB, ["e5"], 1), (ALICE, ["board"], 2), (ALICE, ["Bc4"], 3),
    (BOB, ["Nc6", "say Your bishop looks dangerous."], 4), (ALICE, ["Qh5"], 5),
    (BOB, ["pgn"], 6), (BOB, ["Nf6"], 7), (ALICE, ["message:", "Sorry, Bob.", "Good game!"], 8),
    (ALICE, ["Qxf7#"], 9), (BOB, ["board"], 10), (ALICE, ["help"], 11), (BOB, ["games"], 12),
    (ALICE, ["pgn"], 13), (BOB, ["games"], 14),
]
assert sorted(i for _, _, i in PLAN) == list(range(len(SHAPES)))

ck("player", "add", "Alice", ALICE)
ck("player", "add", "Bob", BOB)
ck("game", "new", "--variant", "crazyhouse", "--white", ALICE, "--black", BOB,
   "--templates", templates)
serial = 0
for player, commands, shape in PLAN:
    name, make = SHAPES[shape]
    serial += 1
    orig = lm.newest(OUTBOX, player)
    raw = make(commands)
    head, sep, body = raw.partition("\n\n")
    head = (head.replace(mc.PLAYER, player)
                .replace(mc.REFEREE, lm.email.utils.parseaddr(str(orig["Reply-To"]))[1])
                .replace("<s.corpus@client.test>", f"<e2e-{serial}@client.test>")
                .replace("<ck.1.0.w.game-start@club.test>", str(orig["Message-ID"])))
    raw = head + sep + body
    charset = "windows-1252" if 'charset="windows-1252"' in raw and "8bit" in raw else "utf-8"
    before = len(lm.mails_to(OUTBOX, player))
    lm.deliver(INBOX, raw.encode(charset))
    ck("serve", "--once", "--templates", templates)
    after = lm.mails_to(OUTBOX, player)
    what = f"{name} reply {commands} from {player}"
    if len(after) - before != 1:
        sys.exit(f"FAIL: {what}: {len(after) - before} mails back, not one")
    answer = after[-1][2]
    text = lm.text_of(answer)
    if "Not understood" in text or "Unknown command" in str(answer["Subject"]):
        sys.exit(f"FAIL: {what}: boilerplate not understood:\n{text}")
    if any(c.startswith(("say ", "message:")) for c in commands):
        other, writer = (BOB, "Alice") if player == ALICE else (ALICE, "Bob")
        told = lm.text_of(lm.mails_to(OUTBOX, other)[-1][2])
        if f"{writer} writes:" not in told:
            sys.exit(f"FAIL: {what}: the note did not reach {other}:\n{told}")
    print(f"ok: {what}: {answer['Subject']}")

record = ck("game", "pgn", "1")
for needle in ("1-0", "Bob writes: Your bishop looks dangerous.", "Alice writes: Sorry, Bob."):
    if needle not in " ".join(record.split()):
        sys.exit(f"FAIL: the record lacks {needle!r}:\n{record}")
print(f"client shapes: {len(PLAN)} replies from {len(SHAPES)} client shapes, one answer each")
