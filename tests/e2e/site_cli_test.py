#!/usr/bin/env python3
"""`crazykrieg site DIR` finds its templates like every other command (README "Finding its
files"): run from a directory without templates/ and without --templates, it writes the site.
usage: site_cli_test.py CRAZYKRIEG WORKDIR TEMPLATES"""
import os
import sys

from cli_harness import Cli, expect

binary, work, templates = sys.argv[1:4]
cli = Cli(binary, work, templates)
expect(not os.path.exists(os.path.join(work, "templates")), "no templates/ in the work directory")
cli.ck("player", "add", "Alice", "alice@example.test")
cli.ck("player", "add", "Bob", "bob@example.test")
cli.ck("game", "new", "--variant", "crazyhouse", "--white", "alice@example.test", "--black",
       "bob@example.test")
out = cli.ck("site", "public")
expect("file(s) written" in out, f"site reports what it wrote: {out!r}")
for page in ("index.html", "ratings.html", os.path.join("games", "1.html")):
    expect(os.path.isfile(os.path.join(work, "public", page)), f"public/{page} written")
print("ok: site from a directory without templates/")
