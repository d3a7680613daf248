#!/usr/bin/env python3
"""`serve --once` exit codes (docs/cli.md: "exits (0 on success)"; README "Commands"): 0 after a pass
on the embedded default, 1 with the reason on stderr when the IMAP source cannot be reached
(here a closed port on 127.0.0.1, no server needed) or its password file cannot be read, 2 when
an [imap] key is wrong; `serve` and `deliver` print their usage line for --help and refuse a bad
option or a stray word with exit 2.
usage: serve_exit_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import os
import signal
import subprocess
import sys
import time

from cli_harness import Cli, expect

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)

r = cli.ck("serve", "--once", "--templates", templates, check=False)
expect(r.returncode == 0, f"an empty pass on the embedded default exits 0: {r}")

pw = os.path.join(work, "imap.pw")
with open(pw, "w") as f:
    f.write("secret\n")
os.chmod(pw, 0o600)
conf = os.path.join(work, "imap.conf")
with open(conf, "w") as f:
    f.write("[mail]\nsource = imap\n[imap]\nurl = imap://127.0.0.1:1/INBOX\n"
            f"user = referee@club.example\npassword_file = {pw}\nstarttls = no\n")
r = cli.ck("serve", "--once", "--config", conf, "--templates", templates, check=False)
expect(r.returncode == 1, f"an unreachable IMAP server: exit 1: {r}")
expect("crazykrieg serve: mail source" in r.stderr, f"the reason on stderr: {r.stderr!r}")

# The kind of a set-up error (core/error.hpp) chooses the exit code: a wrong [imap] key is a bad
# configuration (Invalid: exit 2, as a file that does not parse); a password file that cannot be
# read may be mended (Transient: exit 1). Neither connects.
bad = os.path.join(work, "imap-nopwkey.conf")
with open(bad, "w") as f:
    f.write("[mail]\nsource = imap\n[imap]\nurl = imap://127.0.0.1:1/INBOX\n")
r = cli.ck("serve", "--once", "--config", bad, "--templates", templates, check=False)
expect(r.returncode == 2, f"imap.password_file not set: exit 2: {r}")
expect(r.stderr == "crazykrieg serve: imap.password_file is not set (source = imap)\n",
       f"the reason: {r.stderr!r}")
missing = os.path.join(work, "imap-nopw.conf")
with open(missing, "w") as f:
    f.write("[mail]\nsource = imap\n[imap]\nurl = imap://127.0.0.1:1/INBOX\n"
            "user = referee@club.example\npassword_file = /nonexistent/imap.pw\n")
r = cli.ck("serve", "--once", "--config", missing, "--templates", templates, check=False)
expect(r.returncode == 1, f"an unreadable password file: exit 1: {r}")
expect("crazykrieg serve: imap.password_file: /nonexistent/imap.pw: cannot open" in r.stderr,
       f"the reason: {r.stderr!r}")

# Their options (cli::parse_options, docs/cli.md: usage errors exit 2 with one line on stderr):
# --help prints the usage line; an unknown option, a missing value, a bad --poll or a word that
# is no option is refused before anything runs.
USAGE = {
    "serve": "usage: crazykrieg serve [--config FILE] [--once] [--now ISO-8601] "
             "[--templates DIR] [--poll SECONDS]\n",
    "deliver": "usage: crazykrieg deliver [--config FILE] [--now ISO-8601] [--templates DIR] "
               "< message.eml\n",
}
for command, usage in USAGE.items():
    for flag in ("--help", "-h"):
        r = cli.ck(command, flag, check=False)
        expect(r.returncode == 0 and r.stdout == usage, f"{command} {flag}: {r}")
    bad = [["--bogus"], ["extra"], ["--config"], ["--now"], ["--templates"]]
    bad += [["--poll", "0"], ["--poll", "abc"], ["--once", "extra"]] if command == "serve" else [
        ["--once"], ["a", "b"]]
    for args in bad:
        r = cli.ck(command, *args, check=False)
        expect(r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1 and
               r.stderr.startswith(f"crazykrieg {command}: "),
               f"{command} {' '.join(args)}: exit 2, one line: {r}")
    r = cli.ck(command, "extra", check=False)
    expect(r.stderr == f"crazykrieg {command}: unexpected argument 'extra'\n", f"{r.stderr!r}")

# A long-running serve and the organiser's commands side by side.
daemon = subprocess.Popen([binary, "serve", "--poll", "1", "--templates", templates], cwd=work,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
try:
    time.sleep(1.5)
    expect(daemon.poll() is None, "serve keeps running")
    second = cli.ck("serve", "--templates", templates, check=False)
    expect(second.returncode == 1 and "another serve is running" in second.stderr,
           f"a second serve refuses to start: {second}")
    cli.ck("player", "add", "Alice", "alice@example.test")
    cli.ck("player", "add", "Bob", "bob@example.test")
    out = cli.ck("game", "new", "--variant", "crazyhouse", "--white", "alice@example.test",
                 "--black", "bob@example.test", "--templates", templates)
    expect(out.strip().splitlines()[-1] == "1", f"game new while serve runs: {out!r}")
    expect("1\t" in cli.ck("game", "list"), "game list while serve runs")
    mails = cli.new_mails()
    expect(len(mails) == 2, "the game-start mails", mails)
finally:
    daemon.send_signal(signal.SIGTERM)
    try:
        rc = daemon.wait(timeout=30)
    except subprocess.TimeoutExpired:
        daemon.kill()
        rc = None
expect(rc == 0, f"SIGTERM: serve exits 0 (got {rc}): {daemon.stderr.read()}")
print("serve on the command line: ok")
