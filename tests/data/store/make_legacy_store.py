#!/usr/bin/env python3
"""Writes the store of tests/data/store/legacy-v0 (the format before state/: players and leaves
as files beside the journal, tournaments as tournaments/<id>/tournament.ini, challenges as the
fake tournament _challenges, unknown-sender rate limits as Message-IDs in the ledger).
It was run once with the crazykrieg built from commit c937b14; a later build writes the new
format, so rerunning it only reproduces the data with that build.
usage: make_legacy_store.py CRAZYKRIEG TEMPLATES LOCAL_MAIL_PY WORKDIR"""
import os
import shutil
import subprocess
import sys

binary, templates, local_mail, work = sys.argv[1:5]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


with open(os.path.join(work, "crazykrieg.conf"), "w") as f:
    f.write("[club]\nunknown_sender_reply = once-per-day\n")


def ck(*args):
    subprocess.run([binary, *args, "--config", "crazykrieg.conf"], cwd=work, check=True,
                   capture_output=True, timeout=60)


def reply(address, *lines):
    subprocess.run([sys.executable, local_mail, "--var", os.path.join(work, "var"), "reply",
                    address, *lines], check=True, capture_output=True, timeout=60)


def send(address, *lines):
    subprocess.run([sys.executable, local_mail, "--var", os.path.join(work, "var"), "send",
                    address, *lines], check=True, capture_output=True, timeout=60)


def serve(now):
    ck("serve", "--once", "--now", now, "--templates", templates)


for name in ("Alice", "Bob", "Carol", "Dave", "Erin"):
    ck("player", "add", name, name.lower() + "@example.test")
ck("tournament", "new", "--name", "Winter Open", "--variant", "crazyhouse", "--time", "3d",
   "--entries", "--now", "2026-12-01T09:00:00Z", "--templates", templates)
ck("tournament", "new", "--name", "Autumn Cup", "--variant", "chess", "--time", "3d",
   "--now", "2026-12-01T09:00:00Z", "--templates", templates,
   "carol@example.test", "dave@example.test", "erin@example.test")
reply("carol@example.test", "leave 3")  # to her newest mail: a game start
send("alice@example.test", "join winter-open")
send("bob@example.test", "join winter-open")
send("alice@example.test", "challenge bob@example.test loop hidden 5d")
send("carol@example.test", "challenge dave@example.test chess")
send("stranger@elsewhere.test", "hello")
serve("2026-12-01T10:00:00Z")
send("dave@example.test", "decline 2")
send("bob@example.test", "follow 1")
serve("2026-12-01T11:00:00Z")
