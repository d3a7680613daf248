#!/usr/bin/env python3
"""`crazykrieg config check` without mail servers (README "Commands"): the embedded default is
fine (exit 0, last line "ok"); a missing template folder, a missing IMAP password file, a
non-writable store or a broken config file are problems (exit 1, "problem: ..." naming it); a
secret file others can read is only a warning; no password is ever printed; usage errors exit 2;
the template folder line names the folder and the rule that chose it.
(`--connect` against real dovecot/postfix: tests/daemon/live/serve_live.py.)
usage: config_check_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import os
import shutil
import sys

from cli_harness import Cli, expect

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)


def check(*args):
    return cli.ck("config", "check", "--templates", templates, *args, check=False)


def write(name, text, mode=0o644):
    path = os.path.join(work, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)
    return path


r = check()
expect(r.returncode == 0 and r.stdout.endswith("\nok\n"), f"the embedded default: {r}")
expect("source: maildir var/inbox" in r.stdout and "sink: maildir var/outbox" in r.stdout,
       f"the default Maildirs: {r.stdout}")

r = cli.ck("config", "check", "--templates", os.path.join(work, "nowhere"), check=False)
expect(r.returncode == 1 and "problem: templates:" in r.stdout, f"missing templates: {r}")

conf = write("imap.conf", "[mail]\nsource = imap\n[imap]\n"
             f"password_file = {work}/no-such-file\n")
r = check("--config", conf)
expect(r.returncode == 1 and "problem: imap:" in r.stdout and "password_file" in r.stdout,
       f"a missing IMAP password file: {r}")

pw = write("smtp.pw", "Sup3rSecretPassword\n", 0o644)
secret = write("secret", "0123456789abcdef0123456789abcdef\n", 0o644)
conf = write("smtp.conf", f"[mail]\nsink = smtp\nsecret_file = {secret}\n[smtp]\n"
             f"user = referee@club.example\npassword_file = {pw}\n")
r = check("--config", conf)
expect(r.returncode == 0, f"warnings only: exit 0: {r}")
expect(f"warning: secret {secret} can be read by others" in r.stdout, f"secret mode: {r.stdout}")
expect("warning: smtp.password_file" in r.stdout, f"password file mode: {r.stdout}")
expect("Sup3rSecretPassword" not in r.stdout + r.stderr, "the password is never printed")
expect("0123456789abcdef" not in r.stdout + r.stderr, "the secret is never printed")

locked = os.path.join(work, "locked")
os.makedirs(locked)
os.chmod(locked, 0o500)
conf = write("store.conf", f"[store]\ndir = {locked}/games\n")
r = check("--config", conf)
if os.geteuid() != 0:  # root writes anywhere: nothing to find then
    expect(r.returncode == 1 and "problem: store" in r.stdout, f"a store it cannot create: {r}")

conf = write("broken.conf", "[mail]\nsource = pigeon\n")
r = check("--config", conf)
expect(r.returncode == 1 and "problem:" in r.stdout and "broken.conf" in r.stdout,
       f"a broken config file: {r}")

# Which template folder, and why (README "Finding its files"): --templates, then [mail] templates
# (relative to the config file's directory), then beside the executable.
r = check()
expect(f"templates: {templates} (--templates;" in r.stdout, f"--templates is named: {r.stdout}")
shutil.copytree(templates, os.path.join(work, "club", "wording"))
conf = write("club/club.conf", "[mail]\ntemplates = wording\n")
r = cli.ck("config", "check", "--config", conf, check=False)
expect(r.returncode == 0 and
       f"templates: {work}/club/wording ([mail] templates;" in r.stdout,
       f"[mail] templates, relative to the config file: {r}")
r = cli.ck("config", "check", "--config", conf, "--templates", templates, check=False)
expect(f"templates: {templates} (--templates;" in r.stdout, f"--templates wins: {r.stdout}")
conf = write("club/lost.conf", "[mail]\ntemplates = /nonexistent/wording\n")
r = cli.ck("config", "check", "--config", conf, check=False)
expect(r.returncode == 1 and "problem: templates:" in r.stdout and
       "[mail] templates" in r.stdout, f"a configured folder that is missing is a problem: {r}")
beside = os.path.join(os.path.dirname(os.path.realpath(binary)), "..", "templates")
if os.path.isdir(beside):  # a build directory inside the source tree, as CI builds
    r = cli.ck("config", "check", check=False)
    expect(r.returncode == 0 and "(source tree of the build;" in r.stdout,
           f"found beside the build directory, whatever the working directory: {r}")

r = cli.ck("config", check=False)
expect(r.returncode == 2 and "expected check" in r.stderr, f"usage: {r}")
print("config check: ok")
