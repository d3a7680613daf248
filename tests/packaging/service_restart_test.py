#!/usr/bin/env python3
"""The service is not restarted for ever when its configuration is bad (README "The service").

usage: service_restart_test.py UNIT_TEMPLATE CRAZYKRIEG WORK

systemd's RestartPreventExitStatus= reads the exit status of the main process only: a failing
ExecStartPre= (or ExecCondition=, ExecStartPost=) is a failure like any other and, with
Restart=on-failure, is started again every RestartSec= however bad the file. So no command but
ExecStart= may decide the start (each other one is "-" prefixed), and `serve` itself exits with
a status the unit lists in RestartPreventExitStatus= for each bad configuration it is given here
(a file that does not parse, a wrong [imap] key, templates that do not load), while a failure
that may pass (an unreadable password file) keeps its exit 1 and is retried. With
`systemd-analyze` on the machine, `verify` accepts the unit written for the built binary.
Exit 0 when all holds, 1 naming the first thing that does not."""
import os
import re
import shutil
import subprocess
import sys


def fail(what):
    sys.exit(f"FAIL: {what}")


def settings(unit_text, key):
    return [m.group(1).strip() for m in re.finditer(rf"^{key}=(.*)$", unit_text, re.M)]


unit_path, binary, work = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
unit = open(unit_path, encoding="utf-8").read()

if settings(unit, "Restart") != ["on-failure"]:
    fail(f"the unit restarts serve after a failure (Restart=on-failure): {settings(unit, 'Restart')}")
prevented = {int(s) for line in settings(unit, "RestartPreventExitStatus") for s in line.split()
             if s.isdigit()}
if 2 not in prevented:
    fail(f"RestartPreventExitStatus= lists serve's configuration error, exit 2: {prevented}")
for key in ("ExecCondition", "ExecStartPre", "ExecStartPost"):
    for command in settings(unit, key):
        if not command.startswith("-"):
            fail(f"{key}={command}: its failure would be restarted every RestartSec= "
                 f"(RestartPreventExitStatus= reads the main process only): prefix it with '-'")
main = settings(unit, "ExecStart")
if len(main) != 1 or " serve " not in main[0]:
    fail(f"ExecStart= runs serve: {main}")

# serve's own exit status for each bad configuration, as the unit would run it.
def serve_with(name, text, extra=()):
    conf = os.path.join(work, name + ".conf")
    with open(conf, "w") as f:
        f.write(text)
    return subprocess.run([binary, "serve", "--once", "--config", conf, *extra],
                          capture_output=True, text=True, timeout=60, cwd=work)


bad = {
    "unparsable": "[store\ndir = var/games\n",
    "unknown-key": "[store]\ndirectory = var/games\n",
    "imap-no-password-key": "[mail]\nsource = imap\n[imap]\nurl = imap://127.0.0.1:1/INBOX\n",
    "no-templates": f"[mail]\ntemplates = {os.path.join(work, 'no-such-templates')}\n",
}
for name, text in bad.items():
    r = serve_with(name, text)
    if r.returncode not in prevented:
        fail(f"serve with a bad configuration ({name}) exits {r.returncode}, which the unit "
             f"restarts (RestartPreventExitStatus={sorted(prevented)}): {r.stderr!r}")
r = serve_with("unreadable-password",
               "[mail]\nsource = imap\n[imap]\nurl = imap://127.0.0.1:1/INBOX\n"
               "user = referee@club.example\npassword_file = /nonexistent/imap.pw\n")
if r.returncode != 1:
    fail(f"an unreadable password file may be mended without editing the file: exit 1, "
         f"retried, not {r.returncode}: {r.stderr!r}")

analyze = shutil.which("systemd-analyze")
if analyze:
    conf = os.path.join(work, "good.conf")
    with open(conf, "w") as f:
        f.write("[store]\ndir = var/games\n")
    written = os.path.join(work, "crazykrieg.service")
    with open(written, "w") as f:
        f.write(unit.replace("@CK_BINARY@", os.path.abspath(binary)).replace("@CK_CONFIG@", conf))
    r = subprocess.run([analyze, "verify", written], capture_output=True, text=True, timeout=60)
    # Lines about other units of this machine are not ours; Documentation=man:crazykrieg(1) is
    # found once the man page is installed (the package test verifies the installed unit).
    ours = [l for l in (r.stdout + r.stderr).splitlines()
            if "crazykrieg.service" in l and "Command 'man " not in l]
    if ours:
        fail("systemd-analyze verify:\n" + "\n".join(ours))
shutil.rmtree(work, ignore_errors=True)
print(f"ok: only serve decides the start; its configuration errors exit "
      f"{sorted(prevented)}, which the unit does not restart")
