#!/usr/bin/env python3
"""Crash test of the club state: kill -9 at random instants through player registration,
tournament creation with entries, games created by the organiser, club mail (`join`,
`withdraw`, `challenge`, `accept`, `decline`, `follow`, `leave`), `tournament start`,
organiser commands sent to a running `serve` through the request spool (`player add`, `game new`,
`game follow`, `game adjudicate`), and a Swiss event's round end: the mail that ends round 1's
last game pairs and starts round 2 in its transaction (docs/swiss.md "Swiss events by mail"),
and a knockout's round end: the mail that decides its one round-1 match starts the final in its
transaction (docs/knockout.md).

usage: club_crash_test.py CRAZYKRIEG_BINARY WORK_DIR TEMPLATES_DIR [--seed N] [--soak]
environment: CK_CRASH_SEED=N (same as --seed), CK_CRASH_SOAK=1 (same as --soak)

Two clubs get the same secret and the same commands and mails. The clean club runs each once.
The crash club runs each command again and again, every run killed with SIGKILL after a random
delay (seeded; the seed is printed), until its effect is visible (an organiser command that
finished is never repeated: `player add` twice is an error, `game new` twice two games); the
mails go through `serve` runs killed the same way until the inbox is drained, then one
`serve --once`. Passes when every piece of state equals the clean run's: the command-line
listings, every game (`game show --as referee`), the store's club state (state/: players,
leaves, challenges, tournaments, deadlines), every game file (followers in game.ini), the
ledger (as a set), and the outbox by Message-ID. The default run makes a few dozen kills."""

import email.message
import fcntl
import email.policy
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ckplay  # noqa: E402

SECRET = "c1ub" * 16 + "\n"
NOW = "2026-11-21T10:00:00Z"
REFEREE = "referee@club.example"
PLAYERS = ["p%d@example.test" % i for i in range(6)]
SALTED = re.compile(rb"(?<=salt = )[0-9a-f]+|(?<=\[Salt \")[0-9a-f]+|(?<=%commit \d )[0-9A-F]{64}|(?<=%commit \d\d )[0-9A-F]{64}")


def club_mail(sender, n, lines, to=REFEREE, in_reply_to=None):
    msg = email.message.EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "club" if in_reply_to is None else "Re: [crazykrieg #1] move"
    msg["Date"] = "Sat, 21 Nov 2026 10:30:00 +0000"
    msg["Message-ID"] = "<club.%d@example.test>" % n
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
    msg.set_content("\n".join(lines) + "\n")
    return msg.as_bytes(policy=email.policy.SMTP)


class Killer:
    def __init__(self, binary, rng, max_delay):
        self.binary, self.rng, self.max_delay = binary, rng, max_delay
        self.kills = 0

    def run(self, club, args):
        """One run of `args` killed after a random delay; True when it finished by itself."""
        p = subprocess.Popen([self.binary] + list(args), cwd=club.workdir,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            p.wait(timeout=self.rng.uniform(0, self.max_delay))
            return True
        except subprocess.TimeoutExpired:
            os.kill(p.pid, signal.SIGKILL)
            p.wait()
            self.kills += 1
            return False

    def until(self, club, args, done, took=None):
        """Runs `args` under kills until done() (at most 200 tries); `took` (seconds the clean
        run of it took) bounds the delays, so that most runs die inside the command's work."""
        if took is not None:
            self.max_delay = 1.2 * took
        for _ in range(200):
            if done():
                return
            if self.run(club, args) and done():
                return
        raise ckplay.HarnessError("never done: %s" % " ".join(args))


def serve_running(club):
    """True while a serve holds the crash club's serve.lock."""
    try:
        with open(os.path.join(club.workdir, "var", "games", "serve.lock")) as f:
            try:
                fcntl.flock(f, fcntl.LOCK_SH | fcntl.LOCK_NB)
                return False
            except OSError:
                return True
    except FileNotFoundError:
        return False


def request_under_kills(binary, rng, club, args, max_delay):
    """`args` from another process while `serve` runs, serve killed with SIGKILL after a random
    delay and started again until the command has its answer (README "Organiser commands while
    serve runs"). Returns (the command's exit code, serve kills)."""
    kills = 0
    cmd = None
    for _ in range(200):
        serve = subprocess.Popen([binary, "serve", "--poll", "1", "--now", NOW], cwd=club.workdir,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while not serve_running(club) and time.time() < deadline and serve.poll() is None:
            time.sleep(0.01)
        if cmd is None:
            cmd = subprocess.Popen([binary] + list(args), cwd=club.workdir,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            cmd.wait(timeout=rng.uniform(0, max_delay))
        except subprocess.TimeoutExpired:
            pass
        os.kill(serve.pid, signal.SIGKILL)
        serve.wait()
        kills += 1
        if cmd.poll() is not None:
            return cmd.returncode, kills
    raise ckplay.HarnessError("never answered: %s" % " ".join(args))


def state_of(club, games):
    """Everything the club holds, for comparison."""
    out = {}
    for args in (["player", "list"], ["tournament", "list"], ["tournament", "show", "spring-cup"],
                 ["tournament", "show", "swiss-cup"], ["tournament", "show", "ko-cup"],
                 ["challenge", "list"], ["game", "list"]):
        out[" ".join(args)] = club.cli(*args)
    for g in range(1, games + 1):
        out["game %d" % g] = club.cli("game", "show", str(g), "--as", "referee")
    # Not compared: the outbox's mails (receipts differ with the salts); their Message-IDs are.
    store = os.path.join(club.workdir, "var", "games")
    for sub in ("state", "games"):
        for dirpath, _, files in os.walk(os.path.join(store, sub)):
            for f in files:
                path = os.path.join(dirpath, f)
                with open(path, "rb") as fh:
                    # Hidden games' salts are random, and so the receipts made with them.
                    text = SALTED.sub(b"SALT", fh.read())
                    rel = os.path.relpath(path, store)
                    # Answers of requests whose request is gone are erased: none may be left.
                    if rel == os.path.join("state", "requests") and text == b"end\n":
                        continue
                    out[rel] = text
    with open(os.path.join(store, "ledger", "seen")) as fh:
        out["ledger"] = sorted(set(fh.read().split()))
    out["outbox"] = sorted(set(ckplay.outbox_message_ids(club)))
    return out


def main():
    a, seed, soak, rng = ckplay.crash_run_args(__doc__)
    rounds = 5 if soak else 1
    binary = os.path.abspath(a.binary)
    problems = []
    total_kills = 0
    for r in range(rounds):
        work = os.path.join(a.work, "round%d" % r)
        shutil.rmtree(work, ignore_errors=True)
        clubs = {}
        for name in ("clean", "crash"):
            d = os.path.join(work, name)
            os.makedirs(os.path.join(d, "var"))
            with open(os.path.join(d, "var", "secret"), "w") as f:
                f.write(SECRET)
            os.chmod(os.path.join(d, "var", "secret"), 0o600)
            clubs[name] = ckplay.Club(binary, d, a.templates)
        clean, crash = clubs["clean"], clubs["crash"]
        killer = Killer(binary, rng, 0.08)

        # Organiser commands.
        steps = []
        for i, p in enumerate(PLAYERS):
            # A kill before the first player add made the store leaves none, and player list
            # refuses a missing store (exit 1, nothing created): not done yet.
            steps.append((["player", "add", "Player %d" % i, p],
                          lambda c, p=p: p in c.cli("player", "list", check=False)))
        steps.append((["tournament", "new", "--name", "Spring Cup", "--variant", "crazyhouse",
                       "--time", "5d", "--entries", "--now", NOW],
                      lambda c: "spring-cup" in c.cli("tournament", "list")))
        for g, (w, b) in enumerate([(PLAYERS[0], PLAYERS[1]), (PLAYERS[2], PLAYERS[3])], 1):
            steps.append((["game", "new", "--variant", "crazykrieg", "--white", w, "--black", b,
                           "--now", NOW],
                          lambda c, g=g: len(c.cli("game", "list").splitlines()) >= g))
        for args, done in steps:
            t0 = time.time()
            clean.cli(*args)
            killer.until(crash, args, lambda: done(crash), time.time() - t0)

        # Club mail, in two chunks (answers after what they answer).
        starts = {}
        for _, raw in clean.transport.all_outgoing():
            m = ckplay.parse(raw)
            if str(m["Message-ID"]).startswith("<ck.1.0.w."):
                starts["white1"] = (m["Reply-To"].addresses[0].addr_spec,
                                    str(m["Message-ID"]).strip())
        reply_to, start_mid = starts["white1"]
        chunks = [
            [club_mail(PLAYERS[0], 1, ["join spring-cup"]),
             club_mail(PLAYERS[1], 2, ["join spring-cup"]),
             club_mail(PLAYERS[2], 3, ["join spring-cup"]),
             club_mail(PLAYERS[4], 4, ["join spring-cup"]),
             club_mail(PLAYERS[0], 5, ["challenge %s crazyhouse 3d" % PLAYERS[3]]),
             club_mail(PLAYERS[4], 6, ["challenge %s chess" % PLAYERS[5]]),
             club_mail(PLAYERS[5], 7, ["follow 1"]),
             club_mail(PLAYERS[0], 8, ["leave 2"], to=reply_to, in_reply_to=start_mid)],
            [club_mail(PLAYERS[4], 9, ["withdraw spring-cup"]),
             club_mail(PLAYERS[3], 10, ["accept 1"]),
             club_mail(PLAYERS[5], 11, ["decline 2"]),
             club_mail(PLAYERS[5], 12, ["unfollow 1", "follow 2"])],
        ]
        serve_took = 0.0
        for chunk in chunks:
            for raw in chunk:
                clean.transport.send("q", raw)
            t0 = time.time()
            clean.cli("serve", "--once", "--now", NOW)
            serve_took = max(serve_took, time.time() - t0)
        inbox = crash.transport.inbox
        serve_kills = Killer(binary, rng, 1.2 * serve_took)
        for chunk in chunks:
            for raw in chunk:
                crash.transport.send("q", raw)
            for _ in range(200):
                from crash_test import pending  # noqa: E402
                if not pending(inbox):
                    break
                serve_kills.run(crash, ["serve", "--poll", "1", "--now", NOW])
            crash.cli("serve", "--once", "--now", NOW)

        # The event starts.
        args = ["tournament", "start", "spring-cup", "--now", NOW]
        t0 = time.time()
        clean.cli(*args)
        killer.until(crash, args, lambda: "entries" not in crash.cli("tournament", "list"),
                     time.time() - t0)
        for c in (clean, crash):
            c.cli("serve", "--once", "--now", NOW)  # flush and checkpoint

        # Organiser commands while a daemon runs: through the request spool, serve killed at
        # random instants and started again until each command has its answer; each acts once.
        late = [["player", "add", "Late Player", "late@example.test"],
                ["game", "new", "--variant", "crazyhouse", "--white", PLAYERS[4], "--black",
                 PLAYERS[5], "--now", NOW],
                ["game", "follow", "1", "late@example.test", "--now", NOW],
                ["game", "adjudicate", "2", "1/2-1/2", "--reason", "The organiser decides.",
                 "--now", NOW]]
        request_kills = 0
        for args in late:
            t0 = time.time()
            clean.cli(*args)
            took = time.time() - t0
            code, k = request_under_kills(binary, rng, crash, args, max(0.15, 2 * took))
            request_kills += k
            if code != 0:
                problems.append("round %d: %s exited %d through the daemon" % (r, args, code))
        for c in (clean, crash):
            c.cli("serve", "--once", "--now", NOW)  # flush, checkpoint, erase the answers

        # A Swiss: created (round 1 paired and started in one transaction) under kills, then
        # both games of round 1 end by mail under serve kills: the second mail's transaction
        # ends the round and pairs, starts and mails round 2.
        before = len(clean.cli("game", "list").splitlines())
        args = ["tournament", "new", "--name", "Swiss Cup", "--variant", "crazyhouse", "--time",
                "5d", "--system", "swiss", "--rounds", "3", "--now", NOW] + PLAYERS[:4]
        t0 = time.time()
        clean.cli(*args)
        killer.until(crash, args, lambda: "swiss-cup" in crash.cli("tournament", "list"),
                     time.time() - t0)
        for c in (clean, crash):
            c.cli("serve", "--once", "--now", NOW)
        resigns = []
        for _, raw in clean.transport.all_outgoing():
            m = ckplay.parse(raw)
            mid = str(m["Message-ID"]).strip()
            for g in (before + 1, before + 2):
                if mid.startswith("<ck.%d.0.w." % g):
                    resigns.append(club_mail(ckplay.parse(raw)["To"].addresses[0].addr_spec,
                                             20 + len(resigns), ["resign"],
                                             to=m["Reply-To"].addresses[0].addr_spec,
                                             in_reply_to=mid))
        if len(resigns) != 2:
            raise ckplay.HarnessError("the Swiss's round 1: %d start mails" % len(resigns))
        for raw in resigns:
            clean.transport.send("q", raw)
        t0 = time.time()
        clean.cli("serve", "--once", "--now", NOW)
        swiss_kills = Killer(binary, rng, 1.2 * (time.time() - t0))
        for raw in resigns:
            crash.transport.send("q", raw)
        for _ in range(200):
            from crash_test import pending  # noqa: E402
            if not pending(crash.transport.inbox):
                break
            swiss_kills.run(crash, ["serve", "--poll", "1", "--now", NOW])
        crash.cli("serve", "--once", "--now", NOW)
        if "round 2/3" not in clean.cli("tournament", "list"):
            problems.append("round %d: the Swiss's round 2 did not start" % r)
        killer.kills += swiss_kills.kills

        # A knockout of 3 (seed 1 has a bye, seeds 2 and 3 play a 1-game match): created under
        # kills, then White resigns under serve kills: that mail's transaction decides round 1
        # and starts the final.
        before = len(clean.cli("game", "list").splitlines())
        args = ["tournament", "new", "--name", "KO Cup", "--variant", "crazyhouse", "--time",
                "5d", "--system", "knockout", "--games", "1", "--now", NOW] + PLAYERS[3:6]
        t0 = time.time()
        clean.cli(*args)
        killer.until(crash, args, lambda: "ko-cup" in crash.cli("tournament", "list"),
                     time.time() - t0)
        for c in (clean, crash):
            c.cli("serve", "--once", "--now", NOW)
        resigns = []
        for _, raw in clean.transport.all_outgoing():
            m = ckplay.parse(raw)
            mid = str(m["Message-ID"]).strip()
            if mid.startswith("<ck.%d.0.w." % (before + 1)):
                resigns.append(club_mail(ckplay.parse(raw)["To"].addresses[0].addr_spec, 40,
                                         ["resign"], to=m["Reply-To"].addresses[0].addr_spec,
                                         in_reply_to=mid))
        if len(resigns) != 1:
            raise ckplay.HarnessError("the knockout's round 1: %d start mails" % len(resigns))
        clean.transport.send("q", resigns[0])
        t0 = time.time()
        clean.cli("serve", "--once", "--now", NOW)
        ko_kills = Killer(binary, rng, 1.2 * (time.time() - t0))
        crash.transport.send("q", resigns[0])
        for _ in range(200):
            from crash_test import pending  # noqa: E402
            if not pending(crash.transport.inbox):
                break
            ko_kills.run(crash, ["serve", "--poll", "1", "--now", NOW])
        crash.cli("serve", "--once", "--now", NOW)
        if len(clean.cli("game", "list").splitlines()) != before + 2:
            problems.append("round %d: the knockout's final did not start" % r)
        killer.kills += ko_kills.kills

        games = len(clean.cli("game", "list").splitlines())
        want, got = state_of(clean, games), state_of(crash, games)
        for key in sorted(set(want) | set(got)):
            if want.get(key) != got.get(key):
                problems.append("round %d: %s differs after crashes:\n--- clean\n%s\n--- crash\n%s"
                                % (r, key, want.get(key), got.get(key)))
        kills = killer.kills + serve_kills.kills + request_kills
        total_kills += kills
        print("round %d: %d games, %d kills (%d of serve, %d of serve running requests)"
              % (r, games, kills, serve_kills.kills, request_kills))
    for p in problems:
        print("FAIL:", p)
    print("club crash test: %s, %d kills (seed %d)"
          % ("ok" if not problems else "%d problems" % len(problems), total_kills, seed))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
