#!/usr/bin/env python3
"""The club's web pages in headless Chromium (README "The club's web pages"): a club with a
finished open crazyhouse game (captures: pockets), a finished hidden crazykrieg game, a hidden
kriegspiel game and an open chess game in progress, and a tournament, written by
`crazykrieg site`; then in chromium (cdp.py, Debian's package, a fresh profile):
  - each replay board stepped to its end with the arrow keys shows the record's final position
    (board and pockets of `game show ID --as referee`'s FEN);
  - ratings.html's tables equal `crazykrieg ratings --format json`;
  - an event's page names it once; the move list is a labelled region that takes the focus;
  - a screenshot of each kind of page, kept in WORKDIR/screenshots;
  - non-interference: a second club that differs only in the hidden game's move (e4 / d4) gives
    a byte-identical site, and that game's page has no board, no move and no square;
  - no external resource, every relative link resolves, the site loads over HTTP too;
  - `serve` with [site] dir rewrites the page of a game that got a move.
usage: site_test.py CRAZYKRIEG WORKDIR TEMPLATES   (exit 77: chromium not installed)"""
import filecmp
import functools
import http.server
import json
import os
import re
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
import cdp  # noqa: E402
import site_club  # noqa: E402
from cli_harness import expect  # noqa: E402

binary, work, templates = sys.argv[1:4]
if not os.path.exists(cdp.CHROMIUM):
    print("chromium not installed: skipped")
    sys.exit(77)
GLYPH = dict(zip("KQRBNPkqrbnp", "\u2654\u2655\u2656\u2657\u2658\u2659\u265a\u265b\u265c\u265d"
                 "\u265e\u265f"))


def build_club(path, hidden_move):
    return site_club.build_club(binary, templates, path, hidden_move)


cli, site, now, play = build_club(os.path.join(work, "club"), "e4")
_, twin_site, _, _ = build_club(os.path.join(work, "twin"), "d4")


def all_files(root):
    return sorted(os.path.relpath(os.path.join(d, f), root)
                  for d, _, fs in os.walk(root) for f in fs)


# Non-interference: the twin club differs only in what nobody but White may know.
files = all_files(site)
expect(files == all_files(twin_site), "the same files in both sites")
_, mismatch, errors = filecmp.cmpfiles(site, twin_site, files, shallow=False)


def without_salt(path):
    """A finished hidden game's record reveals its fairness-receipt salt, random per game, and
    the commitments made with it: left out of the comparison."""
    text = open(path, encoding="utf-8").read()
    return re.sub(r'\[Salt "[0-9a-f]+"\]|\[%commit \d+ [0-9A-F]+\]', "", text)


mismatch = [f for f in mismatch if not f.endswith(".pgn") or
            without_salt(os.path.join(site, f)) != without_salt(os.path.join(twin_site, f))]
expect(not mismatch and not errors, f"pages that tell e4 from d4: {mismatch} {errors}")
for f in ("games/1.html", "games/2.html", "games/2.pgn", "games/3.html", "games/4.html",
          "tournaments/winter-cup.html", "ratings.html", "index.html"):
    expect(f in files, f"{f} written: {files}")
expect(not os.path.exists(os.path.join(site, "games", "3.pgn")), "no record of a live hidden game")

# No external resource; every relative link resolves.
for f in files:
    if not f.endswith(".html"):
        continue
    text = open(os.path.join(site, f), encoding="utf-8").read()
    expect(text.startswith("<!DOCTYPE html>"), f"{f}: HTML5 doctype")
    expect(not re.search(r'(src|href)="(https?:)?//', text) and "<link" not in text and
           "@import" not in text and "url(" not in text, f"{f}: an external resource")
    for href in re.findall(r'href="([^"#]+)"', text):
        target = os.path.normpath(os.path.join(site, os.path.dirname(f), href))
        expect(os.path.exists(target), f"{f}: broken link {href}")

# The event's name once on its page (the h1), not again as the crosstable's heading.
event_page = open(os.path.join(site, "tournaments", "winter-cup.html"), encoding="utf-8").read()
main = event_page[event_page.index("<main>"):event_page.index("</main>")]
expect(main.count("Winter Cup") == 1, f"the event's name once on its page:\n{main}")
# The move list: a labelled region that takes the keyboard focus (and scrolls when long).
game_page = open(os.path.join(site, "games", "1.html"), encoding="utf-8").read()
expect('<div class="moves" role="region" aria-labelledby="moves-heading" tabindex="0">' in
       game_page and '<h2 id="moves-heading">Moves</h2>' in game_page,
       "the move list is a focusable region labelled by its heading")


def final_position(gid):
    out = cli.ck("game", "show", str(gid), "--as", "referee")
    fen = re.search(r"^fen: (\S+)", out, re.M).group(1)
    place, pocket = (fen.split("[") + [""])[:2]
    pocket = pocket.rstrip("]")
    board = {}
    for r, row in enumerate(place.replace("~", "").split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board["abcdefgh"[f] + str(8 - r)] = c
                f += 1
    white = "".join(GLYPH[c] for c in pocket if c.isupper())
    black = "".join(GLYPH[c] for c in pocket if c.islower())
    return board, white, black


def url(f):
    return "file://" + os.path.abspath(os.path.join(site, f))


shots = os.path.join(work, "screenshots")
os.makedirs(shots, exist_ok=True)
browser = cdp.Browser()
try:
    # Replay boards stepped from the start to the end with the arrow keys.
    for gid in (1, 2, 4):
        browser.load(url(f"games/{gid}.html"))
        plies = browser.eval("document.querySelectorAll('.moves span').length")
        browser.key("Home")
        expect(browser.eval("document.getElementById('ply').textContent") == "Start",
               f"game {gid}: Home goes to the start")
        for _ in range(plies):
            browser.key("ArrowRight")
        board = browser.eval("Object.fromEntries([...document.querySelectorAll('#board td')]"
                             ".filter(td => td.dataset.piece).map(td => [td.dataset.square,"
                             " td.dataset.piece]))")
        pockets = (browser.eval("document.getElementById('wpocket').textContent"),
                   browser.eval("document.getElementById('bpocket').textContent"))
        want, wp, bp = final_position(gid)
        expect(board == want, f"game {gid}: the board after {plies} plies\n{board}\n{want}")
        expect(pockets == (wp, bp), f"game {gid}: pockets {pockets} vs {(wp, bp)}")
        # The buttons do the same.
        browser.eval("document.getElementById('first').click()")
        expect(browser.eval("document.getElementById('ply').textContent") == "Start",
               f"game {gid}: the start button")
        browser.eval("document.getElementById('last').click()")
        expect(browser.eval("document.querySelectorAll('#board td[data-piece]:not("
                            "[data-piece=\"\"])').length") == len(want),
               f"game {gid}: the end button")
        browser.key("ArrowLeft")
        expect(browser.eval("document.querySelector('.moves span.cur')") is not None or
               plies <= 1, f"game {gid}: stepping back marks a move")
    expect(final_position(1)[1] != "", "game 1 has a pocket to show")
    # The board's coordinates and the last move, marked on its squares and said in words.
    browser.load(url("games/1.html"))
    expect(browser.eval("[...document.querySelectorAll('#board th[scope=row]')].map(t => "
                        "t.textContent).join('')") == "87654321", "rank headers 8 to 1")
    expect(browser.eval("[...document.querySelectorAll('#board th[scope=col]')].map(t => "
                        "t.textContent).join('')") == "abcdefgh", "file headers a to h")
    expect(browser.eval("[...document.querySelectorAll('#board td.last')].map(t => "
                        "t.getAttribute('aria-label')).sort().join(' | ')") ==
           "b1: empty, last move from here | c3: White knight, last move to here",
           "the last move's squares, marked in words")
    said = browser.eval("document.getElementById('position').textContent")
    expect(said.startswith("Last move: 3. Nc3, from b1 to c3. White in hand: pawn."), said)
    browser.key("Home")
    expect(browser.eval("document.querySelectorAll('#board td.last').length") == 0,
           "no last move at the start")
    browser.load(url("games/2.html"))
    expect(browser.eval("document.body.innerText.includes(\"The referee's record\")"),
           "the hidden game's record after its end")

    # The hidden game in progress: the SpectatorView only.
    browser.load(url("games/3.html"))
    expect(browser.eval("document.getElementById('board') === null && "
                        "document.querySelector('[data-square]') === null && "
                        "document.querySelector('.moves') === null"), "no board, no moves")
    text = browser.eval("document.body.innerText")
    expect(not re.search(r"\b[a-h][1-8]\b", text), f"no square on the hidden game's page: {text}")
    # With pockets, both are shown, an empty one as "-".
    browser.load(url("games/8.html"))
    text = browser.eval("document.body.innerText")
    expect("White's pocket: -" in text and "Black's pocket: -" in text,
           f"empty pockets of a hidden crazyhouse game: {text}")

    # The ratings tables against the command line.
    browser.load(url("ratings.html"))
    tables = browser.eval("[...document.querySelectorAll('table.ratings')].map(t => "
                          "[t.dataset.pool, [...t.querySelectorAll('tr')].slice(1).map(r => "
                          "[...r.cells].map(c => c.textContent))])")
    want = {}
    for line in cli.ck("ratings", "--format", "json").splitlines():
        o = json.loads(line)
        label = f"{round(o['rating'])}{'?' if o['rd'] > 110 else ''}"
        want.setdefault(o["pool"], []).append([o["name"], label, str(o["games"])])
    got = {pool: [[r[1], r[2], r[4]] for r in rows] for pool, rows in tables}
    expect(got == want and len(got) == 2, f"ratings.html {got} vs ratings {want}")
    player = browser.eval("document.querySelector('table.ratings a').getAttribute('href')")

    pages = {"index": "index.html", "game-finished": "games/1.html",
             "game-finished-hidden": "games/2.html", "game-in-progress-hidden": "games/3.html",
             "game-in-progress-open": "games/4.html", "tournament": "tournaments/winter-cup.html",
             "ratings": "ratings.html", "player": player}
    for name, f in pages.items():
        browser.load(url(f))
        if name == "player":
            expect(browser.eval("document.querySelector('svg polyline') !== null"),
                   "the player's rating chart")
        browser.screenshot(os.path.join(shots, name + ".png"))
        expect(os.path.getsize(os.path.join(shots, name + ".png")) > 1000, f"screenshot {name}")

    # Readable on a phone: nothing wider than a 390-pixel screen.
    browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844,
                 deviceScaleFactor=1, mobile=True)
    for name in ("game-finished", "ratings", "index"):
        browser.load(url(pages[name]))
        width = browser.eval("document.documentElement.scrollWidth")
        expect(width <= 391, f"{name}: {width} pixels wide on a phone")
    browser.screenshot(os.path.join(shots, "phone-index.png"))
    browser.load(url(pages["game-finished"]))
    browser.screenshot(os.path.join(shots, "phone-game-finished.png"))
    browser.call("Emulation.clearDeviceMetricsOverride")

    # Over HTTP from a plain static server (127.0.0.1, 12080-12099).
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", cdp.free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        browser.load(f"http://127.0.0.1:{server.server_address[1]}/games/1.html")
        expect(browser.eval("document.querySelectorAll('#board td[data-square]').length") == 64,
               "the board over HTTP")
    finally:
        server.shutdown()
finally:
    browser.close()

# serve keeps [site] dir up to date.
before = open(os.path.join(site, "games", "4.html"), encoding="utf-8").read()
with open(os.path.join(cli.work, "site.conf"), "w") as f:
    f.write("[site]\ndir = site\n")
play(4, "Ann", "d5")  # serve --once without the config: the site is not touched
expect(open(os.path.join(site, "games", "4.html"), encoding="utf-8").read() == before,
       "no [site] dir: the site is left alone")
cli.ck("serve", "--once", "--config", "site.conf", "--now", "2026-12-02T09:00:00Z",
       "--templates", templates)
after = open(os.path.join(site, "games", "4.html"), encoding="utf-8").read()
expect(after != before and "1... d5" in after, "serve rewrote game 4's page")
print(f"site: {len(files)} files, {len(pages)} screenshots in {shots}: ok")
