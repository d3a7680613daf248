#!/usr/bin/env python3
"""A command that only reads the club, run where there is no store (an empty directory, no
--config, no CRAZYKRIEG_CONFIG: the embedded default's ./var/games), creates nothing: it exits 1
(the store could not be used) with one line naming the missing store and how to make one. A
command that writes (`player add`) creates the store as before, and then the same reading
commands work.
usage: no_store_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import os
import subprocess
import sys

from cli_harness import Cli, expect

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
store = os.path.join(os.path.realpath(work), "var", "games")
os.environ.pop("CRAZYKRIEG_CONFIG", None)

READING = [["player", "list"], ["game", "list"], ["game", "show", "1"], ["game", "pgn", "1"],
           ["tournament", "list"], ["tournament", "show", "spring"], ["challenge", "list"],
           ["challenge", "cancel", "1"], ["bot", "list"], ["ratings"],
           ["site", "public", "--templates", templates]]

for args in READING:
    r = cli.ck(*args, check=False)
    expect(r.returncode == 1, f"crazykrieg {' '.join(args)} without a store: exit 1: {r}")
    expect(f"there is no store at {store} (nothing was created)" in r.stderr and
           "crazykrieg player add" in r.stderr and r.stderr.count("\n") == 1,
           f"crazykrieg {' '.join(args)} names the missing store and how to make one: "
           f"{r.stderr!r}")
    expect(os.listdir(work) == [], f"crazykrieg {' '.join(args)} created {os.listdir(work)}")

cli.ck("player", "add", "Ann", "ann@example.test")
expect(os.path.isdir(store), "player add makes the store")
out = cli.ck("player", "list")
expect("ann@example.test" in out, f"player list once the store exists: {out!r}")
for args in (["game", "list"], ["tournament", "list"], ["challenge", "list"], ["ratings"]):
    cli.ck(*args)
print("ok: reading commands without a store create nothing and say how to make one")
