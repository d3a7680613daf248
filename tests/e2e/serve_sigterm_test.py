#!/usr/bin/env python3
"""SIGTERM in the middle of a pass (docs/cli.md: "SIGTERM/SIGINT finish the message in hand and exit
0"; the packaged service stops this way, README "The service"): 600 `games` mails of registered
players wait in the inbox; `serve` is stopped with SIGTERM once the first group is marked done.
It must exit 0, every mail it marked done (moved to cur/) must have its answer in the outbox and
every mail left in new/ none; a following `serve --once` answers the rest, each mail once.
usage: serve_sigterm_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import os
import signal
import subprocess
import sys
import time

from cli_harness import Cli, expect

MAILS = 600
binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
cli.ck("player", "add", "Alice", "alice@example.test")
cli.ck("player", "add", "Bob", "bob@example.test")
cli.ck("serve", "--once", "--templates", templates)  # lays out var/inbox
inbox = os.path.join(work, "var", "inbox")
for i in range(MAILS):
    sender = ("alice", "bob")[i % 2]
    with open(os.path.join(inbox, "tmp", f"m{i}"), "w") as f:
        f.write(f"From: {sender}@example.test\r\nTo: referee@club.example\r\n"
                f"Subject: games\r\nMessage-ID: <sigterm-{i}@example.test>\r\n"
                "Date: Tue, 24 Nov 2026 12:00:00 +0000\r\n\r\ngames\r\n")
    os.rename(os.path.join(inbox, "tmp", f"m{i}"), os.path.join(inbox, "new", f"m{i}"))


def count(sub):
    return len(os.listdir(os.path.join(inbox, sub)))


def answers():
    return len(cli.new_mails())


daemon = subprocess.Popen([binary, "serve", "--poll", "1", "--templates", templates], cwd=work,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
deadline = time.time() + 60
while count("cur") == 0 and time.time() < deadline and daemon.poll() is None:
    time.sleep(0.002)
daemon.send_signal(signal.SIGTERM)
try:
    rc = daemon.wait(timeout=60)
except subprocess.TimeoutExpired:
    daemon.kill()
    rc = None
log = daemon.stderr.read()
expect(rc == 0, f"SIGTERM mid-pass: serve exits 0 (got {rc}): {log[-2000:]}")
done, left = count("cur"), count("new")
expect(done + left == MAILS, f"no mail lost: {done} done + {left} left != {MAILS}")
sent = answers()
expect(sent == done, f"each mail marked done has its answer, no other: {sent} answers, {done} done")
print(f"stopped after {done} of {MAILS} mails, {left} left in the inbox")
cli.ck("serve", "--once", "--templates", templates)
expect(count("new") == 0 and count("cur") == MAILS, "the next pass handles the rest")
expect(sent + answers() == MAILS, "every mail answered exactly once")
print("SIGTERM finishes the mail in hand: ok")
