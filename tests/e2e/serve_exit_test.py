#!/usr/bin/env python3
"""`serve --once` exit codes (cli.md: "exits (0 on success)"; README "Commands"): 0 after a pass
on the embedded default, 1 with the reason on stderr when the IMAP source cannot be reached
(here a closed port on 127.0.0.1, no server needed).
usage: serve_exit_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import os
import sys

from cli_harness import Cli, expect

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)

r = cli.ck("serve", "--once", "--templates", templates, check=False)
expect(r.returncode == 0, f"an empty pass on the embedded default exits 0: {r}")

pw = os.path.join(work, "imap.pw")
with open(pw, "w") as f:
    f.write("secret\n")
os.chmod(pw, 0o600)
conf = os.path.join(work, "imap.conf")
with open(conf, "w") as f:
    f.write("[mail]\nsource = imap\n[imap]\nurl = imap://127.0.0.1:1/INBOX\n"
            f"user = referee@club.example\npassword_file = {pw}\nstarttls = no\n")
r = cli.ck("serve", "--once", "--config", conf, "--templates", templates, check=False)
expect(r.returncode == 1, f"an unreachable IMAP server: exit 1: {r}")
expect("crazykrieg serve: mail source" in r.stderr, f"the reason on stderr: {r.stderr!r}")
print("serve --once exit codes: ok")
