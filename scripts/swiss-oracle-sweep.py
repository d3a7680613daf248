#!/usr/bin/env python3
"""Compare crazykrieg's Dutch pairings with another pairing program's, round by round.

A local check, never run by CI (docs/swiss.md "Where the engine is checked"): for many seeds,
`crazykrieg swiss simulate --players P --rounds R --played K --seed S` writes an event after K
rounds; `crazykrieg swiss pair` and the other program (any program that reads a TRF and prints
bbpPairings' `-p` output: the number of pairs, then `WHITE BLACK` lines, `N 0` for the bye) pair
the next round from the same file, and the two outputs are compared. Every disagreement's file
is kept in --keep DIR with both outputs. Each seed's event has its own size, number of rounds and
rates of requested byes, withdrawals, forfeits, late entries and draws; every round of it is
compared (--played 0 .. R-1).

Usage:
  swiss-oracle-sweep.py --crazykrieg BIN --oracle 'PROGRAM --dutch {trf} -p' \
      [--seeds FIRST:LAST] [--min-players 5] [--max-players 120] [--keep DIR] [--jobs 1]
The oracle command is split on spaces; `{trf}` is replaced by the file's path.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout.strip(), p.stderr.strip()


def event_shape(seed, lo, hi):
    """Players, rounds and the simulation's rates for a seed: small events more often (they are
    quick), few enough rounds that a pairing mostly exists."""
    rng = random.Random(seed * 7919 + 13)
    if rng.random() < 0.6:
        players = rng.randint(lo, max(lo, min(hi, 30)))
    else:
        players = rng.randint(lo, hi)
    rounds = rng.randint(3, max(3, min(11, players // 2 + 1)))
    rates = ["--byes", str(rng.randint(0, 10)), "--withdrawals", str(rng.randint(0, 4)),
             "--forfeits", str(rng.randint(0, 10)), "--late", str(rng.randint(0, 15)),
             "--draws", str(rng.randint(10, 50))]
    return players, rounds, rates


def compare_one(args, seed, players, rounds, rates, played, workdir):
    trf = os.path.join(workdir, f"s{seed}-p{players}-r{rounds}-k{played}.trf")
    rc, out, err = run([args.crazykrieg, "swiss", "simulate", "--players", str(players),
                        "--rounds", str(rounds), "--played", str(played), "--seed", str(seed),
                        "--out", trf] + rates)
    if rc != 0:
        # An earlier round had no valid pairing (small events run dry): nothing to compare.
        return ("no-event", trf, err, "")
    rc_ck, ck, ck_err = run([args.crazykrieg, "swiss", "pair", trf])
    oracle = [w.replace("{trf}", trf) for w in args.oracle.split()]
    rc_or, orc, or_err = run(oracle)
    ok_ck = rc_ck == 0
    ok_or = rc_or == 0 and orc != ""
    if not ok_ck and not ok_or:
        verdict = "both-none"
    elif ok_ck != ok_or:
        verdict = "differ"
    else:
        verdict = "same" if ck.split() == orc.split() else "differ"
    return (verdict, trf, ck if ok_ck else "ERROR " + ck_err, orc if ok_or else "ERROR " + or_err)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--crazykrieg", required=True)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--seeds", default="1:100")
    ap.add_argument("--min-players", type=int, default=5)
    ap.add_argument("--max-players", type=int, default=120)
    ap.add_argument("--keep", default="swiss-sweep-differences")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    first, last = (int(x) for x in args.seeds.split(":"))
    os.makedirs(args.keep, exist_ok=True)
    tasks = []
    for seed in range(first, last + 1):
        players, rounds, rates = event_shape(seed, args.min_players, args.max_players)
        for played in range(rounds):
            tasks.append((seed, players, rounds, rates, played))
    counts = {}
    with tempfile.TemporaryDirectory() as workdir, ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda t: (t, compare_one(args, *t, workdir)), tasks)
        # "same": the same pairs, colours and bye; "both-none": neither found a valid pairing;
        # "no-event": the event could not be simulated that far.
        for (seed, players, rounds, rates, played), (verdict, trf, ck, orc) in results:
            counts[verdict] = counts.get(verdict, 0) + 1
            if verdict == "differ":
                name = os.path.join(args.keep, os.path.basename(trf))
                if os.path.exists(trf):
                    with open(trf) as src, open(name, "w") as dst:
                        dst.write(src.read())
                with open(name + ".crazykrieg", "w") as f:
                    f.write(ck + "\n")
                with open(name + ".oracle", "w") as f:
                    f.write(orc + "\n")
                print(f"{verdict}: seed {seed} players {players} rounds {rounds} played {played} "
                      + " ".join(rates), flush=True)
            if os.path.exists(trf):
                os.remove(trf)
    total = sum(counts.values())
    print(f"rounds compared: {total}; " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    return 0 if counts.get("differ", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
