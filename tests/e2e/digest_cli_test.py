#!/usr/bin/env python3
"""A player's own settings through the command line (README "Your settings"; issue 21's
acceptance): Dana plays 12 games (2 days per move, against three opponents, some hidden), sends
`set mail digest 07:00` and `set reminders 8h,1h` to the referee address, and over two simulated
days (`serve --once --now`) gets exactly what the settings imply: the settings answer, one
digest at 07:00 each day (her move first, least time left first, then the games waiting for the
opponent, with what happened since the last digest), the answers to her own mails, one reminder
8 h and one 1 h before each of her deadlines, and no per-move mail. `games` lists her games by
urgency; `player set` shows and changes the same settings.
usage: digest_cli_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import email
import email.policy
import email.utils
import os
import re
import sys

from cli_harness import Cli, deliver, expect, fail, reply_address, text_body

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
ck, serve_at = cli.ck, cli.serve_at
inbox = os.path.join(work, "var", "inbox")
DANA = "dana@example.test"

ck("player", "add", "Dana", DANA)
opponents = ["alice@example.test", "bob@example.test", "carl@example.test"]
for name, address in zip(["Alice", "Bob", "Carl"], opponents):
    ck("player", "add", name, address)

# 12 games: Dana White in the even ones, Black in the odd ones; Alice's games hidden.
games = {}  # id -> (opponent, dana_white)
start = []
for i in range(12):
    opp = opponents[i % 3]
    dana_white = i % 2 == 0
    white, black = (DANA, opp) if dana_white else (opp, DANA)
    variant = "crazykrieg" if opp.startswith("alice") else "crazyhouse"
    out = ck("game", "new", "--variant", variant, "--white", white, "--black", black, "--time",
             "2d", "--now", "2026-11-02T12:00:00Z", "--templates", templates)
    games[int(out.split()[-1])] = (opp, dana_white)
    start += cli.new_mails()
expect(len(start) == 24, "two game-start mails a game", start)
# The plain referee address: where the game-start mails come from.
REFEREE = email.utils.parseaddr(
    email.message_from_string(start[0][2], policy=email.policy.default)["From"])[1]


def dana(mails):
    return [m for m in mails if DANA in m[0]]


def subjects(mails):
    return [s for _, s, _ in mails]


# The settings, by mail to the plain referee address: one answer.
deliver(inbox, DANA, REFEREE, "settings", ["set mail digest 07:00", "set reminders 8h,1h"])
m = serve_at("2026-11-02T12:05:00Z")
expect(len(m) == 1 and DANA in m[0][0] and "Your settings" in m[0][1], "the settings answer", m)
body = text_body(m[0][2])
expect("digest 07:00" in body and "8h,1h" in body and "view: board" in body,
       "the settings answer shows them:\n" + body, m)

# The opponents move first in the games where Dana is Black: Dana gets no mail of it.
for gid, (opp, dana_white) in sorted(games.items()):
    if dana_white:
        continue
    to, subject = reply_address(start, opp, f"#{gid}]")
    deliver(inbox, opp, to, "Re: " + subject, ["e4"])
m = serve_at("2026-11-02T12:10:00Z")
expect(dana(m) == [], "no per-move mail to Dana", m)
expect(len(m) == 6, "each mover gets their answer", m)

# Nothing for Dana until the first digest at 07:00 the next day.
m = serve_at("2026-11-03T06:59:00Z")
expect(dana(m) == [], "nothing before 07:00", m)
m = serve_at("2026-11-03T07:00:00Z")
expect(len(m) == 1 and DANA in m[0][0] and "Your digest: your move in 12 games" in m[0][1],
       "the first digest", m)
digest = text_body(m[0][2])
order = [int(x) for x in re.findall(r"^#(\d+) ", digest, re.M)]
white_ids = sorted(g for g, (_, w) in games.items() if w)
black_ids = sorted(g for g, (_, w) in games.items() if not w)
# White's deadlines (12:00) come before Black's (12:10, after the opponents' moves).
expect(order == white_ids + black_ids, f"least time left first: {order}\n{digest}")
expect("White has moved." in digest or "e4" in digest, "what happened since:\n" + digest)
m = serve_at("2026-11-03T07:30:00Z")
expect(m == [], "one digest a day", m)

# Dana moves in three of her White games (replies to the game-start mails) and asks `games`.
moved = white_ids[:3]
for gid in moved:
    to, subject = reply_address(start, DANA, f"#{gid}]")
    deliver(inbox, DANA, to, "Re: " + subject, ["e4"])
m = serve_at("2026-11-03T10:00:00Z")
expect(len(dana(m)) == 3 and len(m) == 6, "Dana's three answers and the opponents' turn mails",
       m)
deliver(inbox, DANA, REFEREE, "games", ["games"])
m = serve_at("2026-11-03T10:05:00Z")
expect(len(m) == 1 and "Your games" in m[0][1], "the games list", m)
listed = [int(x) for x in re.findall(r"^\s*#(\d+) ", text_body(m[0][2]), re.M)]
waiting = sorted(moved)
expect(listed == [g for g in white_ids if g not in moved] + black_ids + waiting,
       f"games by urgency: {listed}\n" + text_body(m[0][2]))

# The reminders: 8 h before each deadline, then the second digest, then 1 h before.
m = serve_at("2026-11-04T03:59:00Z")
expect(dana(m) == [], "nothing before the 8 h reminders", m)
m = serve_at("2026-11-04T04:00:00Z")
expect(len(dana(m)) == 3 and all("Reminder" in s for s in subjects(dana(m))),
       "8 h before the White deadlines", m)
m = serve_at("2026-11-04T04:10:00Z")
expect(len(dana(m)) == 6 and all("Reminder" in s for s in subjects(dana(m))),
       "8 h before the Black deadlines", m)
m = serve_at("2026-11-04T07:00:00Z")
expect(len(dana(m)) == 1 and "Your digest: your move in 9 games" in dana(m)[0][1],
       "the second digest", m)
digest = text_body(dana(m)[0][2])
expect("since your last digest (2026-11-03 07:00 UTC)" in digest, "since when:\n" + digest)
expect("WAITING FOR YOUR OPPONENT" in digest and
       [int(x) for x in re.findall(r"^#(\d+) ", digest, re.M)][-3:] == waiting,
       "the games waiting for the opponent last:\n" + digest)

# One reply to the digest acts in three games, with one answer; a game the digest did not list
# is quoted back, not acted on.
digest_mail = email.message_from_string(dana(m)[0][2], policy=email.policy.default)
digest_reply_to = str(digest_mail["Reply-To"])
expect("+digest." in digest_reply_to, "the digest's own reply address: " + digest_reply_to)
acted = black_ids[:3]
deliver(inbox, DANA, digest_reply_to, "Re: " + str(digest_mail["Subject"]),
        [f"#{acted[0]} Nf6", f"#{acted[1]} e5", f"#{acted[2]} Nc6", f"#{acted[2]} say thanks",
         "#999 e5"])
m = serve_at("2026-11-04T07:30:00Z")
expect(len(dana(m)) == 1, "one answer to the digest reply", m)
answer = text_body(dana(m)[0][2])
expect(answer.count("You played") == 3 and "#999 e5" in answer,
       "the answer covers the three games and quotes the unknown one:\n" + answer)
expect(len(m) == 4, "and each opponent's turn mail", m)
shown = ck("game", "pgn", str(acted[2]))
expect("thanks" in shown, "the note of the third game is in its record:\n" + shown)
black_left = [g for g in black_ids if g not in acted]

m = serve_at("2026-11-04T10:59:00Z")
expect(dana(m) == [], "nothing between", m)
m = serve_at("2026-11-04T11:00:00Z")
expect(len(dana(m)) == 3 and all("Reminder" in s for s in subjects(dana(m))),
       "1 h before the White deadlines", m)
m = serve_at("2026-11-04T11:10:00Z")
expect(len(dana(m)) == len(black_left) and all("Reminder" in s for s in subjects(dana(m))),
       "1 h before the Black deadlines where Dana has not moved", m)
m = serve_at("2026-11-04T11:30:00Z")
expect(dana(m) == [], "each reminder once", m)

# The organiser sees and changes the same settings.
out = ck("player", "set", DANA)
expect("digest 07:00" in out and "8h,1h" in out, "player set shows the settings:\n" + out)
out = ck("player", "set", DANA, "mail=each", "reminders=none", "view=list")
expect("mail: each" in out and "reminders: none" in out and "view: list" in out,
       "player set changes them:\n" + out)
r = ck("player", "set", DANA, "reminders=1h,2h,3h,4h,5h", check=False)
expect(r.returncode == 2 and "at most 4" in r.stderr, "at most 4 reminders: " + r.stderr)
print("settings, digest and reminders through the command line: ok")
