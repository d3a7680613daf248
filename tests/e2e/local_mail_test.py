#!/usr/bin/env python3
"""The README's newcomer walk-through with scripts/local-mail.py: two local addresses play the
first moves of a CrazyKrieg game on the embedded default (./var under a scratch directory).
usage: local_mail_test.py CRAZYKRIEG WORKDIR TEMPLATES LOCAL_MAIL_PY"""
import os
import shutil
import subprocess
import sys

binary, work, templates, tool = sys.argv[1:5]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def run(*args):
    r = subprocess.run(list(args), cwd=work, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        sys.exit(f"FAIL: {' '.join(args)} exited {r.returncode}\n{r.stdout}{r.stderr}")
    return r.stdout


def ck(*args):
    return run(binary, *args)


def mail(*args):
    return run(sys.executable, tool, *args)


def expect(text, needle, what):
    if needle not in text:
        sys.exit(f"FAIL: {what}: {needle!r} not in:\n{text}")


ck("player", "add", "Alice", "alice@example.test")
ck("player", "add", "Bob", "bob@example.test")
ck("game", "new", "--variant", "crazykrieg", "--white", "alice@example.test",
   "--black", "bob@example.test", "--templates", templates)
expect(mail("read", "alice@example.test"), "you play White", "Alice's game-start mail")
# A refused try, then a legal move: Bob hears only that White has moved.
mail("reply", "alice@example.test", "Qh5", "e4")
ck("serve", "--once", "--templates", templates)
bob = mail("read", "bob@example.test")
expect(bob, "White has moved.", "Bob's turn mail")
if "Qh5" in bob or "Impossible" in bob:
    sys.exit(f"FAIL: Bob's mail tells him of White's refused try:\n{bob}")
expect(mail("read", "alice@example.test"), "Impossible.", "Alice's turn mail")
mail("reply", "bob@example.test", "e5")
ck("serve", "--once", "--templates", templates)
expect(mail("read", "alice@example.test"), "Black has moved.", "Alice's second turn mail")
# A second `serve` pass finds nothing new: the same reply is not applied twice.
ck("serve", "--once", "--templates", templates)
show = ck("game", "show", "1", "--as", "referee")
expect(show, "to move: white", "game state after 1. e4 e5")
# No mail yet for an unknown address: exit 1 with a message.
r = subprocess.run([sys.executable, tool, "read", "carol@example.test"], cwd=work,
                   capture_output=True, text=True)
if r.returncode != 1 or "no mail to carol@example.test" not in r.stderr:
    sys.exit(f"FAIL: read for an address without mail: {r.returncode} {r.stderr!r}")
print("local-mail walk-through: ok")
