#!/usr/bin/env python3
"""Counts the syncs (fsync, fdatasync, syncfs) of `serve --once` with strace, for any build of
crazykrieg, so that two builds can be compared (README "Store: sync budget"):
  open     `game list` on a store that needs no recovery (opening the store, nothing else)
  idle     `serve --once` with an empty inbox
  one mail `serve --once` handling one move mail (commit, mark done, two mails out, checkpoint)
usage: scripts/bench-syncs.py CRAZYKRIEG TEMPLATES [WORKDIR]   (needs strace)"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests",
                                "e2e"))
from cli_harness import Cli, deliver, reply_address  # noqa: E402

SYNCS = ("fsync", "fdatasync", "syncfs")


def count(binary, work, args):
    trace = os.path.join(work, "syncs.trace")
    subprocess.run(["strace", "-f", "-o", trace, "-e", "trace=" + ",".join(SYNCS), binary, *args],
                   cwd=work, capture_output=True, check=True, timeout=120)
    n = {s: 0 for s in SYNCS}
    with open(trace) as f:
        for line in f:
            m = re.match(r"^(?:\d+\s+)?(\w+)\(", line)
            if m and m.group(1) in n:
                n[m.group(1)] += 1
    return n


def main():
    if len(sys.argv) < 3 or shutil.which("strace") is None:
        sys.exit(__doc__)
    binary, templates = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    work = sys.argv[3] if len(sys.argv) > 3 else tempfile.mkdtemp(prefix="ck-syncs-")
    cli = Cli(binary, work, templates)
    cli.ck("player", "add", "Alice", "alice@example.test")
    cli.ck("player", "add", "Bob", "bob@example.test")
    cli.ck("game", "new", "--variant", "crazyhouse", "--white", "alice@example.test", "--black",
           "bob@example.test", "--now", "2026-11-02T12:00:00Z", "--templates", templates)
    to, subject = reply_address(cli.new_mails(), "alice@", "")
    serve = ["serve", "--once", "--now", "2026-11-02T13:00:00Z", "--templates", templates]
    cli.ck(*serve)  # a first pass: whatever the commands above left is done
    rows = [("open", count(binary, work, ["game", "list"])),
            ("idle", count(binary, work, serve))]
    deliver(os.path.join(work, "var", "inbox"), "alice@example.test", to, "Re: " + subject, ["e4"])
    rows.append(("one mail", count(binary, work, serve)))
    for name, n in rows:
        print("%-9s %2d fsync + %d fdatasync + %d syncfs" % (name, n["fsync"], n["fdatasync"],
                                                             n["syncfs"]))
    if len(sys.argv) <= 3:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
