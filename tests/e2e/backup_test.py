#!/usr/bin/env python3
"""`crazykrieg backup` and `restore` without root (README "Backups"; the package test does the
same as the service's user while `serve` runs): a store with a game is backed up, restored
into a new directory, and the copy shows the same game, players and server secret; the backup waits for the store's lock while another process holds it (a pass in
progress) and copies only after it was let go; a damaged or truncated backup, or a DIR that is
not empty, is refused with nothing put in place; CRAZYKRIEG_CONFIG chooses the configuration
when --config is not given and `config check` says so.
usage: backup_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import fcntl
import os
import sys
import subprocess
import threading
import time

from cli_harness import Cli, expect

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
cli.ck("player", "add", "White", "white@example.test")
cli.ck("player", "add", "Black", "black@example.test")
game = cli.ck("game", "new", "--variant", "crazyhouse", "--white", "white@example.test",
              "--black", "black@example.test", "--templates", templates).split()[-1]
shown = cli.ck("game", "show", game, "--as", "referee")

# The store's lock held by another process: the backup waits for it, then copies.
lock_path = os.path.join(work, "var", "games", "lock")
held = open(lock_path, "a")
fcntl.flock(held, fcntl.LOCK_EX)
threading.Timer(1.5, lambda: (fcntl.flock(held, fcntl.LOCK_UN), held.close())).start()
started = time.monotonic()
r = cli.ck("backup", "club.tar.zst", check=False)
waited = time.monotonic() - started
expect(r.returncode == 0 and "1 game(s)" in r.stderr, f"backup: {r}")
expect(waited >= 1.0, f"the backup waited for the store's lock ({waited:.2f} s)")
backup = os.path.join(work, "club.tar.zst")
expect(os.stat(backup).st_mode & 0o077 == 0, "the backup is mode 0600 (it holds the secret)")
expect(not os.path.exists(backup + ".partial"), "no partial file left")

r = cli.ck("restore", "club.tar.zst", "copy", check=False)
expect(r.returncode == 0 and "1 game(s)" in r.stdout, f"restore: {r}")
copy_conf = os.path.join(work, "copy", "crazykrieg.conf")
expect(cli.ck("game", "show", game, "--as", "referee", "--config", copy_conf) == shown,
       "the restored game shows as the original")
expect("white@example.test" in cli.ck("player", "list", "--config", copy_conf),
       "the restored players")
with open(os.path.join(work, "copy", "secret")) as a, open(os.path.join(work, "var", "secret")) as b:
    expect(a.read() == b.read(), "the restored server secret")

# CRAZYKRIEG_CONFIG, when no --config is given (README "Configuration").
env = dict(os.environ, CRAZYKRIEG_CONFIG=copy_conf)
r = subprocess.run([binary, "config", "check", "--templates", templates], cwd="/",
                   capture_output=True, text=True, env=env, timeout=60)
expect(f"config: {copy_conf} (CRAZYKRIEG_CONFIG)" in r.stdout and r.returncode == 0,
       f"config check names CRAZYKRIEG_CONFIG: {r}")
r = subprocess.run([binary, "game", "list"], cwd="/", capture_output=True, text=True, env=env,
                   timeout=60)
expect(r.returncode == 0 and "white@example.test" in r.stdout, f"game list by the variable: {r}")

# Refusals: nothing put in place.
with open(backup, "rb") as f:
    data = f.read()
for name, bad in (("truncated", data[: len(data) // 2]),
                  ("damaged", data[:200] + bytes([data[200] ^ 1]) + data[201:])):
    with open(os.path.join(work, name), "wb") as f:
        f.write(bad)
    r = cli.ck("restore", name, name + "-copy", check=False)
    expect(r.returncode == 1 and "nothing was restored" in r.stderr, f"{name} backup: {r}")
    expect(not os.path.exists(os.path.join(work, name + "-copy")), f"{name}: nothing restored")
    expect(not [n for n in os.listdir(work) if n.endswith(".restoring")], f"{name}: no temp")
r = cli.ck("restore", "club.tar.zst", "copy", check=False)
expect(r.returncode == 1 and "not an empty directory" in r.stderr, f"restore over a copy: {r}")
print("backup and restore: ok")
