#!/usr/bin/env python3
"""A team match by mail (docs/teams.md "Team matches"): two teams of 4 boards, 2 games a board
pair, made by `tournament new --system teams`. Red's captain orders Red's roster by mail
(`roster ID EMAIL...`); Blue's roster is ordered by rating at the start (Hal won a rated game
against Gus before, so Hal is Blue's board 1 and Gus its board 4). Refused roster mails: from a
player who captains no team, naming a player of the other team, and after the start.
`tournament start` starts all 8 games at once; board n plays board n, each pair one game with
each colour. Every game is played to its end by mail; the final standings mail to every player,
`tournament show` and the site show the team score and every board's results.
usage: team_match_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import datetime
import email
import email.policy
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_harness import Cli, PassClock, expect, games_started, text_body  # noqa: E402
from cli_harness import deliver as harness_deliver  # noqa: E402

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
ck = cli.ck
inbox = os.path.join(work, "var", "inbox")
REFEREE = "referee@club.example"
RED = "Ann Ben Cat Dan".split()
BLUE = "Eve Fay Gus Hal".split()
NAMES = RED + BLUE + ["Zed"]  # Zed captains Blue and plays no board
ADDR = {n: n.lower() + "@example.test" for n in NAMES}
TID = "club-match"
clock = PassClock(cli, datetime.datetime(2026, 12, 1, 9, 0, 0))
stamp = clock.stamp


def serve():
    return clock.serve()[0]


def send(frm, to, lines, subject="Re: your game"):
    harness_deliver(inbox, frm, to, subject, lines)


def address_of(to):
    return to[to.index("<") + 1:to.index(">")]


for n in NAMES:
    ck("player", "add", n, ADDR[n])

# A rated game before the match: Gus resigns to Hal, so Hal rates above 1500 and Gus below.
ck("game", "new", "--variant", "crazyhouse", "--white", ADDR["Hal"], "--black", ADDR["Gus"],
   "--now", stamp(), "--templates", templates)
warm = [r for t, s, r in cli.new_mails() if ADDR["Gus"] in t and "New game" in s]
expect(len(warm) == 1, "the warm-up game's start mail to Gus")
gus_reply = str(email.message_from_string(warm[0], policy=email.policy.default)["Reply-To"])
send(ADDR["Gus"], gus_reply[gus_reply.index("<") + 1:gus_reply.index(">")], ["resign"])
m = serve()
expect(any("Game over" in s for _, s, _ in m), "the warm-up game is over", m)

# Usage errors: --team needs --system teams; a team match needs two teams.
r = ck("tournament", "new", "--name", "X", "--variant", "chess", "--team",
       "A=" + ADDR["Ann"], ADDR["Ann"], ADDR["Ben"], check=False)
expect(r.returncode == 2 and "--system teams" in r.stderr, f"--team without teams: {r}")
r = ck("tournament", "new", "--name", "X", "--variant", "chess", "--system", "teams", "--team",
       "A=" + ADDR["Ann"], check=False)
expect(r.returncode == 2 and "two teams" in r.stderr, f"one team: {r}")
r = ck("tournament", "new", "--name", "X", "--variant", "chess", "--system", "teams", "--team",
       "A=" + ADDR["Ann"], "--team", "B=" + ADDR["Ben"], "--games", "3", check=False)
expect(r.returncode == 2 and "--games" in r.stderr, f"3 games a pair: {r}")

out = ck("tournament", "new", "--name", "Club Match", "--variant", "crazyhouse", "--time", "3d",
         "--system", "teams", "--games", "2",
         "--team", "Red=" + ",".join(ADDR[n] for n in RED),
         "--team", "Blue=" + ",".join(ADDR[n] for n in BLUE),
         "--captain", "Red=" + ADDR["Ann"], "--captain", "Blue=" + ADDR["Zed"],
         "--now", stamp(), "--templates", templates)
expect(out.strip() == TID, f"the id: {out!r}")
expect(not games_started(cli.new_mails(), "Club Match"), "no game before the start")
show = ck("tournament", "show", TID)
expect("Rosters open" in show and "Team match, 2 games a pair" in show,
       "the rosters before the start:\n" + show)
expect(ck("tournament", "list").splitlines()[0] == f"{TID}\trosters 0/0\tClub Match",
       "listed as taking rosters: " + ck("tournament", "list"))

# Rosters by mail: Red's captain orders Red; a player who captains nothing, and Blue's captain
# naming a Red player, change nothing.
red_order = ["Dan", "Cat", "Ben", "Ann"]
send(ADDR["Ann"], REFEREE, ["roster club-match " + " ".join(ADDR[n] for n in red_order)], "r")
send(ADDR["Eve"], REFEREE, ["roster club-match " + ADDR["Eve"]], "r")
send(ADDR["Zed"], REFEREE, ["roster Club-Match " + ADDR["Eve"] + " " + ADDR["Ann"]], "r")
m = serve()
subject = {address_of(t): s for t, s, _ in m}
expect(subject.get(ADDR["Ann"]) == "[crazykrieg] Roster of Red in Club Match",
       "the captain's roster answer", m)
body = text_body([r for t, s, r in m if ADDR["Ann"] in t][0])
expect("1. Dan" in body and "4. Ann" in body, "the roster as it now stands:\n" + body)
expect(subject.get(ADDR["Eve"]) == "[crazykrieg] Club Match: you captain no team",
       "not a captain", m)
expect(subject.get(ADDR["Zed"]) == "[crazykrieg] Club Match: roster refused", "refused", m)
zed = text_body([r for t, s, r in m if ADDR["Zed"] in t][0])
expect("ann@example.test is on the roster of Red" in zed.replace("\n", " "),
       "the refusal names the player and the team:\n" + zed)

# The start: every game at once.
clock.now += datetime.timedelta(hours=1)
out = ck("tournament", "start", TID, "--now", stamp(), "--templates", templates)
expect(out.strip() == f"{TID}: 8 games started", f"the start: {out!r}")
games = games_started(cli.new_mails(), "Club Match")
expect(len(games) == 8, f"8 games started: {games}")
blue_order = ["Hal", "Eve", "Fay", "Gus"]  # by rating: Hal won, Gus lost, Eve and Fay unrated
board_of = {}
for b in range(4):
    board_of[ADDR[red_order[b]]] = b + 1
    board_of[ADDR[blue_order[b]]] = b + 1
red_addr = {ADDR[n] for n in RED}
for g, info in games.items():
    w, b = info["white"], info["black"]
    expect(board_of[w] == board_of[b] and (w in red_addr) != (b in red_addr),
           f"game {g}: board against board of the other team: {info}")
    board = board_of[w]
    red_white = (board % 2 == 1) == (info["round"] == 1)
    expect((w in red_addr) == red_white, f"game {g}: colours by board and game: {info}")
pairs = {}
for g, info in games.items():
    pairs.setdefault(board_of[info["white"]], []).append(info["white"])
expect(all(len(set(v)) == 2 for v in pairs.values()), f"one game with each colour: {pairs}")

send(ADDR["Ann"], REFEREE, ["roster club-match " + ADDR["Ann"]], "r")
m = serve()
expect([s for t, s, _ in m if ADDR["Ann"] in t] ==
       ["[crazykrieg] Club Match: entries are closed"], "no roster after the start", m)

# Every game by mail. From Red's side, board by board: board 1 wins both, board 2 a win and a
# draw, board 3 loses both, board 4 draws both: Red 4½ - 3½ Blue.
plan = {1: ["red", "red"], 2: ["red", "draw"], 3: ["blue", "blue"], 4: ["draw", "draw"]}
for g in sorted(games):
    info = games[g]
    board = board_of[info["white"]]
    how = plan[board][info["round"] - 1]
    w, b = info["white"], info["black"]
    if how == "draw":
        send(w, info["reply"][w], ["draw"])
        serve()
        send(b, info["reply"][b], ["draw"])
    else:
        loser_red = how == "blue"
        loser = w if (w in red_addr) == loser_red else b
        send(loser, info["reply"][loser], ["resign"])
    m = serve()
    expect(any("Game over" in s or "draw" in s.lower() for _, s, _ in m), f"game {g} ended", m)
final = [(t, s, r) for t, s, r in m if "Final standings" in s]
expect(sorted(address_of(t) for t, _, _ in final) ==
       sorted(ADDR[n] for n in RED + BLUE + ["Zed"]),
       "the final standings to every player and to Blue's captain, who plays no board, in the "
       "pass of the last game", m)
body = text_body(final[0][2])
expect("Red 4\u00bd - 3\u00bd Blue" in body and "Red win the match 4\u00bd-3\u00bd" in body,
       "the team score and the result in the mail:\n" + body)

show = ck("tournament", "show", TID)
expect("Final result" in show and "Red win the match 4\u00bd-3\u00bd." in show,
       "the result in the crosstable:\n" + show)
rows = {}  # board -> (Red player, Blue player, board score); a rated match has ratings too
for line in show.splitlines():
    words = line.split()
    if len(words) == 8 and words[0].isdigit():
        rows[int(words[0])] = (words[1], words[3], words[7])
want = {1: ("Dan", "Hal", "2-0"), 2: ("Cat", "Eve", "1\u00bd-\u00bd"),
        3: ("Ben", "Fay", "0-2"), 4: ("Ann", "Gus", "1-1")}
for board, (red, blue, score) in want.items():
    expect(rows.get(board) == (red, blue, score), f"board {board}: {rows.get(board)}\n" + show)
expect(ck("tournament", "list").splitlines()[0] == f"{TID}\tmatch 8/8\tClub Match",
       "listed: 8 of 8 games over")

ck("site", "public", "--templates", templates)
with open(os.path.join(work, "public", "index.html"), encoding="utf-8") as f:
    index = f.read()
pages = [p for p in re.findall(r'href="([^"]+)"', index) if "club-match" in p]
expect(pages, "the site links the match:\n" + index[:2000])
with open(os.path.join(work, "public", pages[0]), encoding="utf-8") as f:
    page = f.read()
expect("Red 4\u00bd - 3\u00bd Blue" in page and "Dan" in page and "<td" in page,
       "the site's match page shows the score and the boards")
print("a team match by mail, 2 teams of 4 boards, 2 games a pair: ok")
