#!/usr/bin/env python3
"""A `site DIR` or `backup FILE` run by a `serve` that sees another file system than the command
(systemd's PrivateTmp gives the service a /tmp of its own: README "The service") is refused
instead of reported as written: here `serve` runs in a mount namespace with a private tmpfs on
the folder `hidden/`, as the service has on /tmp. A folder both see is written as before. The
command checks the file serve's answer names (its device and inode), whatever the order of its
options, and an older file of that name that only the command sees does not pass for it.
Needs root for the namespace (unshare -m); exits 77 (skipped) otherwise.
usage: serve_private_tmp_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import os
import shutil
import signal
import subprocess
import sys
import time

from cli_harness import Cli, expect, fail

binary, work, templates = sys.argv[1:4]
if os.geteuid() != 0 or shutil.which("unshare") is None:
    print("skipped: needs root and unshare (a mount namespace for serve)")
    sys.exit(77)
cli = Cli(binary, work, templates)
hidden = os.path.join(work, "hidden")
os.makedirs(hidden)
cli.ck("player", "add", "Alice", "alice@example.test")
cli.ck("player", "add", "Bob", "bob@example.test")
probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
if probe.returncode != 0:
    print(f"skipped: unshare -m is not allowed here: {probe.stderr.decode().strip()}")
    sys.exit(77)
log = open(os.path.join(work, "serve.log"), "w")
script = ('mount --make-rprivate / && mount -t tmpfs tmpfs "$1" && shift && exec "$@"')
serve = subprocess.Popen(["unshare", "-m", "sh", "-c", script, "sh", hidden, binary, "serve",
                          "--poll", "60", "--templates", templates],
                         cwd=work, stdout=log, stderr=subprocess.STDOUT)
try:
    store = os.path.join(work, "var", "games")
    deadline = time.time() + 20
    while not (os.path.exists(os.path.join(store, "serve.lock")) and
               os.path.isdir(os.path.join(store, "requests"))):
        if serve.poll() is not None or time.time() > deadline:
            fail(f"serve did not start: {open(os.path.join(work, 'serve.log')).read()}")
        time.sleep(0.05)
    time.sleep(0.3)
    # Through the daemon (it holds the store): a folder both see is written and reported.
    out = cli.ck("game", "new", "--variant", "crazyhouse", "--white", "alice@example.test",
                 "--black", "bob@example.test")
    expect(out.strip() == "1", f"game new through the daemon: {out!r}")
    out = cli.ck("site", "public")
    expect("file(s) written" in out and
           os.path.isfile(os.path.join(work, "public", "index.html")),
           f"site into a folder both see: {out!r}")
    # A folder the daemon sees another way: refused, naming what it could not find.
    for args, what in ((["site", os.path.join("hidden", "site")], "index.html"),
                       (["backup", os.path.join("hidden", "club.tar.zst")], "club.tar.zst")):
        r = cli.ck(*args, check=False)
        expect(r.returncode == 1 and "not there for this command" in r.stderr and what in r.stderr,
               f"crazykrieg {' '.join(args)} into serve's private folder is refused: "
               f"exit {r.returncode}\n{r.stdout}{r.stderr}")
        expect(not os.listdir(hidden), f"{' '.join(args)}: nothing appeared in hidden/")
    # Other orders of the same options: the command checks the file serve says it wrote
    # (its answer carries it), not a guess at which word of the command line names it.
    conf = os.path.join(work, "club.conf")
    with open(conf, "w") as f:
        f.write("[store]\ndir = var/games\n")
    out = cli.ck("site", "--config", conf, "public2", "--templates", templates)
    expect("file(s) written" in out and
           os.path.isfile(os.path.join(work, "public2", "index.html")),
           f"site --config C DIR --templates T into a folder both see: {out!r}")
    for args, what in ((["site", "--templates", templates, os.path.join("hidden", "site"),
                         "--config", conf], "index.html"),
                       (["backup", "--config", conf, os.path.join("hidden", "club.tar.zst")],
                        "club.tar.zst")):
        r = cli.ck(*args, check=False)
        expect(r.returncode == 1 and "not there for this command" in r.stderr and what in r.stderr,
               f"crazykrieg {' '.join(args)} into serve's private folder is refused: "
               f"exit {r.returncode}\n{r.stdout}{r.stderr}")
        expect(not os.listdir(hidden), f"{' '.join(args)}: nothing appeared in hidden/")
    # An older file of that name that this command sees is not the one serve wrote.
    old_site = os.path.join(hidden, "old-site")
    os.makedirs(old_site)
    with open(os.path.join(old_site, "index.html"), "w") as f:
        f.write("the site of last year\n")
    r = cli.ck("site", os.path.join("hidden", "old-site"), check=False)
    expect(r.returncode == 1 and "finds another file there" in r.stderr,
           f"site into serve's private folder over an older index.html is refused: "
           f"exit {r.returncode}\n{r.stdout}{r.stderr}")
    with open(os.path.join(old_site, "index.html")) as f:
        expect(f.read() == "the site of last year\n", "the older index.html is untouched here")
    expect(serve.poll() is None, "serve still runs")
finally:
    serve.send_signal(signal.SIGTERM)
    try:
        serve.wait(timeout=30)
    except subprocess.TimeoutExpired:
        serve.kill()
print("ok: site and backup into a folder serve sees elsewhere are refused")
