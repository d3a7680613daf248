#!/usr/bin/env python3
"""Club play through the command line on the embedded default (README "Challenges and
tournaments by mail", "Commands"): an event created with `tournament new --entries` takes
`join`/`withdraw` by mail (sent with scripts/local-mail.py), `tournament list|show` show the
entry list, `tournament start` closes it and starts every game (game-start mails), a second
start is refused; then a challenge by mail is listed by `challenge list`, cancelled by
`challenge cancel`, and its late `accept` is answered "No challenge"; usage errors exit 2.
usage: club_cli_test.py CRAZYKRIEG WORKDIR TEMPLATES LOCAL_MAIL_PY"""
import os
import subprocess
import sys

from cli_harness import Cli, expect, fail

binary, work, templates, local_mail = sys.argv[1:5]
cli = Cli(binary, work, templates)
ck = cli.ck
T0 = "2026-12-01T09:00:00Z"
players = {"Alice": "alice@example.test", "Bob": "bob@example.test",
           "Carol": "carol@example.test", "Dave": "dave@example.test"}


def send(address, *lines):
    """A new mail from `address` to the plain referee address (local-mail.py send)."""
    r = subprocess.run([sys.executable, local_mail, "--var", os.path.join(work, "var"), "send",
                        address, *lines], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        fail(f"local-mail.py send {address}: {r.stdout}{r.stderr}")


def subjects_to(mails, address):
    return [s for t, s, _ in mails if address in t]


for name, address in players.items():
    ck("player", "add", name, address)

# Usage errors: exit 2, nothing created.
r = ck("tournament", "new", "--name", "Solo", "--variant", "chess", players["Alice"],
       check=False)
expect(r.returncode == 2 and "at least two" in r.stderr, f"one player without --entries: {r}")
r = ck("tournament", "start", check=False)
expect(r.returncode == 2, f"start without an ID: {r}")

out = ck("tournament", "new", "--name", "Winter Open", "--variant", "crazyhouse", "--time", "3d",
         "--entries", "--now", T0, "--templates", templates)
tid = out.strip().splitlines()[-1]
expect(tid == "winter-open", f"the id from the name: {out!r}")
expect(cli.new_mails() == [], "no mail before anyone joins")
expect(ck("tournament", "list") == "winter-open\tentries 0\tWinter Open\n", "listed, no entrant")

for who in ("Alice", "Bob", "Carol", "Dave"):
    send(players[who], "join winter-open")
send(players["Dave"], "withdraw Winter-Open")
m = cli.serve_at("2026-12-01T10:00:00Z")
expect(len(m) == 5, "one answer per mail", m)
for who in ("Alice", "Bob", "Carol"):
    expect(subjects_to(m, players[who]) == ["[crazykrieg] Entered Winter Open"],
           f"{who} entered", m)
expect(subjects_to(m, players["Dave"]) == ["[crazykrieg] Entered Winter Open",
                                            "[crazykrieg] Withdrawn from Winter Open"],
       "Dave entered, then withdrew", m)
expect(ck("tournament", "list") == "winter-open\tentries 3\tWinter Open\n", "three entrants")
show = ck("tournament", "show", "winter-open")
expect("Entries open: 3 players so far" in show and " 3 Carol" in show and "Dave" not in show,
       "the entry list:\n" + show)

out = ck("tournament", "start", "winter-open", "--now", "2026-12-02T09:00:00Z",
         "--templates", templates)
expect(out == "winter-open: 3 games started\n", f"start: {out!r}")
m = cli.new_mails()
expect(len(m) == 6, "two game-start mails per player", m)
for who in ("Alice", "Bob", "Carol"):
    expect(len(subjects_to(m, players[who])) == 2, f"{who}: two games", m)
expect(ck("tournament", "list") == "winter-open\t0/3\tWinter Open\n", "started: 0 of 3 finished")
games = ck("game", "list")
expect(len(games.strip().splitlines()) == 3, "three games in the store:\n" + games)
r = ck("tournament", "start", "winter-open", "--templates", templates, check=False)
expect(r.returncode == 1 and "not taking entries" in r.stderr, f"a second start: {r}")
send(players["Dave"], "join winter-open")
m = cli.serve_at("2026-12-02T10:00:00Z")
expect(subjects_to(m, players["Dave"]) == ["[crazykrieg] Winter Open: entries are closed"],
       "no late entry", m)

# Challenges: list and cancel by the organiser.
send(players["Alice"], "challenge bob@example.test loop hidden 5d")
m = cli.serve_at("2026-12-03T10:00:00Z")
expect(len(m) == 2, "the challenge and its confirmation", m)
listed = ck("challenge", "list").splitlines()
expect(len(listed) == 1, f"one open challenge: {listed}")
fields = listed[0].split()
expect(fields[0] == "1" and "alice@example.test" in listed[0] and "bob@example.test" in
       listed[0] and "loop" in fields and "hidden" in fields and "5d" in fields,
       f"the challenge's fields: {listed[0]!r}")
r = ck("challenge", "cancel", "2", check=False)
expect(r.returncode != 0, f"cancelling an unknown challenge fails: {r}")
ck("challenge", "cancel", "1")
expect(ck("challenge", "list") == "", "nothing open after cancel")
expect(cli.new_mails() == [], "cancel mails nobody")
send(players["Bob"], "accept 1")
m = cli.serve_at("2026-12-03T11:00:00Z")
expect(subjects_to(m, players["Bob"]) == ["[crazykrieg] No challenge 1"], "late accept", m)
expect(len(ck("game", "list").strip().splitlines()) == 3, "no game from a cancelled challenge")
print("club play through the command line: ok")
