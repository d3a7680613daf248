#!/usr/bin/env python3
"""A store written before the flat game layout (tests/data/store/legacy-v0: a directory per game,
games/<id>/NAME, and no state/ at all) opens with this build: the first command moves its game
files to games/<id>.NAME (src/store/game_layout.hpp) and `game list`, `game show` and `game pgn`
print byte for byte what the build before the flat layout printed of the store unmoved
(tests/data/store/legacy-v0.golden, written by the binary of commit 511f732); a second run
prints the same.
usage: legacy_store_test.py CRAZYKRIEG WORKDIR TEMPLATES DATADIR"""
import os
import shutil
import sys

from cli_harness import Cli, expect

binary, work, templates, data = sys.argv[1:5]
cli = Cli(binary, work, templates)
store = os.path.join(work, "var", "games")
shutil.copytree(os.path.join(data, "store", "legacy-v0"), store)
golden = os.path.join(data, "store", "legacy-v0.golden")
expect(sorted(os.listdir(os.path.join(store, "games"))) == ["1", "2", "3"],
       "the copy has a directory per game")


def outputs():
    out = {"game-list.txt": cli.ck("game", "list")}
    for g in ("1", "2", "3"):
        for side in ("referee", "white", "black"):
            out["game-show-%s-%s.txt" % (g, side)] = cli.ck("game", "show", g, "--as", side)
            out["game-pgn-%s-%s.txt" % (g, side)] = cli.ck("game", "pgn", g, "--as", side)
    return out


for run in ("first", "second"):
    got = outputs()
    expect(sorted(got) == sorted(os.listdir(golden)), "every golden file is checked")
    for name, text in got.items():
        with open(os.path.join(golden, name), encoding="utf-8") as f:
            want = f.read()
        expect(text == want, "%s run: %s differs:\n%s\nwanted:\n%s" % (run, name, text, want))
    names = sorted(os.listdir(os.path.join(store, "games")))
    expect(all(not os.path.isdir(os.path.join(store, "games", n)) for n in names),
           "no game directory left: %s" % names)
    expect({n.split(".", 1)[0] for n in names} == {"1", "2", "3"} and
           "2.record.pgn" in names and "3.clock.ini" in names, "flat game files: %s" % names)
    with open(os.path.join(store, "state", "format")) as f:
        expect(f.read() == "ck-state 2\n", "the store records the flat layout")
print("legacy store: moved to the flat layout, listings unchanged")
