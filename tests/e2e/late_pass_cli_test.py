#!/usr/bin/env python3
"""A move that reached the mail source before its deadline is played even when the pass that
rules it runs after the deadline (README "Time controls": the arrival counts, not the pass and
not the sender's Date: header); one that arrived after the deadline still loses on time.
Through the command line on the embedded default:
- Maildir: a reply put into var/inbox with its delivery time (the file's modification time)
  before the deadline, `serve --once --now` a day later: played; the same at a minute after
  the deadline: lost on time, the move refused as after the end.
- `deliver --now T`: the MTA's time T is the mail's arrival; when deliver cannot run its pass
  (here: no templates), the mail waits in the inbox and a later `serve --once` past the
  deadline plays it.
usage: late_pass_cli_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import calendar
import email.message
import email.policy
import email.utils
import os
import subprocess
import sys
import time

from cli_harness import Cli, expect, reply_address

binary, work, templates = sys.argv[1:4]


def epoch(iso):
    return calendar.timegm(time.strptime(iso, "%Y-%m-%dT%H:%M:%SZ"))


def move_mail(to, body, date_header):
    msg = email.message.EmailMessage(policy=email.policy.SMTP)
    msg["From"], msg["To"], msg["Subject"] = "alice@example.test", to, "Re: your move"
    msg["Date"] = date_header
    msg["Message-ID"] = email.utils.make_msgid(domain="example.test")
    msg.set_content(body + "\n")
    return msg.as_bytes()


def drop_into_inbox(cli, raw, arrived_iso):
    """Delivers `raw` into var/inbox as a Maildir agent would at `arrived_iso`."""
    inbox = os.path.join(cli.work, "var", "inbox")
    for sub in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(inbox, sub), exist_ok=True)
    name = "%d.M1P%dQ1.test" % (epoch(arrived_iso), os.getpid())
    path = os.path.join(inbox, "new", name)
    with open(os.path.join(inbox, "tmp", name), "wb") as f:
        f.write(raw)
    os.rename(os.path.join(inbox, "tmp", name), path)
    os.utime(path, (epoch(arrived_iso), epoch(arrived_iso)))


def new_game(name):
    cli = Cli(binary, os.path.join(work, name), templates)
    cli.ck("player", "add", "Alice", "alice@example.test")
    cli.ck("player", "add", "Bob", "bob@example.test")
    cli.ck("game", "new", "--variant", "chess", "--white", "alice@example.test", "--black",
           "bob@example.test", "--time", "1d", "--now", "2026-12-01T00:00:00Z",
           "--templates", templates)
    start = cli.new_mails()
    to, _ = reply_address(start, "alice@example.test", "")
    return cli, to


def played(cli, mails):
    expect(not any("lost on time" in s for _, s, _ in mails), "no loss on time", mails)
    expect(any("bob@" in t and "White played e4" in raw for t, _, raw in mails),
           "Bob is told of White's move", mails)
    record = cli.ck("game", "pgn", "1")
    expect("1. e4" in record and '[Result "*"]' in record, "e4 played, game on:\n" + record)


# Maildir: delivered 20:00, the deadline is 2026-12-02 00:00, the pass runs at 00:30.
cli, to = new_game("maildir-in-time")
drop_into_inbox(cli, move_mail(to, "e4", "Tue, 01 Dec 2026 20:00:00 +0000"),
                "2026-12-01T20:00:00Z")
played(cli, cli.serve_at("2026-12-02T00:30:00Z"))

# Maildir: delivered at 00:01, after the deadline (its Date: header claims 20:00: the
# sender's word does not count): lost on time, the move refused.
cli, to = new_game("maildir-late")
drop_into_inbox(cli, move_mail(to, "e4", "Tue, 01 Dec 2026 20:00:00 +0000"),
                "2026-12-02T00:01:00Z")
m = cli.serve_at("2026-12-02T00:30:00Z")
expect(sum("lost on time" in s for _, s, _ in m) == 2, "the forfeit mail to both", m)
expect(any("alice@" in t and "game is over" in raw for t, _, raw in m),
       "Alice's move refused: the game is over", m)
record = cli.ck("game", "pgn", "1")
expect('[Termination "time forfeit"]' in record and "1. e4" not in record,
       "lost on time, e4 not played:\n" + record)

# deliver: handed over at 20:00 (--now: the MTA's time); its pass cannot run (no templates),
# so it waits in the inbox; the pass after the deadline plays it.
cli, to = new_game("deliver")
r = subprocess.run([binary, "deliver", "--now", "2026-12-01T20:00:00Z", "--templates",
                    os.path.join(work, "no-templates")], cwd=cli.work,
                   input=move_mail(to, "e4", "Tue, 01 Dec 2026 20:00:00 +0000"),
                   capture_output=True, timeout=60)
expect(r.returncode == 0, "deliver accepts the mail: %r" % r.stderr)
expect(cli.new_mails() == [], "deliver's pass did not run")
played(cli, cli.serve_at("2026-12-02T00:30:00Z"))
print("late pass through the command line: ok")
