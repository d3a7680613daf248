#!/usr/bin/env python3
"""Ratings by mail (README "Ratings"): rated and casual games, made by `game new [--casual]` and
by challenges by mail (with and without the word `casual`), end by resignation, draw by
agreement and on time; every pool of `crazykrieg ratings --format json` must equal an
independent Glicko-2 computation (glicko2_reference.py) of the rated games in the order they
ended, casual games must change nothing, game-start and game-end mails show the ratings, and
`ratings POOL` by mail answers with the list.
usage: ratings_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_harness import Cli, expect, fail, reply_address, text_body  # noqa: E402
from cli_harness import deliver as harness_deliver  # noqa: E402
import glicko2_reference  # noqa: E402

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
ck = cli.ck
inbox = os.path.join(work, "var", "inbox")
P = {"Ann": "ann@example.test", "Ben": "ben@example.test", "Cat": "cat@example.test"}
for name, address in P.items():
    ck("player", "add", name, address)
day = [1]


def now():
    day[0] += 1
    return f"2026-12-{day[0]:02d}T09:00:00Z"


def deliver(frm, to, subject, lines):
    harness_deliver(inbox, frm, to, subject, lines)


reply_to = reply_address
body = text_body


rated = []  # (pool, white, black, white_score) in the order the games ended


def play(start_mails, white, black, pool, how, is_rated):
    """Ends the game the start mails began: how = white-resigns | black-resigns | draw."""
    w_to, w_subj = reply_to(start_mails, P[white], "New game")
    b_to, b_subj = reply_to(start_mails, P[black], "New game")
    start = [body(r) for t, s, r in start_mails if "New game" in s]
    line = [ln for ln in start[0].splitlines() if ln.startswith("Rated game")]
    expect(bool(line) == is_rated, f"rated line in the start mail: {line}", start_mails)
    if how == "white-resigns":
        deliver(P[white], w_to, "Re: " + w_subj, ["resign"])
        score = 0.0
    elif how == "black-resigns":  # on Black's own turn, after White's first move
        deliver(P[white], w_to, "Re: " + w_subj, ["e4"])
        cli.serve_at(now())
        deliver(P[black], b_to, "Re: " + b_subj, ["resign"])
        score = 1.0
    else:
        deliver(P[white], w_to, "Re: " + w_subj, ["draw"])
        cli.serve_at(now())
        deliver(P[black], b_to, "Re: " + b_subj, ["draw"])
        score = 0.5
    m = cli.serve_at(now())
    ends = [r for t, s, r in m if "Game over" in s]
    expect(len(ends) == 2, "two game-end mails", m)
    for raw in ends:
        expect(("Ratings (" + pool + "):" in body(raw)) == is_rated,
               f"rating change in the end mail of a {'rated' if is_rated else 'casual'} game:\n"
               + body(raw), m)
    if is_rated:
        rated.append((pool, P[white], P[black], score))


def new_game(*args):
    ck("game", "new", *args, "--now", now(), "--templates", templates)
    return cli.new_mails()


def check_pools():
    expected = glicko2_reference.rate(rated)
    got = {}
    for line in ck("ratings", "--format", "json").splitlines():
        o = json.loads(line)
        expect(set(o) == {"pool", "player", "name", "rating", "rd", "volatility", "games"},
               f"JSON keys: {line}")
        got.setdefault(o["pool"], {})[o["player"]] = o
    expect(set(got) == set(expected), f"pools {sorted(got)} vs {sorted(expected)}")
    for pool, players in expected.items():
        expect(set(got[pool]) == set(players), f"{pool}: players {sorted(got[pool])}")
        for player, (r, rd, vol, n) in players.items():
            o = got[pool][player]
            ok = (abs(o["rating"] - r) < 0.006 and abs(o["rd"] - rd) < 0.006 and
                  abs(o["volatility"] - vol) < 1e-6 and o["games"] == n)
            expect(ok, f"{pool} {player}: {o} vs {(r, rd, vol, n)}")


play(new_game("--variant", "crazyhouse", "--white", P["Ann"], "--black", P["Ben"]),
     "Ann", "Ben", "crazyhouse", "black-resigns", True)
play(new_game("--variant", "crazyhouse", "--white", P["Ben"], "--black", P["Cat"], "--casual"),
     "Ben", "Cat", "crazyhouse", "white-resigns", False)
play(new_game("--variant", "chess", "--hidden", "--white", P["Ann"], "--black", P["Cat"]),
     "Ann", "Cat", "kriegspiel", "draw", True)
check_pools()
# Ann is rated now: the next start mail shows her rating (no "?" only once RD <= 110).
m = new_game("--variant", "crazyhouse", "--white", P["Cat"], "--black", P["Ann"])
ann = glicko2_reference.rate(rated)["crazyhouse"][P["Ann"]]
label = f"Ann ({round(ann[0])}{'?' if ann[1] > 110 else ''})"
expect(any(f"Rated game (crazyhouse): Cat (1500?) vs {label}" in body(r) for _, _, r in m),
       f"start line with {label}", m)
play(m, "Cat", "Ann", "crazyhouse", "white-resigns", True)

# Challenges by mail: `casual` makes an unrated game.
deliver(P["Cat"], "referee@club.example", "challenge", [f"challenge {P['Ben']} loop casual"])
cli.serve_at(now())
deliver(P["Ben"], "referee@club.example", "accept", ["accept 1"])
play(cli.serve_at(now()), "Cat", "Ben", "loop", "black-resigns", False)
deliver(P["Ben"], "referee@club.example", "challenge", [f"challenge {P['Ann']} loop hidden"])
cli.serve_at(now())
deliver(P["Ann"], "referee@club.example", "accept", ["accept 2"])
play(cli.serve_at(now()), "Ben", "Ann", "loop-hidden", "draw", True)
check_pools()

# A time forfeit counts: 1 day per move, nobody moves.
m = new_game("--variant", "putback", "--white", P["Ben"], "--black", P["Cat"], "--time", "1d")
day[0] += 3
m = cli.serve_at(now())
expect(any("lost on time" in s for _, s, _ in m), "the forfeit", m)
expect(all("Ratings (putback):" in body(r) for t, s, r in m if "lost on time" in s),
       "forfeit mails show the change", m)
rated.append(("putback", P["Ben"], P["Cat"], 0.0))
check_pools()

# The lists by mail and on the command line.
deliver(P["Cat"], "referee@club.example", "ratings", ["ratings crazyhouse"])
m = cli.serve_at(now())
expect(len(m) == 1 and m[0][1].endswith("Ratings: crazyhouse"), "the ratings mail", m)
text = body(m[0][2])
expect("crazyhouse" in text and "Ann" in text and "Ben" in text and "Cat" in text and
       "kriegspiel" not in text.split("Pools:")[0], "the crazyhouse list:\n" + text)
listing = ck("ratings", "--pool", "kriegspiel")
expect(listing.splitlines()[0] == "kriegspiel" and len(listing.splitlines()) == 3,
       "text list:\n" + listing)
r = ck("ratings", "--pool", "bughouse", check=False)
expect(r.returncode == 2, f"unknown pool: {r}")
print(f"ratings by mail: {len(rated)} rated games in {len(set(p for p, *_ in rated))} pools: ok")
