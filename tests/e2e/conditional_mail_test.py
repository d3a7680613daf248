#!/usr/bin/env python3
"""Conditional moves by mail through the command line (issue 19; README "Conditional moves"):
`serve --once` on the embedded default, players replying as a mail client does (the referee's
mail quoted below their commands). An open Crazyhouse game: White stores three branches of
depth 3 with the first move; Black plays into the second; White's replies are played in the
pass that rules Black's move, White's mails say so and list what is left, Black's never mention
it; Black's deviation removes the rest. A hidden CrazyKrieg game: a reply on "nothing" whose
first try is illegal falls through to the second, then a capture on e4 is answered.
usage: conditional_mail_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ckplay  # noqa: E402

binary, work, templates = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
club = ckplay.Club(binary, work, templates)
club.cli("player", "add", "Alice", "alice@example.test")
club.cli("player", "add", "Bob", "bob@example.test")
problems = []


def expect(ok, what, text=""):
    if not ok:
        problems.append(what + ("\n" + text if text else ""))


def text_of(raw):
    return ckplay.parse(raw).get_body(("plain",)).get_content()


def play(variant, turns):
    """Plays `turns` [(side, lines, check(white_text, black_text))] in a new game."""
    club.cli("game", "new", "--variant", variant, "--white", "alice@example.test", "--black",
             "bob@example.test", "--time", "30d+1d", now=True)
    game = int(club.cli("game", "list").strip().splitlines()[-1].split()[0].strip("#"))
    players = {"white": ckplay.Player("Alice", "alice@example.test", "white"),
               "black": ckplay.Player("Bob", "bob@example.test", "black")}
    for p in players.values():
        p.last = ckplay.parse(club.transport.receive(p.address)[-1])
    for side, lines, check in turns:
        raw, _ = players[side].reply(game, lines, club.now)
        club.transport.send(players[side].address, raw)
        club.serve_once()
        texts = {}
        for s, p in players.items():
            got = club.transport.receive(p.address)
            expect(len(got) == 1, "game %d, after %s: one mail to %s, not %d"
                   % (game, lines[0], s, len(got)))
            if got:
                p.last = ckplay.parse(got[-1])
                texts[s] = text_of(got[-1])
        if len(texts) == 2:
            check(texts["white"], texts["black"])


def silent(t):
    return "conditional" not in t.lower()


play("crazyhouse", [
    ("white", ["e4", "if e5 then Nf3 Nc6 Bc4 Bc5 c3", "if d5 then exd5 Qxd5 Nc3 Qa5 d4",
               "if c5 then Nf3 d6 d4 cxd4 Nxd4"],
     lambda w, b: (expect("- 2. if d5 then exd5 Qxd5 Nc3 Qa5 d4" in w, "stored lines listed", w),
                   expect(silent(b), "Black told nothing", b))),
    ("black", ["d5"],
     lambda w, b: (expect("- 2. exd5, by: if d5 then exd5" in w, "exd5 played by condition", w),
                   expect("- 1. if Qxd5 then Nc3 Qa5 d4" in w, "the rest listed", w),
                   expect("It is your move" in b, "Black to move at once", b),
                   expect(silent(b), "Black told nothing", b))),
    ("black", ["Qxd5"],
     lambda w, b: (expect("- 3. Nc3, by: if Qxd5 then Nc3" in w, "Nc3 played by condition", w),
                   expect(silent(b), "Black told nothing", b))),
    ("black", ["Nf6"],
     lambda w, b: (expect("Your conditional moves were removed" in w, "deviation removes", w),
                   expect(silent(b), "Black told nothing", b))),
])
record = club.cli("game", "pgn", "1")
expect("3. Nc3" in record and "conditional" not in record.lower(),
       "the record has the moves and, while the game runs, no word of conditionals", record)

play("crazykrieg", [
    ("white", ["e4", "if nothing then Qd3, Nc3 if capture on e4 then Qxe4, Nxe4"],
     lambda w, b: expect(silent(b), "Black told nothing", b)),
    ("black", ["d5"],
     lambda w, b: (expect("- 2. Nc3, by: if nothing then Qd3, Nc3" in w, "fall-through", w),
                   expect(silent(b), "Black told nothing", b))),
    ("black", ["dxe4"],
     lambda w, b: (expect("- 3. Nxe4, by: if capture on e4 then Qxe4, Nxe4" in w,
                          "capture answered", w),
                   expect(silent(b), "Black told nothing", b))),
])

for p in problems:
    print("FAIL:", p)
print("conditional moves by mail: %s" % ("ok" if not problems else "%d problems" % len(problems)))
sys.exit(1 if problems else 0)
