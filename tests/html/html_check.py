#!/usr/bin/env python3
"""HTML that every reader can use (issue 21; README "Tests", label html): the W3C Nu Html Checker
(vnu.jar on Debian's Java) and axe-core (in Debian's headless chromium, over the DevTools
protocol of tests/site/cdp.py) must report nothing at all, not even an informative warning, on:
  - the HTML part of every golden mail (tests/data/compose/golden/*.eml);
  - the HTML part of every kind of mail in each of its forms (the compose test "html parts of
    every kind of mail" writes them with CK_HTML_PARTS_DIR);
  - the HTML part of every mail the club below sent (the daemon's real answers);
  - every page of the site of a club with finished, in-progress, hidden, tournament and rated
    games (tests/site/site_club.py), each after its scripts ran.
A self-test first feeds both checkers a page with a known fault each, so a checker that runs
nothing cannot pass. One JVM for all files; one browser for all pages.
usage: html_check.py CRAZYKRIEG COMPOSE_TESTS WORKDIR TEMPLATES GOLDEN_DIR TOOLS_DIR
exit 77 when a checker or its runtime is missing (scripts/setup.sh installs them)."""
import email
import email.policy
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "site"))
import cdp  # noqa: E402
import site_club  # noqa: E402

binary, compose_tests, work, templates, golden, tools = sys.argv[1:7]
VNU = os.path.join(tools, "vnu-jar", "build", "dist", "vnu.jar")
AXE = os.path.join(tools, "axe-core", "axe.min.js")
JAVA = shutil.which("java")
missing = [what for what, ok in (("vnu.jar", os.path.exists(VNU)),
                                 ("axe.min.js", os.path.exists(AXE)), ("java", JAVA),
                                 ("chromium", os.path.exists(cdp.CHROMIUM))) if not ok]
if missing:
    print(f"html: {', '.join(missing)} missing (scripts/setup.sh installs them): skipped")
    sys.exit(77)

started = time.time()
shutil.rmtree(work, ignore_errors=True)
mails = os.path.join(work, "mails")
selftest = os.path.join(work, "selftest")
for d in (mails, selftest):
    os.makedirs(d)


def html_part(raw):
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    part = msg.get_body(("html",))
    return part.get_content() if part is not None else None


def keep_mail(name, html):
    with open(os.path.join(mails, name + ".html"), "w", encoding="utf-8") as f:
        f.write(html)


# 1. Mails: the goldens, every form of every kind, and what the club's daemon sent.
for path in sorted(glob.glob(os.path.join(golden, "*.eml"))):
    with open(path, "rb") as f:
        html = html_part(f.read())
    if html is not None:
        keep_mail("golden-" + os.path.basename(path)[:-4], html)
forms = os.path.join(work, "forms")
os.makedirs(forms)
r = subprocess.run([compose_tests, "html parts of every kind of mail"],
                   env={**os.environ, "CK_HTML_PARTS_DIR": forms}, capture_output=True,
                   text=True, timeout=120)
if r.returncode != 0:
    sys.exit(f"FAIL: compose_tests 'html parts of every kind of mail':\n{r.stdout}{r.stderr}")
for name in sorted(os.listdir(forms)):
    shutil.copy(os.path.join(forms, name), os.path.join(mails, "form-" + name))

cli, site, _, _ = site_club.build_club(binary, templates, os.path.join(work, "club"), "e4")
seen = set()
outbox = os.path.join(work, "club", "var", "outbox", "new")
for name in sorted(os.listdir(outbox)):
    with open(os.path.join(outbox, name), "rb") as f:
        html = html_part(f.read())
    digest = hashlib.sha256((html or "").encode()).hexdigest()
    if html is None or digest in seen:
        continue
    seen.add(digest)
    keep_mail(f"club-{len(seen):03d}", html)

# 2. The self-test pages: each checker must find its fault.
with open(os.path.join(selftest, "invalid.html"), "w") as f:
    f.write('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>x</title>'
            '</head><body><main><h1>x</h1><p><div>a div in a paragraph</p></main></body>'
            '</html>\n')
with open(os.path.join(selftest, "inaccessible.html"), "w") as f:
    f.write('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>x</title></head>'
            '<body><main><h1>x</h1><img src="data:,"></main></body></html>\n')

pages = sorted(glob.glob(os.path.join(mails, "*.html")))
site_pages = sorted(os.path.join(d, f) for d, _, fs in os.walk(site) for f in fs
                    if f.endswith(".html"))
self_pages = sorted(glob.glob(os.path.join(selftest, "*.html")))
problems = []

# 3. vnu: one JVM over every file, running while axe-core runs (4.); JSON messages on stderr.
vnu_out = os.path.join(work, "vnu.json")
with open(vnu_out, "w") as err:
    vnu = subprocess.Popen([JAVA, "-jar", VNU, "--format", "json", "--also-check-css",
                            "--also-check-svg", *self_pages, *pages, *site_pages],
                           stdout=subprocess.DEVNULL, stderr=err)

# 4. axe-core in one headless chromium: injected into every document before its own scripts;
# run after the page loaded (the site's replay board is drawn by its script).
with open(AXE, encoding="utf-8") as f:
    axe_source = f.read()
RUN = ("axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify("
       "r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map("
       "n => n.target.join(' ') + ': ' + n.failureSummary.replace(/\\s+/g, ' '))}))))")
browser = cdp.Browser()
axe_flagged = set()
try:
    browser.call("Page.addScriptToEvaluateOnNewDocument", source=axe_source)
    for path in self_pages + pages + site_pages:
        browser.load("file://" + os.path.abspath(path))
        res = browser.call("Runtime.evaluate", expression=RUN, awaitPromise=True,
                           returnByValue=True)
        if "exceptionDetails" in res:
            problems.append(f"axe: {path}: {res['exceptionDetails']}")
            continue
        for v in json.loads(res["result"]["value"]):
            axe_flagged.add(os.path.basename(path))
            if os.path.dirname(path) == selftest:
                continue
            problems.append(f"axe: {os.path.relpath(path, work)}: {v['id']} ({v['impact']}): "
                            f"{v['help']}: {'; '.join(v['nodes'][:3])}")
except BaseException:
    vnu.kill()
    raise
finally:
    browser.close()
vnu.wait(timeout=300)
with open(vnu_out, encoding="utf-8") as f:
    report = f.read()
try:
    messages = json.loads(report or "{}").get("messages", [])
except json.JSONDecodeError:
    sys.exit(f"FAIL: vnu did not answer JSON (exit {vnu.returncode}):\n{report}")
flagged = set()
for m in messages:
    url = m.get("url", "")
    path = url[len("file:"):] if url.startswith("file:") else url
    flagged.add(os.path.basename(path))
    if os.path.dirname(path) == selftest:
        continue
    problems.append(f"vnu: {os.path.relpath(path, work)}:{m.get('lastLine', '?')}: "
                    f"{m.get('type')}{'/' + m['subType'] if 'subType' in m else ''}: "
                    f"{m.get('message')} [{m.get('extract', '').strip()[:120]!r}]")
if "invalid.html" not in flagged:
    problems.append("vnu self-test: a <div> in a <p> was not reported")

if "inaccessible.html" not in axe_flagged:
    problems.append("axe self-test: an <html> without lang and an <img> without alt passed")

for p in problems:
    print(p)
summary = (f"{len(pages)} mail HTML parts, {len(site_pages)} site pages: "
           f"{len(problems)} finding(s) ({time.time() - started:.0f} s)")
if problems:
    sys.exit(f"FAIL: html: {summary}")
print(f"html: {summary}: ok")
