#!/usr/bin/env python3
"""Injected faults on the real binary (the fault shim, tests/store/fault_shim.cpp, preloaded):
regression tests of issue 25 end to end (README "Store: what the tests cover").

D2: a forfeit committed but not applied (ENOSPC on the first three write-opens of games/1.*)
must not be undone by the mail group of the same pass, staged on files that lack it. Game 1
(crazyhouse, 2 days a move): Alice plays e4, Bob's deadline passes, Bob's e5 waits in the inbox.
The faulted `serve --once` then a clean one must end as a run without the fault: Black lost on
time, e5 refused, and the same mails sent (duplicates with the same Message-ID allowed).

D1: the daemon's Maildir sink syncs the store's file system first; when its syncfs fails (EIO:
a writeback error, which Linux reports once to each descriptor that was open before it), the
store's checkpoint must see the error too, retire no journal and stop; the next run replays.

usage: store_fault_test.py CRAZYKRIEG WORKDIR TEMPLATES SHIM [d1|d2]"""
import glob
import os
import subprocess
import sys

from cli_harness import Cli, deliver, expect, fail, reply_address

binary, work, templates, shim = sys.argv[1:5]
only = sys.argv[5] if len(sys.argv) > 5 else None
T0 = "2026-11-02T12:00:00Z"


def faulted(cli, now, **fault):
    """One `serve --once --now NOW` under the shim with CK_FAULT_* settings; its result."""
    env = dict(os.environ, LD_PRELOAD=shim)
    env.update({"CK_FAULT_" + k.upper(): str(v) for k, v in fault.items()})
    return subprocess.run([binary, "serve", "--once", "--now", now, "--templates", templates],
                          cwd=cli.work, capture_output=True, text=True, timeout=60, env=env)


def game_with_e4(name):
    """A store where Alice played e4 in game 1; Bob's reply address."""
    cli = Cli(binary, os.path.join(work, name), templates)
    cli.ck("player", "add", "Alice", "alice@example.test")
    cli.ck("player", "add", "Bob", "bob@example.test")
    cli.ck("game", "new", "--variant", "crazyhouse", "--white", "alice@example.test", "--black",
           "bob@example.test", "--time", "2d", "--now", T0, "--templates", templates)
    start = cli.new_mails()
    to, subject = reply_address(start, "alice@", "")
    inbox = os.path.join(cli.work, "var", "inbox")
    deliver(inbox, "alice@example.test", to, "Re: " + subject, ["e4"])
    mails = cli.serve_at("2026-11-02T13:00:00Z")
    return cli, inbox, reply_address(mails, "bob@", "")


def outcome(cli):
    """What a run must agree on: the referee's view of game 1 and the mails sent since."""
    show = cli.ck("game", "show", "1", "--as", "referee")
    mails = sorted({(to, subject) for to, subject, _ in cli.new_mails()})
    return show, mails


def d2(fault):
    cli, inbox, (to, subject) = game_with_e4("d2-fault" if fault else "d2-clean")
    deliver(inbox, "bob@example.test", to, "Re: " + subject, ["e5"])
    late = "2026-11-10T12:00:00Z"
    if fault:
        r = faulted(cli, late, ops="open", path="/games/1.", at=1, times=3, errno="ENOSPC")
        report = os.path.join(cli.work, "shim-report")
        faulted(cli, late, ops="", report=report)  # a clean pass, through the shim's counting
    else:
        cli.ck("serve", "--once", "--now", late, "--templates", templates)
    return outcome(cli)


if only in (None, "d2"):
    clean, broken = d2(False), d2(True)
    expect("1-0" in clean[0], "the clean run: Black lost on time\n" + clean[0])
    if broken[0] != clean[0]:
        fail("D2: after ENOSPC the game differs from a run without it\n--- clean\n" + clean[0] +
             "\n--- after the fault\n" + broken[0])
    if broken[1] != clean[1]:
        fail(f"D2: other mails than a run without the fault\nclean: {clean[1]}\n"
             f"fault: {broken[1]}")
    print("D2 (a group never commits over a journal it did not read): ok")


# D1: Bob's e5 is committed (journal), then the flush: the sink's syncfs fails first.
def d1(fault):
    cli, inbox, (to, subject) = game_with_e4("d1-fault" if fault else "d1-clean")
    deliver(inbox, "bob@example.test", to, "Re: " + subject, ["e5"])
    now = "2026-11-02T14:00:00Z"
    if fault:
        r = faulted(cli, now, ops="syncfs", at=1)
        journals = glob.glob(os.path.join(cli.work, "var", "games", "journal", "*.tx"))
        if not journals:
            fail("D1: a journal was retired by a checkpoint after a failed writeback\n" +
                 r.stderr)
        if r.returncode == 0 or "store stopped" not in r.stderr:
            fail(f"D1: serve did not report the stopped store (exit {r.returncode})\n{r.stderr}")
        if "cannot sync file system of" not in r.stderr:
            fail("D1: the error does not name the operation\n" + r.stderr)
    cli.ck("serve", "--once", "--now", now, "--templates", templates)
    return outcome(cli)


if only in (None, "d1"):
    clean, broken = d1(False), d1(True)
    if broken != clean:
        fail(f"D1: the run after the fault differs from a clean one\nclean: {clean}\n"
             f"fault: {broken}")
    print("D1 (a checkpoint sees a writeback error the sink saw first, and stops): ok")
