#!/usr/bin/env python3
"""A knockout and a group stage by mail (docs/knockout.md), played to the end.

Knockout "Winter Cup": 5 players seeded by rating (Eve has won a rated game against Ann before,
so Eve is seed 1 and Ann seed 5; the three unrated keep their order): seeds 1-3 have byes, round 1
is Dan (4) - Ann (5) over 2 games. That match is drawn 1-1, so a tie-break match of 2 games
starts in the very pass that ends its last game; drawn too, Dan goes through on seed, and the
semi-finals Eve - Dan and Ben - Cat start in the pass that ends the tie-break. Then the final.
Groups "Spring Groups": 6 players, groups of 3, the winner of each advances to a final of 2 games;
the final starts in the pass that ends the last group game.
Every pass that starts matches mails the standings (the bracket) to every player; the end mails
the final standings. usage: knockout_mail_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_harness import Cli, PassClock, expect, fail, games_started, text_body  # noqa: E402
from cli_harness import deliver as harness_deliver  # noqa: E402

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
ck = cli.ck
inbox = os.path.join(work, "var", "inbox")
NAMES = "Ann Ben Cat Dan Eve Fay".split()
ADDR = {n: n.lower() + "@example.test" for n in NAMES}
clock = PassClock(cli, datetime.datetime(2026, 12, 1, 9, 0, 0))
stamp = clock.stamp


def serve():
    return clock.serve()[0]


def send(frm, to, lines):
    harness_deliver(inbox, frm, to, "Re: your game", lines)


def pair_of(info):
    return {info["white"], info["black"]}


def play(games, plan):
    """Ends every game of `plan` ({game: "1-0" | "0-1" | "draw"}) by mail; the highest-numbered
    game ends alone in the last pass, whose mails are returned. No game may start before it."""
    last = max(plan)
    for g, res in plan.items():
        info = games[g]
        w = info["white"]
        if res == "0-1" and g == last:
            continue
        send(w, info["reply"][w], ["resign" if res == "0-1" else "e4" if res == "1-0" else "draw"])
    m = serve()
    expect(not games_started(m), "nothing starts before the deciding game ends", m)
    for g, res in plan.items():
        info = games[g]
        b = info["black"]
        if g == last or res == "0-1":
            continue
        send(b, info["reply"][b], ["resign" if res == "1-0" else "draw"])
    m = serve()
    expect(not games_started(m), "nothing starts before the deciding game ends", m)
    info = games[last]
    res = plan[last]
    who = info["white"] if res == "0-1" else info["black"]
    send(who, info["reply"][who], ["resign" if res != "draw" else "draw"])
    m = serve()
    expect(any("Game over" in s for _, s, _ in m), "the last game ended in this pass", m)
    return m


def standings_to(mails, event):
    return sorted(t[t.index("<") + 1:t.index(">")] for t, s, _ in mails
                  if s.endswith("Standings: " + event))


def body_to(mails, address, part):
    for t, s, raw in mails:
        if address in t and part in s:
            return text_body(raw).replace("\r\n", "\n")
    fail(f"no '{part}' mail to {address}: {[(t, s) for t, s, _ in mails]}")


for n in NAMES:
    ck("player", "add", n, ADDR[n])

# Usage errors.
for bad, why in ((["--system", "groups", "--group-size", "3"], "--advance"),
                 (["--system", "knockout", "--group-size", "3"], "--group-size"),
                 (["--games", "4"], "--games"),
                 (["--system", "knockout", "--tie", "coin"], "--tie"),
                 (["--system", "knockout", "--double"], "--double")):
    r = ck("tournament", "new", "--name", "X", "--variant", "chess", *bad, ADDR["Ann"],
           ADDR["Ben"], check=False)
    expect(r.returncode == 2 and why in r.stderr, f"usage error {bad}: {r}")
r = ck("tournament", "new", "--name", "X", "--variant", "chess", "--system", "groups",
       "--group-size", "3", "--advance", "3", ADDR["Ann"], ADDR["Ben"], ADDR["Cat"], check=False)
expect(r.returncode == 1 and "advance" in r.stderr, f"3 of a group of 3 advance: {r}")

# A rated game first: Eve beats Ann, so Eve's rating is above the newcomers' and Ann's below.
ck("game", "new", "--variant", "chess", "--white", ADDR["Eve"], "--black", ADDR["Ann"],
   "--time", "3d", "--now", stamp(), "--templates", templates)
g = games_started(cli.new_mails())
expect(len(g) == 1, "the rated game started")
play(g, {next(iter(g)): "1-0"})

# The knockout.
out = ck("tournament", "new", "--name", "Winter Cup", "--variant", "chess", "--time", "3d",
         "--system", "knockout", "--now", stamp(), "--templates", templates,
         *[ADDR[n] for n in "Ann Ben Cat Dan Eve".split()])
expect(out.strip() == "winter-cup", f"the id: {out!r}")
m = cli.new_mails()
r1 = games_started(m)
expect(len(r1) == 2 and all(pair_of(i) == {ADDR["Dan"], ADDR["Ann"]} for i in r1.values()),
       "round 1: only seeds 4 (Dan) and 5 (Ann) play, 2 games", m)
expect(sorted(i["white"] for i in r1.values()) == [ADDR["Ann"], ADDR["Dan"]],
       "one game with each colour", m)
expect(r1[min(r1)]["white"] == ADDR["Dan"], "the higher seed White first", m)
expect(standings_to(m, "Winter Cup") == sorted(ADDR[n] for n in "Ann Ben Cat Dan Eve".split()),
       "the bracket to every player", m)
show = ck("tournament", "show", "winter-cup")
for line in ("(1) Eve - bye\n    Eve advances on a bye",
             "(4) Dan - (5) Ann: 0-0 (. .)\n    in progress",
             "Semi-finals\n  Paired when every match of the round before is decided."):
    expect(line in show, f"{line!r} in the bracket:\n{show}")

# Round 1 drawn 1-1: each wins with White. The tie-break match starts in the same pass.
plan = {g: "1-0" for g in r1}
m = play(r1, plan)
tb = games_started(m)
expect(len(tb) == 2 and all(pair_of(i) == {ADDR["Dan"], ADDR["Ann"]} for i in tb.values()),
       "the tie-break match of Dan and Ann starts with the drawn match's last game", m)
expect(tb[min(tb)]["white"] == ADDR["Dan"], "the higher seed White first in the tie-break", m)
# The tie-break drawn too: Dan goes through on seed; the semi-finals start in that pass.
m = play(tb, {g: "draw" for g in tb})
semis = games_started(m)
pairs = sorted(sorted(pair_of(i)) for i in semis.values())
expect(len(semis) == 4 and pairs == sorted([sorted([ADDR["Eve"], ADDR["Dan"]])] * 2 +
                                           [sorted([ADDR["Ben"], ADDR["Cat"]])] * 2),
       "semi-finals Eve - Dan and Ben - Cat", m)
body = body_to(m, ADDR["Ann"], "Standings: Winter Cup")
expect("(4) Dan - (5) Ann: 2-2 (1 0, tie-break \u00bd \u00bd)\n    Dan advances on seed (drawn "
       "match)" in body, "the standings mail shows the tie rule's outcome:\n" + body)
# Semi-finals: the higher seeds win every game.
m = play(semis, {g: "1-0" if i["white"] in (ADDR["Eve"], ADDR["Ben"]) else "0-1"
                 for g, i in semis.items()})
final = games_started(m)
expect(len(final) == 2 and all(pair_of(i) == {ADDR["Eve"], ADDR["Ben"]} for i in final.values()),
       "the final Eve - Ben", m)
m = play(final, {g: "1-0" if i["white"] == ADDR["Eve"] else "0-1" for g, i in final.items()})
finals = [t for t, s, _ in m if "Final standings: Winter Cup" in s]
expect(len(finals) == 5, "the final standings to every player", m)
show = ck("tournament", "show", "winter-cup")
expect("Final standings" in show and "(1) Eve - (2) Ben: 2-0 (1 1)\n    Eve advances\n" in show,
       "the final in the bracket:\n" + show)

# The groups: 6 players in 2 groups of 3, the winners meet in a final of 2 games.
out = ck("tournament", "new", "--name", "Spring Groups", "--variant", "chess", "--time", "3d",
         "--system", "groups", "--group-size", "3", "--advance", "1", "--tie", "seed",
         "--now", stamp(), "--templates", templates, *[ADDR[n] for n in NAMES])
expect(out.strip() == "spring-groups", f"the id: {out!r}")
m = cli.new_mails()
grp = games_started(m)
expect(len(grp) == 6, "2 groups of 3: 6 games at once", m)
expect(standings_to(m, "Spring Groups") == sorted(ADDR.values()), "the groups to every player", m)
show = ck("tournament", "show", "spring-groups")
expect("Group A" in show and "Group B" in show and "Paired when every group game is over." in show,
       "the groups and the knockout to come:\n" + show)
# Seeds (by rating): Eve, Ben, Cat, Dan, Fay, Ann (Dan and Ann are where their earlier
# games put them... all but Eve and Ann have played rated games since, so only check the pairs:
# in each group the player with the lower address wins every game.
plan = {}
for g, i in grp.items():
    plan[g] = "1-0" if i["white"] < i["black"] else "0-1"
m = play(grp, plan)
fin = games_started(m)
expect(len(fin) == 2, "the final starts with the last group game", m)
winners = set()
for i in fin.values():
    winners |= pair_of(i)
expect(len(winners) == 2, "two finalists", m)
body = body_to(m, ADDR["Fay"], "Standings: Spring Groups")
expect("The winner of each group advances to the knockout." in body and "Final\n" in body,
       "the groups and the final in the mail:\n" + body)
m = play(fin, {g: "draw" for g in fin})
expect(len([1 for _, s, _ in m if "Final standings: Spring Groups" in s]) == 6,
       "the final standings to every player", m)
show = ck("tournament", "show", "spring-groups")
expect("on seed (drawn match)" in show and "Final standings" in show,
       "--tie seed decided the drawn final:\n" + show)
lst = ck("tournament", "list")
expect("spring-groups\t8/8\tSpring Groups" in lst and "winter-cup\t10/10\tWinter Cup" in lst,
       "listed:\n" + lst)

# A withdrawal from a knockout (docs/knockout.md "Withdrawals"): 4 players, 2 matches of 2 games.
# Ann asks for a bye by mail (refused: a knockout has none), wins the first game of her match,
# then the organiser withdraws her: her other game is her loss by forfeit, 1-1 over the match,
# yet her opponent advances with no tie-break match, and meets the other match's winner in the
# final, started in the pass that decides that match.
out = ck("tournament", "new", "--name", "Autumn Cup", "--variant", "chess", "--time", "3d",
         "--system", "knockout", "--now", stamp(), "--templates", templates,
         *[ADDR[n] for n in "Ann Ben Cat Dan".split()])
expect(out.strip() == "autumn-cup", f"the id: {out!r}")
r1 = games_started(cli.new_mails())
expect(len(r1) == 4, "2 matches of 2 games")
ann = sorted(g for g, i in r1.items() if ADDR["Ann"] in pair_of(i))
other = sorted(g for g in r1 if g not in ann)
rival = (pair_of(r1[ann[0]]) - {ADDR["Ann"]}).pop()
send(ADDR["Ann"], "referee@club.example", ["bye autumn-cup 2"])
m = serve()
body = body_to(m, ADDR["Ann"], "Autumn Cup: no byes")
expect("takes no byes: only a Swiss event does. In a knockout every match is played" in
       " ".join(body.split()),
       "the bye refused with its reason:\n" + body)
send(rival, r1[ann[0]]["reply"][rival], ["resign"])  # Ann wins the match's first game
serve()
r = ck("tournament", "withdraw", "autumn-cup", ADDR["Ann"], "--now", stamp(), "--templates",
       templates, check=False)
expect(r.returncode == 0, f"withdraw: {r}")
result = "1-0" if r1[ann[1]]["white"] == rival else "0-1"
expect(f"autumn-cup: game {ann[1]} {result} by forfeit" in r.stdout and
       "withdrawn from round 1 on" in r.stdout, "the withdrawal's output:\n" + r.stdout)
m = cli.new_mails()
expect(sorted(t[t.index("<") + 1:t.index(">")] for t, s, _ in m if "Game over" in s) ==
       sorted([ADDR["Ann"], rival]), "the forfeited game's end mails to both", m)
expect(not games_started(m), "no tie-break match", m)
show = ck("tournament", "show", "autumn-cup")
expect("advances (the opponent withdrew)" in show and
       ("1-1 (0 +)" in show or "1-1 (1 -)" in show),
       "the bracket shows the withdrawal and the forfeit:\n" + show)
r = ck("tournament", "withdraw", "autumn-cup", ADDR["Ann"], "--now", stamp(), check=False)
expect(r.returncode == 1 and "out of it already" in r.stderr, f"withdrawn twice: {r}")
w = r1[other[0]]["white"]
m = play({g: r1[g] for g in other}, {other[0]: "1-0", other[1]: "0-1"})
final = games_started(m)
expect(len(final) == 2 and all(pair_of(i) == {rival, w} for i in final.values()),
       "the final of Ann's opponent and the other match's winner", m)
print("a knockout and a group stage by mail: ok")
