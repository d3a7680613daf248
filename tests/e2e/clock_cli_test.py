#!/usr/bin/env python3
"""Correspondence clocks through the command line: `serve --once --now` stepping through days on
the embedded default (README "Time controls"). A hidden game with 2 days per move: no mail
before the reminder instant, one reminder to White a day before the deadline (reminder_days
defaults to 1), nothing more until the deadline, then the forfeit: both players get the forfeit
mail with the record attached, the record says `[Termination "time forfeit"]` and verifies,
and a later pass changes nothing.
usage: clock_cli_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import os
import sys

from cli_harness import Cli, expect

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
ck, serve_at = cli.ck, cli.serve_at


ck("player", "add", "Alice", "alice@example.test")
ck("player", "add", "Bob", "bob@example.test")
ck("game", "new", "--variant", "crazykrieg", "--white", "alice@example.test", "--black",
   "bob@example.test", "--time", "2d", "--now", "2026-11-02T12:00:00Z", "--templates", templates)
start = cli.new_mails()
expect(len(start) == 2, "two game-start mails", start)

m = serve_at("2026-11-03T11:59:59Z")
expect(m == [], "nothing before the reminder instant", m)
m = serve_at("2026-11-03T12:00:00Z")
expect(len(m) == 1 and "alice@" in m[0][0] and "Reminder" in m[0][1], "one reminder to White", m)
m = serve_at("2026-11-04T12:00:00Z")
expect(m == [], "no second reminder, no forfeit at the deadline itself", m)
m = serve_at("2026-11-04T12:00:01Z")
expect(len(m) == 2, "the forfeit mail to both players", m)
expect(all("crazykrieg-1.pgn" in raw for _, _, raw in m), "the record attached", m)
m = serve_at("2026-11-20T12:00:00Z")
expect(m == [], "nothing after the end", m)

record = ck("game", "pgn", "1")
expect('[Termination "time forfeit"]' in record and '[Result "0-1"]' in record,
       "the record ends on time, 0-1:\n" + record)
path = os.path.join(work, "record.pgn")
with open(path, "w") as f:
    f.write(record)
ck("validate", path)
print("clock through the command line: ok")
