#!/usr/bin/env python3
"""crazykrieg swiss pair|check|simulate through the command line (README "Swiss pairings"):
`pair` writes each case of tests/data/swiss/ byte for byte as its .pairs file (bbpPairings' -p
format and board order), `--out` writes the same to a file; `check` accepts the recorded events
and rejects one whose round 2 was doctored; `simulate` is deterministic for a seed and its file
pairs again, and its rates (--byes, --withdrawals, --forfeits, --late) are applied; a malformed file is an error naming the file and line.
usage: cli_test.py CRAZYKRIEG DATA_DIR"""
import os
import re
import subprocess
import sys
import tempfile

binary, data = sys.argv[1], sys.argv[2]
failures = []


def run(*args):
    return subprocess.run([binary, "swiss", *args], capture_output=True, text=True, timeout=120)


for name in sorted(os.listdir(data)):
    if not name.endswith(".pairs"):
        continue
    trf = os.path.join(data, name[:-6] + ".trf")
    with open(os.path.join(data, name)) as f:
        expected = f.read()
    r = run("pair", trf)
    if r.returncode != 0 or r.stdout != expected:
        failures.append(f"pair {name}: exit {r.returncode}, got {r.stdout!r}, want {expected!r}")

with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "pairs.txt")
    r = run("pair", os.path.join(data, "round1-odd-bye.trf"), "--out", out)
    with open(os.path.join(data, "round1-odd-bye.pairs")) as f:
        want = f.read()
    if r.returncode != 0 or r.stdout != "" or open(out).read() != want:
        failures.append("pair --out did not write the pairing to the file alone")

    event = os.path.join(data, "event-11-players-5-rounds.trf")
    r = run("check", event)
    if r.returncode != 0 or "every pairing as the Dutch rules give it" not in r.stdout:
        failures.append(f"check of a recorded event: exit {r.returncode}: {r.stdout}{r.stderr}")
    # Swap the colours of one round-2 game: still valid as a pairing, but not the Dutch one.
    lines = open(event).read().splitlines()
    doctored = []
    for line in lines:
        if line.startswith("001") and len(line) > 108:
            col = line[106]
            swapped = {"w": "b", "b": "w"}.get(col, col)
            line = line[:106] + swapped + line[107:]
        doctored.append(line)
    bad = os.path.join(tmp, "doctored.trf")
    with open(bad, "w") as f:
        f.write("\n".join(doctored) + "\n")
    r = run("check", bad)
    if r.returncode != 1 or "round 2: the Dutch pairing would be" not in r.stdout:
        failures.append(f"check of a doctored event: exit {r.returncode}: {r.stdout}{r.stderr}")

    a, b = os.path.join(tmp, "a.trf"), os.path.join(tmp, "b.trf")
    for path in (a, b):
        r = run("simulate", "--players", "15", "--rounds", "5", "--played", "3", "--seed", "4",
                "--out", path)
        if r.returncode != 0:
            failures.append(f"simulate: exit {r.returncode}: {r.stderr}")
    if open(a).read() != open(b).read():
        failures.append("simulate is not deterministic for a seed")
    r = run("pair", a)
    if r.returncode != 0 or not r.stdout.strip():
        failures.append(f"pair of a simulated event: exit {r.returncode}: {r.stderr}")

    # The rates: with no byes, withdrawals, forfeits or late entries nobody misses a round; with
    # every player asking for a bye each round, round 2 has byes; a rate over 100 is a usage error.
    quiet = os.path.join(tmp, "quiet.trf")
    r = run("simulate", "--players", "12", "--rounds", "4", "--seed", "5", "--byes", "0",
            "--withdrawals", "0", "--forfeits", "0", "--late", "0", "--draws", "50",
            "--out", quiet)
    text = open(quiet).read() if r.returncode == 0 else ""
    if r.returncode != 0 or "0000" in text or re.search(r" [wb] [+-]", text):
        failures.append(f"simulate without byes or forfeits: exit {r.returncode}: {r.stderr}")
    r = run("simulate", "--players", "12", "--rounds", "4", "--played", "1", "--seed", "5",
            "--byes", "100")
    if r.returncode != 0 or " H" not in r.stdout:
        failures.append(f"simulate with every bye asked for: exit {r.returncode}: {r.stderr}")
    r = run("simulate", "--players", "12", "--rounds", "4", "--byes", "101")
    if r.returncode != 2:
        failures.append(f"simulate --byes 101: exit {r.returncode}")

    broken = os.path.join(tmp, "broken.trf")
    with open(broken, "w") as f:
        f.write("001    1      Alpha" + " " * 60 + "1.0    1     2 x 1\n")
    r = run("pair", broken)
    if r.returncode != 1 or "broken.trf: line 1" not in r.stderr:
        failures.append(f"malformed file: exit {r.returncode}: {r.stderr}")
    r = run("pair")
    if r.returncode != 2:
        failures.append(f"pair without a file: exit {r.returncode}")

for f in failures:
    print("FAIL:", f)
if failures:
    sys.exit(1)
print("swiss cli: ok")
