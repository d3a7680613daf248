#!/usr/bin/env python3
"""crazykrieg(1) keeps step with --help: every command that `crazykrieg --help` lists, every
action its usage lines show (`game new`, `tournament start`, ...) and every option its --help
shows appears in packaging/crazykrieg.1. A self-check proves the check finds a missing option.
usage: man_page_test.py CRAZYKRIEG MAN_PAGE"""
import re
import subprocess
import sys

binary, man_page = sys.argv[1:3]


def help_of(*args):
    r = subprocess.run([binary, *args, "--help"], capture_output=True, text=True, timeout=30)
    if r.returncode != 0:
        sys.exit(f"FAIL: crazykrieg {' '.join(args)} --help exited {r.returncode}")
    return r.stdout


def man_text(source):
    """The man page as words a reader sees: font escapes and roff's backslashes removed."""
    text = re.sub(r"\\f[BIRP]", "", source)
    text = text.replace("\\-", "-").replace("\\(em", "-")
    return "\n".join(l.split(" ", 1)[1] if l.startswith((".B ", ".I ", ".BR ", ".IR ", ".RB "))
                     else l for l in text.splitlines())


def missing(man):
    found = []
    commands = re.findall(r"^  ([a-z]+)\s", help_of(), re.M)
    if len(commands) < 10:
        sys.exit(f"FAIL: too few commands in crazykrieg --help: {commands}")
    for command in commands:
        if not re.search(rf"(^|\s){command}(\s|$)", man, re.M):
            found.append(f"command {command}")
        text = help_of(command)
        for action in re.findall(rf"crazykrieg {command} ([a-z][a-z|]+)", text):
            for word in action.split("|"):
                if not re.search(rf"^{command} [^\n]*\b{word}\b", man, re.M):
                    found.append(f"{command} {word}")
        for option in set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[a-z])\b", text)):
            if not re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", man):
                found.append(f"{command} {option}")
    return found


with open(man_page) as f:
    man = man_text(f.read())
problems = missing(man)
for p in problems:
    print("FAIL: not in the man page:", p)
# Self-check: without --poll (serve) and `tournament start` the check must notice.
doctored = man.replace("--poll", "--p").replace("tournament start", "tournament begin")
caught = missing(doctored)
if "serve --poll" not in caught or "tournament start" not in caught:
    print("FAIL: the check does not notice a missing option or action:", caught)
    problems.append("self-check")
if problems:
    sys.exit(1)
print("man page covers every command, action and option of --help: ok")
