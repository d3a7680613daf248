#!/usr/bin/env python3
"""An installed tree works from anywhere and can be moved (README "Running a club server",
"Finding its files"): `cmake --install BUILD --prefix WORK/x/usr`, then from `/`, with no
templates/ in sight, `player add`, `game new`, `serve --once` play a move; `config check` names
the templates installed beside the executable; with no --config the binary reads
PREFIX/etc/crazykrieg/crazykrieg.conf when it exists, else ./var, and the installed unit runs
serve with that same file (one configuration for the service and the organiser's commands);
after moving WORK/x elsewhere all of it still works.
usage: install_test.py BUILD_DIR WORK LOCAL_MAIL_PY"""
import os
import shutil
import subprocess
import sys

from club_move import fail, play_one_move, run

build, work, local_mail = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
if os.path.exists("/templates"):
    fail("/templates exists: the test needs a working directory without templates/")
prefix = os.path.join(work, "x", "usr")
r = subprocess.run(["cmake", "--install", build, "--prefix", prefix], capture_output=True,
                   text=True)
if r.returncode != 0:
    fail(f"cmake --install: {r.stdout}{r.stderr}")

expected = ["bin/crazykrieg", "share/crazykrieg/templates/turn.txt",
            "share/doc/crazykrieg/crazykrieg.conf.example", "share/man/man1/crazykrieg.1.gz",
            "lib/systemd/system/crazykrieg.service"]
for path in expected:
    if not os.path.isfile(os.path.join(prefix, path)):
        fail(f"{path} not installed under {prefix}")
with open(os.path.join(prefix, "lib/systemd/system/crazykrieg.service")) as f:
    unit = f.read()
# The configuration the binary reads by itself (README "Configuration": PREFIX/etc/... for a
# prefix other than /usr), checked against `config check` below.
unit_config = os.path.join(prefix, "etc", "crazykrieg", "crazykrieg.conf")
if f"\nExecStart={prefix}/bin/crazykrieg serve --config {unit_config}\n" not in unit:
    fail(f"the unit runs the installed binary with {unit_config}:\n{unit}")
if f"\nExecStartPre=-{prefix}/bin/crazykrieg config check --config {unit_config}\n" not in unit:
    fail(f"the unit lists the configuration's problems, and only serve decides the start:\n{unit}")
# A configuration error (serve's exit 2, docs/cli.md) is not restarted every 30 s.
if "\nRestart=on-failure\n" not in unit or "\nRestartPreventExitStatus=2\n" not in unit:
    fail(f"the unit restarts serve after a failure but not after exit 2:\n{unit}")
if os.path.exists(os.path.join(prefix, "etc")) or os.path.exists(os.path.join(work, "x", "etc")):
    fail("a prefix install writes no etc/ (the conffile is the package's)")


def check_installed(usr, club, unit_config=None):
    binary = os.path.join(usr, "bin", "crazykrieg")
    os.makedirs(club)
    config, _ = play_one_move(binary, club, local_mail)
    out = run([binary, "config", "check", "--config", config]).stdout
    want = f"templates: {usr}/share/crazykrieg/templates (installed, beside the executable;"
    if want not in out:
        fail(f"config check names the installed templates ({want!r}):\n{out}")
    # The store is where the config file says, not under the working directory.
    if not os.path.isdir(os.path.join(club, "var", "games")):
        fail("the store is under the config file's directory")
    # No --config: without PREFIX/etc/crazykrieg/crazykrieg.conf the embedded default, with it
    # that file (README "Configuration": the system configuration of an installed binary).
    out = run([binary, "config", "check"]).stdout
    if "config: embedded default ./var: the installed " + binary + " has no " not in out:
        fail(f"config check without a system configuration:\n{out}")
    system = os.path.join(usr, "etc", "crazykrieg", "crazykrieg.conf")
    os.makedirs(os.path.dirname(system))
    shutil.copy(config, system)
    out = run([binary, "config", "check"]).stdout
    if f"config: {system} (system configuration of the installed {binary})" not in out:
        fail(f"config check names the prefix's system configuration:\n{out}")
    if unit_config is not None and unit_config != system:
        fail(f"the unit runs serve with {unit_config}, the binary by hand reads {system}")
    shutil.rmtree(os.path.join(usr, "etc"))


check_installed(prefix, os.path.join(work, "club1"), unit_config)
moved = os.path.join(work, "elsewhere", "deeper")
os.makedirs(moved)
shutil.move(os.path.join(work, "x"), moved)
check_installed(os.path.join(moved, "x", "usr"), os.path.join(work, "club2"))
shutil.rmtree(work, ignore_errors=True)
print("installed tree, run from / and moved: ok")
