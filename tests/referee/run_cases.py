#!/usr/bin/env python3
# Referee case runner: replays case files (tests/data/referee/cases/*.jsonl) through
# `crazykrieg umpire` and compares each output line with the expected response.
#
#   run_cases.py PATH_TO_CRAZYKRIEG CASES_DIR_OR_FILE...
#
# PROVENANCE: the comparison logic below is copied from the project's shared checker,
# the referee cases' check.sh (copied with its cases, see tests/data/referee) (its embedded python3 program, unchanged apart from the
# argument handling and this header), because CI has no copy of the shared folder. Keep the two in step.
# Rules it applies: parsed JSON; top-level keys in the spec's order, extra keys allowed;
# announcement arrays exact except that consecutive check announcements may come in any order;
# views exact (in plain chess '[]' and '~' are optional); error text free.
# Prints PASS/FAIL per file, then `referee cases: P/N passed` and a closing
# `N passed, N failed` line. Exit 0 only when every case passes; 2 on a usage error.
import sys
if len(sys.argv) < 3:
    print("usage: run_cases.py PATH_TO_CRAZYKRIEG CASES_DIR_OR_FILE...", file=sys.stderr)
    sys.exit(2)
import concurrent.futures
import glob
import json
import os
import subprocess
import sys

binary = sys.argv[1]
files = []
for arg in sys.argv[2:]:
    if os.path.isdir(arg):
        files += sorted(glob.glob(os.path.join(arg, "*.jsonl")))
    else:
        files.append(arg)
if os.sep in binary and not os.path.isabs(binary):
    binary = os.path.abspath(binary)
if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
    print("run_cases.py: %s is not an executable file" % binary, file=sys.stderr)
    sys.exit(2)
if not files:
    print("run_cases.py: no case files", file=sys.stderr)
    sys.exit(2)
TIMEOUT = float(os.environ.get("CHECK_TIMEOUT", "60"))
JOBS = int(os.environ.get("CHECK_JOBS", "0")) or (os.cpu_count() or 2)
KEYS = ["n", "side", "request", "answer", "move", "white", "black", "views", "result"]
PLAIN_VARIANTS = {"chess", "kriegspiel"}


def short(obj, limit=700):
    s = obj if isinstance(obj, str) else json.dumps(obj, separators=(",", ":"))
    return s if len(s) <= limit else s[:limit] + "..."


def canon(a):
    return json.dumps(a, sort_keys=True, separators=(",", ":"))


def compare_announcements(exp, got, where):
    """Same objects in the same order; a run of consecutive check announcements may come in any
    order (the spec does not order the two directions of a double check). Objects must match
    exactly: no missing and no extra keys (an extra key could tell a player too much)."""
    if not isinstance(got, list):
        return "%s: expected a list, got %s" % (where, short(got))
    if len(got) != len(exp):
        return "%s: expected %s, got %s" % (where, short(exp), short(got))
    i = 0
    while i < len(exp):
        if isinstance(exp[i], dict) and exp[i].get("type") == "check":
            j = i
            while j < len(exp) and exp[j].get("type") == "check":
                j += 1
            if sorted(map(canon, exp[i:j])) != sorted(map(canon, got[i:j])):
                return "%s[%d:%d]: expected %s, got %s" % (where, i, j, short(exp[i:j]), short(got[i:j]))
            i = j
            continue
        if canon(exp[i]) != canon(got[i]):
            return "%s[%d]: expected %s, got %s" % (where, i, short(exp[i]), short(got[i]))
        i += 1
    return None


def plain_view(v):
    """In a variant without pockets, '[]' and '~' carry no information: accept them or not."""
    if isinstance(v, str):
        v = v.replace("~", "")
        if v.endswith("[]"):
            v = v[:-2]
    return v


def compare(exp, line, variant):
    try:
        pairs = json.loads(line, object_pairs_hook=lambda kv: kv)
        got = json.loads(line)
    except ValueError as e:
        return "output line is not JSON (%s): %s" % (e, short(line))
    if not isinstance(got, dict):
        return "output line is not a JSON object: %s" % short(line)
    if exp["answer"] == "error":
        for k in ("n", "side", "request", "answer"):
            if got.get(k) != exp[k]:
                return "%s: expected %s, got %s (line %s)" % (k, short(exp[k]), short(got.get(k)), short(line))
        if not isinstance(got.get("error"), str) or not got["error"].strip():
            return "error: expected a non-empty message, got %s" % short(got.get("error"))
        return None
    for k in KEYS:
        if k not in got:
            return "missing key %r in %s" % (k, short(line))
    order = [k for k, _ in pairs if k in KEYS]
    if order != KEYS:
        return "keys out of order: %s (spec: %s)" % (",".join(order), ",".join(KEYS))
    for k in ("n", "side", "request", "answer", "move"):
        if got[k] != exp[k]:
            return "%s: expected %s, got %s" % (k, short(exp[k]), short(got[k]))
    for side in ("white", "black"):
        d = compare_announcements(exp[side], got[side], side)
        if d:
            return d
    if not isinstance(got["views"], dict):
        return "views: expected an object, got %s" % short(got["views"])
    for side in ("white", "black"):
        e, g = exp["views"][side], got["views"].get(side)
        if variant in PLAIN_VARIANTS:
            e, g = plain_view(e), plain_view(g)
        if e != g:
            return "views.%s: expected %s, got %s" % (side, short(exp["views"][side]), short(got["views"].get(side)))
    if got["result"] != exp["result"]:
        return "result: expected %s, got %s" % (short(exp["result"]), short(got["result"]))
    return None


def run_case(path):
    name = os.path.basename(path)
    try:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(l) for l in f.read().splitlines() if l.strip()]
        header, entries = rows[0], rows[1:]
    except (OSError, ValueError, IndexError) as e:
        return False, "FAIL %s: unreadable case file (%s)" % (name, e)
    variant = str(header["variant"]).lower()
    cmd = [binary, "umpire", "--variant", header["variant"]]
    if header.get("hidden"):
        cmd.append("--hidden")
    if header.get("fen"):
        cmd += ["--fen", header["fen"]]
    stdin = "".join(e["request"] + "\n" for e in entries).encode("utf-8")
    try:
        p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return False, "FAIL %s: no exit within %gs" % (name, TIMEOUT)
    except OSError as e:
        return False, "FAIL %s: cannot run %s (%s)" % (name, binary, e)
    out = [l for l in p.stdout.decode("utf-8", "replace").split("\n") if l.strip()]
    want = [e for e in entries if e["expect"] is not None]
    for i, e in enumerate(want):
        if i >= len(out):
            return False, "FAIL %s: no output for request %d %s (only %d lines; exit %d; stderr: %s)" % (
                name, e["expect"]["n"], short(e["request"]), len(out), p.returncode,
                short(p.stderr.decode("utf-8", "replace").strip(), 300))
        d = compare(e["expect"], out[i], variant)
        if d:
            return False, "FAIL %s: request %d %s: %s" % (name, e["expect"]["n"], short(e["request"]), d)
    if len(out) > len(want):
        return False, "FAIL %s: %d extra output line(s), first: %s" % (name, len(out) - len(want), short(out[len(want)]))
    if p.returncode != 0:
        return False, "FAIL %s: exit status %d (stderr: %s)" % (
            name, p.returncode, short(p.stderr.decode("utf-8", "replace").strip(), 300))
    return True, "PASS %s" % name


passed = 0
with concurrent.futures.ThreadPoolExecutor(max_workers=JOBS) as pool:
    for ok, msg in pool.map(run_case, files):
        print(msg, flush=True)
        passed += ok
print("referee cases: %d/%d passed" % (passed, len(files)))
print("%d passed, %d failed" % (passed, len(files) - passed))
sys.exit(0 if passed == len(files) else 1)
