#!/usr/bin/env python3
"""A daemon that stays up (README "Organiser commands while serve runs", "Benchmarks"): a real
`serve` process holds the store; organiser commands run from other processes reach it through
the request spool, each takes effect once and prints its result as it would have alone; a
failing command prints its error and changes nothing; a move mail for a game the daemon touched
in an earlier pass replays nothing (the pass summary's replay counter); a daemon that does not
answer makes the command give up with the request withdrawn; `game adjudicate` through the
daemon ends a game once and mails both players.
usage: serve_requests_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import fcntl
import os
import re
import subprocess
import sys
import time

from cli_harness import Cli, deliver, expect, fail, reply_address, text_body

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
ck = cli.ck
inbox = os.path.join(work, "var", "inbox")
store = os.path.join(work, "var", "games")
log_path = os.path.join(work, "serve.log")
ALICE, BOB, CAROL, DAN = (f"{n}@example.test" for n in ("alice", "bob", "carol", "dan"))


def serve_log():
    with open(log_path) as f:
        return f.read()


def wait_for(what, pred, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if pred():
            return
        time.sleep(0.05)
    fail(f"{what} (serve log:\n{serve_log()})")


def summaries():
    return re.findall(r"mail pass: (\d+) handled, (\d+) left, (\d+) request\(s\), "
                      r"(\d+) game\(s\) replayed, (\d+) kept", serve_log())


ck("player", "add", "Alice", ALICE)  # before the daemon: the command opens the store itself
# The daemon keeps the club's site up to date, rendering only what changed (README "The
# club's web pages"); the other commands find the store without --config (the same ./var).
with open(os.path.join(work, "site.conf"), "w") as f:
    f.write("[site]\ndir = public\n")
log = open(log_path, "w")
serve = subprocess.Popen([binary, "serve", "--config", "site.conf", "--poll", "60", "--templates",
                          templates],
                         cwd=work, stdout=log, stderr=subprocess.STDOUT)
try:
    wait_for("serve holds serve.lock", lambda: os.path.exists(os.path.join(store, "serve.lock"))
             and serve.poll() is None and os.path.isdir(os.path.join(store, "journal")))
    time.sleep(0.3)

    # Organiser commands from other processes, with the daemon holding the store for its life:
    # each answered well before the 60 s poll interval, with the output it gives alone.
    t0 = time.time()
    out = ck("player", "add", "Bob", BOB)
    expect(out == BOB + "\n", f"player add prints the address: {out!r}")
    ck("player", "add", "Carol", CAROL)
    ck("player", "add", "Dan", DAN)
    r = ck("player", "add", "Bob again", BOB, check=False)
    expect(r.returncode == 1 and "already registered" in r.stderr and r.stdout == "",
           f"a failing command prints its error and exits 1: {r}")
    out = ck("game", "new", "--variant", "crazyhouse", "--white", ALICE, "--black", BOB)
    expect(out.strip() == "1", f"game new prints the new game's id: {out!r}")
    out = ck("tournament", "new", "--name", "Spring", "--variant", "crazyhouse", "--entries", CAROL,
             DAN)
    tid = out.strip()
    out = ck("tournament", "start", tid)
    expect(out == f"{tid}: 1 games started\n", f"tournament start prints its games: {out!r}")
    expect(time.time() - t0 < 30, "the daemon answered each request without waiting for a poll")
    expect(serve.poll() is None, "serve still runs")
    players = ck("player", "list")
    expect(sorted(line.split("\t")[0] for line in players.splitlines()) ==
           [ALICE, BOB, CAROL, DAN], f"each player registered once:\n{players}")
    games = ck("game", "list").splitlines()
    expect(len(games) == 2, f"two games, each created once: {games}")
    expect(not any(os.listdir(os.path.join(store, "requests", d)) for d in ("new", "cur", "done")),
           "the spool is empty once every command has its answer")
    expect(all(int(s[2]) >= 1 for s in summaries()), f"every pass answered: {summaries()}")

    # The replay counter: White's move is the first touch of game 1 in this process (one
    # replay at most); Black's move to the same game in a later pass replays nothing.
    mails = cli.new_mails()
    to_white, subject = reply_address(mails, ALICE, "#1")
    passes = len(summaries())
    deliver(inbox, ALICE, to_white, "Re: " + subject, ["e4"])
    # Delivering mail does not wake the daemon: a request does (game list).
    ck("game", "list")
    wait_for("White's move handled", lambda: any(s[0] == "1" for s in summaries()[passes:]))
    mails = cli.new_mails()
    to_black, subject = reply_address(mails, BOB, "#1")
    passes = len(summaries())
    log_before = len(serve_log())
    deliver(inbox, BOB, to_black, "Re: " + subject, ["e5"])
    ck("game", "list")
    wait_for("Black's move handled", lambda: any(s[0] == "1" for s in summaries()[passes:]))
    moved = [s for s in summaries()[passes:] if s[0] == "1"][0]
    expect(moved[3] == "0" and int(moved[4]) >= 1,
           f"a move mail for a game of an earlier pass replays nothing: {moved}")
    expect(re.search(r"mail pass: 1 handled, .* kept; \d+ ms\n", serve_log()),
           "the pass summary ends with the pass's wall time (crazykrieg bench --only serve)")
    # The site update after that pass renders game 1 again from the game the pass kept.
    site_lines = re.findall(r"site: \d+ file\(s\) rewritten, (\d+) game\(s\) replayed",
                            serve_log()[log_before:])
    expect(site_lines == ["0"], f"the site update replays nothing: {site_lines}")
    record = ck("game", "pgn", "1")
    expect("1. e4 " in record and "1... e5" in record, f"both moves in the record:\n{record}")

    # The organiser adjudicates the tournament's game through the daemon (README
    # "Adjudication"): it takes effect once, prints its result, and both players get the end
    # mail with the organiser's reason; a second adjudication and an unknown game are refused.
    unread = cli.new_mails()  # Black's move mails: read again after the serve below
    out = ck("game", "adjudicate", "2", "0-1", "--reason", "Carol stopped answering.")
    expect(out == "game 2 adjudicated 0-1\n", f"game adjudicate prints its result: {out!r}")
    r = ck("game", "adjudicate", "2", "1-0", "--reason", "again", check=False)
    expect(r.returncode == 1 and "game 2 is over already" in r.stderr and r.stdout == "",
           f"a finished game is refused, naming it: {r}")
    r = ck("game", "adjudicate", "9", "1-0", "--reason", "none", check=False)
    expect(r.returncode == 1 and "no game 9" in r.stderr, f"an unknown game is refused: {r}")
    ends = []

    def end_mails():
        for m in cli.new_mails():
            (ends if "Game over: 0-1" in m[1] else unread).append(m)
        return len(ends) >= 2

    wait_for("both players' end mails", end_mails)
    expect(len(ends) == 2 and any(CAROL in to for to, _, _ in ends)
           and any(DAN in to for to, _, _ in ends), f"each player got one end mail: {ends}")
    for _, _, raw in ends:
        body = text_body(raw)
        expect("The organiser adjudicated the game. Black wins. (0-1)" in body
               and "The organiser's reason: Carol stopped answering." in body,
               f"the end mail states the result and the reason:\n{body}")
    games = ck("game", "list").splitlines()
    expect(games[1].endswith("\t0-1"), f"game 2 lists its result: {games}")
finally:
    serve.terminate()
    serve.wait(timeout=30)
    log.close()
expect(serve.returncode == 0, f"serve exits 0 on SIGTERM:\n{serve_log()}")


def tree(root):
    out = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as fh:
                out[os.path.relpath(path, root)] = fh.read()
    return out


# The site serve kept up pass after pass equals a full build of the same store.
ck("site", "full")
kept, full = tree(os.path.join(work, "public")), tree(os.path.join(work, "full"))
expect(kept.keys() == full.keys() and "games/1.html" in kept,
       f"the same pages: {sorted(kept)} vs {sorted(full)}")
for page in sorted(full):
    expect(kept[page] == full[page], f"{page} as a full build writes it")

# The counter counts: a new process has nothing kept, so White's next move replays game 1.
mails = unread + cli.new_mails()
to_white, subject = reply_address(mails, ALICE, "#1")
deliver(inbox, ALICE, to_white, "Re: " + subject, ["Nf3"])
r = ck("serve", "--once", "--templates", templates, check=False)
expect(r.returncode == 0 and "1 handled, 0 left, 0 request(s), 1 game(s) replayed" in r.stderr,
       f"a fresh serve replays the game once: {r}")

# A daemon that does not answer (serve.lock held, nobody draining): the command gives up after
# the timeout and takes its request back; nothing is done.
with open(os.path.join(store, "serve.lock"), "a") as lock:
    fcntl.flock(lock, fcntl.LOCK_EX)
    r = subprocess.run([binary, "player", "add", "Eve", "eve@example.test"], cwd=work,
                       capture_output=True, text=True, timeout=30,
                       env=dict(os.environ, CRAZYKRIEG_REQUEST_TIMEOUT="1"))
    expect(r.returncode == 75 and "not answering" in r.stderr and "withdrawn" in r.stderr,
           f"no answer: exit 75, request withdrawn: {r}")
    expect(os.listdir(os.path.join(store, "requests", "new")) == [], "the request was withdrawn")
players = ck("player", "list")
expect("eve@" not in players, f"nothing done for a withdrawn request:\n{players}")
print("ok: organiser requests through a running serve; replay counter")
