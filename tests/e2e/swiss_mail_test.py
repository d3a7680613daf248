#!/usr/bin/env python3
"""A Swiss event by mail (docs/swiss.md "Swiss events by mail"): 11 players, 5 rounds, made by
`tournament new --system swiss`; round 1 is paired at the start, and every later round is
paired, started and mailed by the very transaction that ends the round before (a pass that
handles one mail, or one loss on time, and whose mails hold the next round's game-start mails
and standings). Along the way: a requested bye by mail (`bye 2`, and a refused `bye 1`), a
withdrawal by mail (`withdraw ID`), two late entries by mail while round 1 is played (`join ID`:
paired from round 2 on, round 1 a zero-point bye `Z` in the TRF; a second `join`, a withdrawn
player's and a too-late one refused with their reasons), a forfeit (White never moves in round 3
and loses on time),
an adjudication (`game adjudicate` ends round 4's last game and starts round 5),
the round deadline (`--round-days 2`) reported in the operator log with the game that blocks
the round, the final standings to every player. At the end `tournament trf` writes the event:
the test reads it back and checks every round's pairings, colours, results and byes against what
the mails said, and `swiss check` re-pairs each round from the rounds before it with the Dutch
engine and finds the same pairings.

Outside CI, CK_SWISS_ORACLE may name a FIDE-endorsed pairing program that reads TRF(x) as
bbpPairings does (`--dutch FILE -p OUT`, `--dutch FILE -c`): each round is then paired by it
too, from the TRF of the rounds before, and must be the same.
usage: swiss_mail_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import datetime
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_harness import Cli, PassClock, expect, fail, text_body
from cli_harness import games_started as event_games_started  # noqa: E402
from cli_harness import deliver as harness_deliver  # noqa: E402

binary, work, templates = sys.argv[1:4]
oracle = os.environ.get("CK_SWISS_ORACLE", "")
cli = Cli(binary, work, templates)
ck = cli.ck
inbox = os.path.join(work, "var", "inbox")
REFEREE = "referee@club.example"
NAMES = "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon Kim".split()
LATE = ["Lea", "Max"]  # enter by mail while round 1 is played (docs/swiss.md "Late entries")
ADDR = {n: n.lower() + "@example.test" for n in NAMES + LATE}
FIRST = [ADDR[n] for n in NAMES]  # the players of round 1
NAME_OF = {a: n for n, a in ADDR.items()}
TID = "autumn-swiss"
clock = PassClock(cli, datetime.datetime(2026, 12, 1, 9, 0, 0))
stamp = clock.stamp
serve = clock.serve  # one pass `hours` later: (its mails, its operator log)


def send(frm, to, lines, subject="Re: your game"):
    harness_deliver(inbox, frm, to, subject, lines)


def games_started(mails):
    """The Swiss's games started by `mails` (cli_harness.games_started)."""
    return event_games_started(mails, "Autumn Swiss")


def standings_to(mails):
    return sorted(t[t.index("<") + 1:t.index(">")] for t, s, _ in mails
                  if s.endswith("Standings: Autumn Swiss"))


for n in NAMES + LATE + ["Ned"]:
    ck("player", "add", n, n.lower() + "@example.test")

# Usage errors: a Swiss needs --rounds; --rounds is for a Swiss.
r = ck("tournament", "new", "--name", "X", "--variant", "chess", "--system", "swiss",
       ADDR["Ann"], ADDR["Ben"], check=False)
expect(r.returncode == 2 and "--rounds" in r.stderr, f"a Swiss without --rounds: {r}")
r = ck("tournament", "new", "--name", "X", "--variant", "chess", "--rounds", "3", ADDR["Ann"],
       ADDR["Ben"], check=False)
expect(r.returncode == 2, f"--rounds for a round robin: {r}")
r = ck("tournament", "new", "--name", "X", "--variant", "chess", "--system", "swiss",
       "--rounds", "3", "--tiebreaks", "bh,xx", ADDR["Ann"], ADDR["Ben"], check=False)
expect(r.returncode == 2 and "tiebreaks" in r.stderr, f"an unknown tie-break: {r}")
r = ck("tournament", "new", "--name", "X", "--variant", "chess", "--system", "swiss",
       "--rounds", "3", "--late-bye-points", "2", ADDR["Ann"], ADDR["Ben"], check=False)
expect(r.returncode == 2 and "--late-bye-points needs 0, 0.5 or 1" in r.stderr,
       f"late-bye points out of range: {r}")

out = ck("tournament", "new", "--name", "Autumn Swiss", "--variant", "crazyhouse", "--time", "3d",
         "--system", "swiss", "--rounds", "5", "--round-days", "2", "--tiebreaks",
         "bh-c1,bh,sb,de,win", "--now", stamp(), "--templates", templates,
         *[ADDR[n] for n in NAMES])
expect(out.strip() == TID, f"the id: {out!r}")
first = cli.new_mails()
rounds = {}  # round -> {game: ...}
byes = {}  # round -> {address: "U" | "H" | "Z"}
results = {}  # game -> "1-0" | "0-1" | "1/2-1/2" (forfeit: "+" for White's forfeit win etc.)
forfeits = set()


def take_round(mails, number, expect_players):
    games = games_started(mails)
    expect(games and all(g["round"] == number for g in games.values()),
           f"round {number}'s game-start mails", mails)
    rounds[number] = games
    playing = sorted(a for g in games.values() for a in (g["white"], g["black"]))
    expect(len(playing) == len(set(playing)), f"round {number}: nobody twice", mails)
    expect(standings_to(mails) == sorted(expect_players),
           f"round {number}: the standings and pairings to every player", mails)
    return games


take_round(first, 1, FIRST)
expect(len([1 for _, s, _ in first if "New game" in s]) == 10, "5 games in round 1", first)
show = ck("tournament", "show", TID)
expect("Round 1 pairings:" in show and "pairing-allocated, 1 point" in show,
       "round 1's pairings and its bye in the crosstable:\n" + show)
expect(ck("tournament", "list") == f"{TID}\tround 1/5 0/5\tAutumn Swiss\n",
       "listed: round 1 of 5, 0 of 5 games over")
byes[1] = {a: "U" for a in FIRST
           if a not in {p for g in rounds[1].values() for p in (g["white"], g["black"])}}

# A requested bye by mail: `bye 2` (the sender's one Swiss), and a round already paired refused.
send(ADDR["Kim"], REFEREE, ["bye 2"], "bye")
send(ADDR["Kim"], REFEREE, ["bye 1"], "bye")
m, _ = serve()
subjects = sorted(s for t, s, _ in m if ADDR["Kim"] in t)
expect(subjects == ["[crazykrieg] Autumn Swiss: no bye in round 1",
                    "[crazykrieg] Bye in Autumn Swiss, round 2"], "the bye answers", m)


# Two late entries by mail while round 1 is played: paired from round 2 on.
send(ADDR["Lea"], REFEREE, ["join autumn-swiss"], "join")
m1, _ = serve()  # Lea first: pairing number 12 (a pass reads its mails in no set order)
send(ADDR["Max"], REFEREE, ["join AUTUMN-SWISS"], "join")
send(ADDR["Ann"], REFEREE, ["join autumn-swiss"], "join")
m, _ = serve()
m = m1 + m
late_answers = sorted((t[t.index("<") + 1:t.index(">")], s) for t, s, _ in m)
expect(late_answers == sorted([
    (ADDR["Lea"], "[crazykrieg] Entered Autumn Swiss from round 2"),
    (ADDR["Max"], "[crazykrieg] Entered Autumn Swiss from round 2"),
    (ADDR["Ann"], "[crazykrieg] Already entered in Autumn Swiss")]), "the join answers", m)
body = text_body([r for t, s, r in m if ADDR["Lea"] in t][0])
expect("paired from round 2 on" in body.replace("\n", " ") and
       "worth 0 of a point" in body.replace("\n", " "), "the late entry's answer:\n" + body)
byes[1].update({ADDR[n]: "Z" for n in LATE})
show = ck("tournament", "show", TID)
expect("Lea" in show and "rounds before entering: Z" in show,
       "the late entrants in the crosstable:\n" + show)


def play_round(number, hold_forfeit=False, adjudicate_last=False):
    """Ends every game of round `number` by mail: by board, White resigns, Black resigns (after
    1. e4) or a draw by agreement. The last game to end ends alone in a pass of its own, and
    that pass must start the next round. With hold_forfeit, one game is left to White's clock.
    With adjudicate_last, the last game is adjudicated a draw by the organiser (`game
    adjudicate`), and that command must start the next round.
    Returns the mails of the pass that ended the round (None when a forfeit is held)."""
    games = sorted(rounds[number])
    forfeit_game = games[1] if hold_forfeit else None
    plan = {}
    for i, g in enumerate(games):
        if g != forfeit_game:
            plan[g] = ["white-resigns", "black-resigns", "draw"][(i + number) % 3]
    last = None if hold_forfeit else max(plan)
    # First mails: White's resignation, 1. e4, or White's draw offer.
    for g, how in plan.items():
        info = rounds[number][g]
        w = info["white"]
        if how == "white-resigns" and g == last:
            continue
        send(w, info["reply"][w], ["resign" if how == "white-resigns" else
                                   "e4" if how == "black-resigns" else "draw"])
        results[g] = {"white-resigns": "0-1", "black-resigns": "1-0", "draw": "1/2-1/2"}[how]
    serve()
    for g, how in plan.items():
        info = rounds[number][g]
        b = info["black"]
        if how == "white-resigns" or g == last:
            continue
        send(b, info["reply"][b], ["resign" if how == "black-resigns" else "draw"])
    m, _ = serve()
    if hold_forfeit:
        return forfeit_game
    info = rounds[number][last]
    how = plan[last]
    expect(not games_started(m), f"round {number + 1} waits for its last game of round {number}",
           m)
    if adjudicate_last:
        clock.now += datetime.timedelta(hours=1)
        out = ck("game", "adjudicate", str(last), "1/2-1/2", "--reason", "agreed by phone",
                 "--now", stamp(), "--templates", templates)
        expect(f"game {last} adjudicated" in out, f"the adjudication: {out!r}")
        results[last] = "1/2-1/2"
        return cli.new_mails()
    who = info["white"] if how == "white-resigns" else info["black"]
    send(who, info["reply"][who], ["resign" if how != "draw" else "draw"])
    results[last] = {"white-resigns": "0-1", "black-resigns": "1-0", "draw": "1/2-1/2"}[how]
    m, _ = serve()
    return m


m = play_round(1)
players2 = [a for a in ADDR.values() if a != ADDR["Kim"]]
take_round(m, 2, ADDR.values())  # the late entrants get the standings too
expect(any("Game over" in s for _, s, _ in m),
       "the last game's end and round 2 in one pass (one mail: one transaction)", m)
expect(sorted(a for g in rounds[2].values() for a in (g["white"], g["black"])) == sorted(players2),
       "round 2: Kim has her requested bye, the ten others and the two late entrants play", m)
byes[2] = {ADDR["Kim"]: "H"}

# A withdrawal by mail while round 2 is played: Jon is not paired from round 3 on.
send(ADDR["Jon"], REFEREE, ["withdraw autumn-swiss"], "withdraw")
m, _ = serve()
expect([s for t, s, _ in m if ADDR["Jon"] in t] == ["[crazykrieg] Withdrawn from Autumn Swiss"],
       "the withdrawal's answer", m)
send(ADDR["Jon"], REFEREE, ["join autumn-swiss"], "join")
m, _ = serve()
expect([s for t, s, _ in m if ADDR["Jon"] in t] ==
       ["[crazykrieg] Autumn Swiss: you withdrew from it"], "a withdrawn player cannot rejoin", m)
m = play_round(2)
players3 = [a for a in ADDR.values() if a != ADDR["Jon"]]
take_round(m, 3, players3)
expect(sorted(a for g in rounds[3].values() for a in (g["white"], g["black"])) == sorted(players3),
       "round 3: everyone but Jon plays", m)
round3_start = clock.now
byes[3] = {ADDR["Jon"]: "Z"}

# Round 3: one game is left to White's clock (3 days a move). After 2 days the organiser is told
# which game blocks the round; after 3 White has lost on time, and round 4 starts in the same
# transaction as the forfeit.
held = play_round(3, hold_forfeit=True)
clock.now = round3_start + datetime.timedelta(days=2)
m, log = serve()
expect(not [s for _, s, _ in m if "New game" in s or "Standings" in s],
       "an overdue round starts nothing and mails no standings", m)
expect(f"tournament {TID}: round 3 is overdue" in log and f"game {held} (" in log,
       "the operator log names the round and the game that blocks it:\n" + log)
m, log = serve(hours=6)
expect("round 3 is overdue" not in log, "told once:\n" + log)
clock.now = round3_start + datetime.timedelta(days=3, hours=1)
m, _ = serve()
expect(any("lost on time" in s for _, s, _ in m), "White lost on time", m)
results[held] = "0-1"
forfeits.add(held)
take_round(m, 4, players3)
m = play_round(4, adjudicate_last=True)  # the organiser's adjudication ends round 4
take_round(m, 5, players3)
send("ned@example.test", REFEREE, ["join autumn-swiss"], "join")
m, _ = serve()
expect([s for t, s, _ in m] == ["[crazykrieg] Autumn Swiss: too late to enter"],
       "no entry once the last round is paired", m)
m = play_round(5)
final = [t for t, s, _ in m if "Final standings" in s]
expect(len(final) == len(NAMES) + len(LATE), "the final standings to every player", m)
show = ck("tournament", "show", TID)
expect("Final standings" in show and "BH-C1" in show and "WIN" in show,
       "the final crosstable with its tie-breaks:\n" + show)
body = text_body([r for t, s, r in m if "Final standings" in s][0])
expect("Order: points, BH-C1, BH, SB, DE, WIN (FIDE C.07)" in body.replace("\n", " ") or
       "Order: points, BH-C1, BH, SB, DE, WIN (FIDE C.07), then seeding." in body,
       "the standings mail names the tie-break order:\n" + body)

# The TRF is the event.
trf_path = os.path.join(work, "autumn.trf")
ck("tournament", "trf", TID, "--out", trf_path)
with open(trf_path, encoding="utf-8") as f:
    trf = f.read().splitlines()
number = {}  # address -> start number
entries = {}  # start number -> [(opponent, colour, result)] per round
for line in trf:
    if line.startswith("001"):
        n = int(line[4:8])
        name = line[14:47].strip()
        number[ADDR[name]] = n
        entries[n] = [(int(line[91 + 10 * r:95 + 10 * r]), line[96 + 10 * r],
                       line[98 + 10 * r]) for r in range((len(line) - 91 + 2) // 10)]
expect(sorted(number) == sorted(ADDR.values()) and
       [number[ADDR[n]] for n in NAMES + LATE] == list(range(1, 14)),
       f"every player in seeding order, the late entrants last: {number}")
expect("XXR 5" in trf, "five rounds in the report")
for rnd in range(1, 6):
    for g, info in rounds[rnd].items():
        w, b = number[info["white"]], number[info["black"]]
        res = results[g]
        if g in forfeits:
            wr, br = ("+", "-") if res == "1-0" else ("-", "+")
        else:
            wr, br = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "=")}[res]
        expect(entries[w][rnd - 1] == (b, "w", wr) and entries[b][rnd - 1] == (w, "b", br),
               f"round {rnd} game {g}: {entries[w][rnd - 1]} / {entries[b][rnd - 1]}")
    for address, code in byes.get(rnd, {}).items():
        expect(entries[number[address]][rnd - 1] == (0, "-", code),
               f"round {rnd}: {address}'s bye {entries[number[address]][rnd - 1]}")
for rnd in (4, 5):
    expect(entries[number[ADDR["Jon"]]][rnd - 1] == (0, "-", "Z"), f"Jon absent in round {rnd}")
out = ck("swiss", "check", trf_path)
expect("5 rounds, every pairing as the Dutch rules give it" in out,
       "re-paired from the TRF, every round is the same:\n" + out)


def oracle_check():
    """Each round paired by the oracle from the TRF of the rounds before it (bye and Z entries of
    the round kept, as a pairing program is given them), then the whole file checked."""
    for rnd in range(1, 6):
        lines = []
        for line in trf:
            if not line.startswith("001"):
                lines.append(line)
                continue
            keep = line[:91 + 10 * (rnd - 1)].rstrip()
            this = line[91 + 10 * (rnd - 1):91 + 10 * rnd]
            if this[:4] == "0000" and this[7:8] in "HZF" and this.strip():
                keep = line[:91 + 10 * (rnd - 1)].ljust(91 + 10 * (rnd - 1)) + this.rstrip()
            # The points column of the rounds kept (a pairing program checks it).
            pts = sum({"1": 2, "=": 1, "+": 2, "U": 2, "H": 1, "F": 2}.get(keep[98 + 10 * k:99 + 10 * k], 0)
                      for k in range(rnd - 1))
            if rnd - 1 < len(entries) and this.strip() and this[7:8] in "HF":
                pts += 1 if this[7:8] == "H" else 2
            keep = keep[:80] + f"{pts / 2:4.1f}" + keep[84:]
            lines.append(keep)
        part = os.path.join(work, f"before-{rnd}.trf")
        with open(part, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        out_file = os.path.join(work, f"oracle-{rnd}.txt")
        r = subprocess.run([oracle, "--dutch", part, "-p", out_file], capture_output=True,
                           text=True, timeout=60)
        if r.returncode != 0:
            fail(f"oracle round {rnd}: {r.stdout}{r.stderr}")
        with open(out_file, encoding="utf-8") as f:
            got = [tuple(map(int, ln.split())) for ln in f.read().split("\n")[1:] if ln.strip()]
        want = [(number[i["white"]], number[i["black"]]) for i in rounds[rnd].values()]
        want += [(number[a], 0) for a, c in byes.get(rnd, {}).items() if c == "U"]
        expect(sorted(got) == sorted(want), f"round {rnd}: oracle {sorted(got)} vs {sorted(want)}")
    r = subprocess.run([oracle, "--dutch", trf_path, "-c"], capture_output=True, text=True,
                       timeout=60)
    expect(r.returncode == 0, f"the oracle's check of the whole file: {r.stdout}{r.stderr}")
    print("oracle: 5 of 5 rounds the same")


if oracle:
    oracle_check()
print("a Swiss by mail, 11 players and 2 late entries, 5 rounds: ok")
