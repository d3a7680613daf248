#!/usr/bin/env python3
"""What the organiser's listings say (issue "Played to the end", D12, D20, D22): `challenge list`
shows a challenge's rule set and whether it is rated or casual; `game list` shows the rule set
and the result or "in progress"; `game show` of an unknown id says "no game N", of a text that is no id "bad game id", and of an open game
names no rule set; `game new --help` names --casual and --rated, and every action's --help shows its usage; a tournament's id keeps the
letters of an accented name; `config check` lists every problem of a broken file.
usage: organiser_listings_test.py CRAZYKRIEG WORKDIR TEMPLATES LOCAL_MAIL_PY"""
import os
import subprocess
import sys

from cli_harness import Cli, expect, fail

binary, work, templates, local_mail = sys.argv[1:5]
cli = Cli(binary, work, templates)
ck = cli.ck
players = {"Ann": "ann@example.test", "Ben": "ben@example.test"}


def mail(command, address, *lines):
    """local-mail.py send|reply ADDRESS LINES on the work directory's var."""
    r = subprocess.run([sys.executable, local_mail, "--var", os.path.join(work, "var"), command,
                        address, *lines], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        fail(f"local-mail.py {command} {address}: {r.stdout}{r.stderr}")


for name, address in players.items():
    ck("player", "add", name, address)

# D22: the usage names every option of `game new`.
usage = ck("game", "new", "--help")
expect("[--casual|--rated]" in usage, f"game new --help: {usage!r}")
# Every action's --help shows its command's usage and succeeds (`bot add --help` once said
# "unknown option '--help'").
for words in (("bot", "add"), ("bot", "remove"), ("player", "add"), ("game", "adjudicate"),
              ("tournament", "new"), ("challenge", "cancel")):
    usage = ck(*words, "--help")
    expect(usage.startswith("usage: crazykrieg " + words[0]), f"{' '.join(words)} --help: {usage!r}")

# D12: a challenge's rule set and casual in `challenge list`.
mail("send", players["Ann"], "challenge ben@example.test crazyhouse hidden wild16 casual 5d")
cli.serve_at("2026-12-01T10:00:00Z")
listed = ck("challenge", "list")
expect("crazyhouse hidden wild16 5d casual" in listed, f"challenge list: {listed!r}")
mail("send", players["Ann"], "challenge ben@example.test loop 3d")
cli.serve_at("2026-12-01T11:00:00Z")
listed = ck("challenge", "list").splitlines()
expect(len(listed) == 2 and "loop 3d rated" in listed[1], f"challenge list: {listed!r}")

# D20: status, result and rule set in `game list`; "no game N".
ck("game", "new", "--variant", "chess", "--white", players["Ann"], "--black", players["Ben"],
   "--now", "2026-12-01T12:00:00Z", "--templates", templates)
mail("reply", players["Ann"], "resign")  # Ann's newest mail: game 1's start (she is White)
cli.serve_at("2026-12-01T13:00:00Z")
ck("game", "new", "--variant", "crazyhouse", "--hidden", "--rules", "berkeley", "--white",
   players["Ben"], "--black", players["Ann"], "--now", "2026-12-01T14:00:00Z",
   "--templates", templates)
games = ck("game", "list").splitlines()
expect(len(games) == 2, f"two games: {games!r}")
g1, g2 = (line.split("\t") for line in games)
expect(g1[1] == "chess" and g1[-1] in ("0-1", "1-0"), f"game 1, open, over: {g1!r}")
expect(g2[1] == "crazyhouse hidden berkeley" and g2[-1] == "in progress",
       f"game 2, hidden berkeley, in progress: {g2!r}")
show = ck("game", "show", "1")
expect("rules" not in show.splitlines()[0], f"an open game names no rule set: {show!r}")
expect("rules berkeley" in ck("game", "show", "2").splitlines()[0], "a hidden game's rule set")
r = ck("game", "show", "99", check=False)
expect(r.returncode == 1 and "no game 99" in r.stderr and "cannot open" not in r.stderr,
       f"game show 99: {r}")
r = ck("game", "pgn", "99", check=False)
expect(r.returncode == 1 and "no game 99" in r.stderr, f"game pgn 99: {r}")
# An ID is parsed once (core/game_id.hpp): "1x" is not game 1, "01" and "0" are no ids.
for bad in ("1x", "01", "0", "+1", ""):
    r = ck("game", "show", bad, check=False)
    expect(r.returncode == 2 and f"bad game id '{bad}'" in r.stderr, f"game show {bad!r}: {r}")

# D22: an accented name keeps its letters in the id.
out = ck("tournament", "new", "--name", "Ünïcode Cup!", "--variant", "chess", "--entries",
         "--now", "2026-12-02T09:00:00Z", "--templates", templates)
expect(out.strip().splitlines()[-1] == "unicode-cup", f"the id: {out!r}")

# D22: `config check` lists every problem of the file, each with its line.
conf = os.path.join(work, "broken.conf")
with open(conf, "w") as f:
    f.write("[mail]\nsource = pigeon\nnonsense = 1\n[club]\nreminder_days = soon\n"
            "challenge_days = 0\n")
r = ck("config", "check", "--config", conf, check=False)
problems = [line for line in r.stdout.splitlines() if line.startswith("problem:")]
expect(r.returncode == 1 and len(problems) == 4, f"four problems: {r.stdout}")
for line_no, word in ((2, "mail.source"), (3, "nonsense"), (5, "reminder_days"),
                      (6, "challenge_days")):
    expect(any(f"broken.conf:{line_no}:" in p and word in p for p in problems),
           f"line {line_no} ({word}): {problems}")
print("organiser listings: ok")
