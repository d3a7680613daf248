#!/usr/bin/env python3
"""`crazykrieg bot match` (README "Computer opponents"): a short bounded run checks the JSON
report's exact keys and sums, that --jobs does not change the figures, the text format and the
usage errors; with --long and CK_BOT_LONG=1 it plays the README's acceptance matches (hours of
CPU) and prints their figures, otherwise --long says it is skipped and passes.
usage: bot_match.py CRAZYKRIEG [--long]"""
import json
import os
import shutil
import subprocess
import sys

binary = sys.argv[1]
long_run = "--long" in sys.argv[2:]

KEYS = ["engine_a", "engine_b", "variant", "rules", "games", "a_wins", "b_wins", "draws",
        "a_illegal_share", "b_illegal_share", "plies_per_game", "a_cpu_per_move_s",
        "b_cpu_per_move_s"]


def match(*args, timeout=600):
    r = subprocess.run([binary, "bot", "match", *args], capture_output=True, text=True,
                       timeout=timeout)
    return r


def report(*args, timeout=600):
    r = match(*args, "--format", "json", timeout=timeout)
    if r.returncode != 0:
        sys.exit(f"FAIL: bot match {' '.join(args)} exited {r.returncode}: {r.stderr}")
    lines = r.stdout.splitlines()
    if len(lines) != 1:
        sys.exit(f"FAIL: expected one JSON line, got {r.stdout!r}")
    obj = json.loads(lines[0])
    if list(obj.keys()) != KEYS:
        sys.exit(f"FAIL: keys {list(obj.keys())} != {KEYS}")
    if obj["a_wins"] + obj["b_wins"] + obj["draws"] != obj["games"]:
        sys.exit(f"FAIL: results do not add up: {obj}")
    for k in ("a_illegal_share", "b_illegal_share"):
        if not 0 <= obj[k] <= 1:
            sys.exit(f"FAIL: {k} out of range: {obj}")
    return obj


if long_run:
    if os.environ.get("CK_BOT_LONG") != "1":
        print("bot match long run: skipped (set CK_BOT_LONG=1; hours of CPU)")
        sys.exit(0)
    runs = [
        ("belief", "random", "crazykrieg", "crazykrieg", 100),
        ("belief", "heuristic", "crazykrieg", "crazykrieg", 100),
        ("belief", "random", "kriegspiel", "wild16", 100),
        ("belief", "heuristic", "kriegspiel", "wild16", 100),
    ]
    for a, b, variant, rules, games in runs:
        print(json.dumps(report(a, b, "--variant", variant, "--rules", rules, "--games",
                                str(games), "--seed", "1", timeout=36000)), flush=True)
    if shutil.which("fairy-stockfish") or os.path.exists("/usr/games/fairy-stockfish"):
        print(json.dumps(report("fairy-stockfish:level=1", "random", "--variant", "crazyhouse",
                                "--games", "20", "--seed", "1", timeout=36000)), flush=True)
    sys.exit(0)

# Bounded smoke runs: a few short games, small budgets.
small = ["--games", "3", "--seed", "5", "--max-plies", "40"]
r1 = report("belief:particles=8,samples=4", "heuristic", "--variant", "crazykrieg", *small)
if r1["engine_a"] != "belief:particles=8,samples=4" or r1["variant"] != "crazyhouse" or \
        r1["rules"] != "crazykrieg" or r1["games"] != 3:
    sys.exit(f"FAIL: report names: {r1}")
r2 = report("belief:particles=8,samples=4", "heuristic", "--variant", "crazykrieg", *small,
            "--jobs", "2")
for k in KEYS:
    if k.endswith("cpu_per_move_s"):
        continue
    if r1[k] != r2[k]:
        sys.exit(f"FAIL: --jobs 2 changed {k}: {r1[k]} != {r2[k]}")
r3 = report("random-any", "random", "--variant", "chess", "--rules", "wild16", *small)
if r3["rules"] != "wild16" or r3["variant"] != "chess":
    sys.exit(f"FAIL: rules/variant of a wild16 match: {r3}")
r4 = report("heuristic", "random", "--variant", "putback", "--games", "2", "--max-plies", "10")
if r4["rules"] != "open" or r4["plies_per_game"] > 10 or r4["a_illegal_share"] != 0:
    sys.exit(f"FAIL: an open putback match: {r4}")
text = match("random", "random", "--variant", "crazykrieg", "--games", "2", "--max-plies", "20")
if text.returncode != 0 or "A wins:" not in text.stdout:
    sys.exit(f"FAIL: text format: {text.stdout!r} {text.stderr!r}")
for bad in (["random"], ["random", "nobody", "--variant", "chess", "--games", "1"],
            ["random", "random", "--variant", "chess"],
            ["random", "random", "--variant", "chess", "--games", "1", "--format", "xml"],
            ["random", "random", "--variant", "chess", "--games", "1", "--rules", "nope"]):
    r = match(*bad)
    if r.returncode != 2 or len(r.stderr.splitlines()) != 1:
        sys.exit(f"FAIL: usage error expected for {bad}: {r.returncode} {r.stderr!r}")
if shutil.which("fairy-stockfish") or os.path.exists("/usr/games/fairy-stockfish"):
    r5 = report("fairy-stockfish:level=1", "random", "--variant", "crazyhouse", "--games", "1",
                "--max-plies", "30")
    if r5["a_illegal_share"] != 0:
        sys.exit(f"FAIL: fairy-stockfish made an illegal attempt: {r5}")
    r = match("fairy-stockfish", "random", "--variant", "crazykrieg", "--games", "1")
    if r.returncode != 1 or "open games" not in r.stderr:
        sys.exit(f"FAIL: fairy-stockfish in a hidden game: {r.returncode} {r.stderr!r}")
else:
    print("fairy-stockfish not installed: its checks skipped")
print("bot match smoke: ok")
