#!/usr/bin/env python3
"""Crash test of the mail daemon: kill -9 at random instants while it works through a queue.

usage: crash_test.py CRAZYKRIEG_BINARY WORK_DIR TEMPLATES_DIR [--seed N] [--soak]
environment: CK_CRASH_SEED=N (same as --seed), CK_CRASH_SOAK=1 (same as --soak)

Two stores get the same server secret, players and games. Players' move mails for many games
(hidden Crazyhouse and open Crazyhouse, random attempts from each player's own board, try lists
with refusals, `any?`, captures, drops; some mails delivered twice with the same Message-ID) are
generated in advance with `crazykrieg umpire` as the oracle and queued in both inboxes.
The clean store runs `serve --once`. The crash store runs `serve` again and again, each run
killed with SIGKILL after a random delay (seeded; the seed is printed), until its inbox is drained;
then one `serve --once` flushes what is left. Passes when:
  - every game shows the same in both stores (`game show ID --as referee`), so no move was applied
    twice or lost, and the result of every game is the umpire's;
  - the last board each player was mailed (clean store) is the umpire's view of that player;
  - every Message-ID of the clean outbox is in the crash outbox at least once, and the crash
    outbox has no Message-ID the clean one lacks;
  - a game between two bots (README "Bots as club players"), played by the daemon after each
    pass and followed by a player, ends the same in both stores: every bot move applied once.
Two more games are scripted with conditional moves (issue 19): lines stored, fired (at once, in
the transaction of the opponent's move), chained between both players, removed by a deviation
and cleared, in open Crazyhouse and hidden Crazyhouse; the umpire gets every request the referee
rules, the conditional replies included, so a reply played twice or lost shows as above, and
the stored conditional moves (games/<id>.*.conditionals) must be the same in both stores.
A player who reads the daily digest (`set mail digest HH:MM`, README "Your settings") gets one
digest before the queue in both stores; their one reply to it (`#ID move` lines for three
games, one hidden Crazyhouse game of them with a note, delivered twice) is in the queue, with the
opponents' answers after it, so it is handled while the daemon is killed: each of its moves must
be applied once (the game comparison above, and the umpire's result and views), its one answer
sent once, and no per-move mail sent to the digest reader.
The default run (40 games, about 450 mails) stays well under a minute; --soak is longer."""

import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ckplay  # noqa: E402

SECRET = "5eed" * 16 + "\n"
CHUNK = 25
BOTS = [("Rook", "random"), ("Knight", "random-any")]
BOT_GAMES = [("rook@club.example", "knight@club.example")]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def sq(f, r):
    return "abcdefgh"[f] + str(r + 1)


def candidates(view, side, rng):
    """Attempts a player could write from their own board: geometric moves of their own
    pieces (unseen enemy pieces may block them: the referee says No.) and drops."""
    board, pocket = ckplay.view_squares(view)
    return candidates_on(board, pocket, side, rng)


def candidates_on(board, pocket, side, rng):
    """candidates() from a board ({square: letter}) and a pocket (piece letters). The same
    board, pocket and rng state give the same list in every run: squares and pocket pieces are
    taken in sorted order, never in a set's order (str hashes change with each interpreter)."""
    white = side == "white"
    own = {s for s, p in board.items() if p[0].isupper() == white}
    out = []
    for s in sorted(own):
        p = board[s][0].upper()
        f, r = "abcdefgh".index(s[0]), int(s[1]) - 1
        targets = []
        if p == "P":
            d = 1 if white else -1
            last = 7 if white else 0
            for df, dr in ((0, d), (-1, d), (1, d)):
                if 0 <= f + df < 8 and 0 <= r + dr < 8:
                    targets.append((f + df, r + dr))
            if r == (1 if white else 6):
                targets.append((f, r + 2 * d))
            for tf, tr in targets:
                t = sq(tf, tr)
                if t not in own:
                    out.append(s + t + ("q" if tr == last else ""))
            continue
        if p == "N" or p == "K":
            for df, dr in (KNIGHT if p == "N" else KING):
                if 0 <= f + df < 8 and 0 <= r + dr < 8:
                    targets.append((f + df, r + dr))
        else:
            dirs = (ROOK if p == "R" else BISHOP if p == "B" else ROOK + BISHOP)
            for df, dr in dirs:
                tf, tr = f + df, r + dr
                while 0 <= tf < 8 and 0 <= tr < 8 and sq(tf, tr) not in own:
                    targets.append((tf, tr))
                    tf, tr = tf + df, tr + dr
        out += [s + sq(tf, tr) for tf, tr in targets if sq(tf, tr) not in own]
    mine = [c for c in pocket if c.isupper() == white]
    for c in sorted(set(mine)):
        for _ in range(3):
            t = sq(rng.randrange(8), rng.randrange(1, 7) if c.upper() == "P" else rng.randrange(8))
            if t not in own:
                out.append("%s@%s" % (c.upper(), t))
    rng.shuffle(out)
    return out


def generate_game(binary, variant, turns, rng):
    """[(side, lines)] for one game, and the umpire's final views and result."""
    shadow = ckplay.Shadow(binary, variant)
    views = {"white": "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR[]",
             "black": "rnbqkbnr/pppppppp/8/8/8/8/8/8[]"}
    if variant == "crazyhouse":
        views = {s: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]" for s in views}
    mails = []
    for _ in range(turns):
        side = shadow.to_move
        lines = []
        if rng.random() < 0.015:
            shadow.request("resign")
            mails.append((side, ["resign"]))
            break
        if variant != "crazyhouse" and rng.random() < 0.2:
            lines.append("any?")
            shadow.request("any?")
        for attempt in candidates(views[side], side, rng)[:8]:
            lines.append(attempt)
            j = shadow.request(attempt)
            if j["answer"] != "error":
                views = shadow.views
            if j.get("move") or j.get("result"):
                break
        mails.append((side, lines))
        if shadow.result:
            break
    result = shadow.result
    shadow.close()
    return mails, views, result


# Scripted games with conditional moves: (variant, [(side, mail lines, the requests the referee
# rules for that mail: the mail's move, then the conditional replies it fires)]).
CONDITIONAL_GAMES = [
    ("crazyhouse", [
        ("white", ["e4", "if e5 then Nf3 Nc6 Bc4", "if d5 then exd5 Qxd5 Nc3", "if c5 then Nf3"],
         ["e4"]),
        ("black", ["d5"], ["d5", "exd5"]),
        ("black", ["Qxd5"], ["Qxd5", "Nc3"]),
        ("black", ["Nf6"], ["Nf6"]),  # a deviation: White's rest is removed
        ("white", ["d4", "if e6 then Nf3", "conditional clear"], ["d4"]),
        ("black", ["e6", "if Nf3 then Bb4"], ["e6"]),  # White's cleared line does not fire
        ("white", ["Nf3", "if Bb4 then Bd2"], ["Nf3", "Bb4", "Bd2"]),  # both players chain
        ("black", ["O-O"], ["O-O"]),
    ]),
    ("crazykrieg", [
        ("white", ["e4", "if nothing then Qd3, Nc3 if capture on e4 then Qxe4, Nxe4"], ["e4"]),
        ("black", ["d5"], ["d5", "Qd3", "Nc3"]),
        ("black", ["dxe4"], ["dxe4", "Qxe4", "Nxe4"]),
        ("black", ["Nc6", "if check by a knight then Kd7, exf6"], ["Nc6"]),
        ("white", ["Nf6"], ["Nf6", "Kd7", "exf6"]),
        ("white", ["d4", "if nothing then Ra3, Qd5", "if drop then Nc3"], ["d4"]),
        ("black", ["Bd6"], ["Bd6", "Ra3", "Qd5"]),  # no try legal: White's turn mail
        ("white", ["Nf3"], ["Nf3"]),
    ]),
]


def scripted_game(binary, variant, script):
    """[(side, lines)] of a scripted game, and the umpire's final views and result."""
    shadow = ckplay.Shadow(binary, variant)
    mails = []
    for side, lines, requests in script:
        for r in requests:
            shadow.request(r)
        mails.append((side, lines))
    views, result = shadow.views, shadow.result
    shadow.close()
    return mails, views, result


def conditional_files(club):
    """{relative path: bytes} of every stored conditional-moves file of a store."""
    out = {}
    root = os.path.join(club.workdir, "var")
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(".conditionals"):
                with open(os.path.join(d, f), "rb") as fh:
                    out[os.path.relpath(os.path.join(d, f), root)] = fh.read()
    return out


# The digest reader's games (README "Your settings"): they play White against three players;
# (variant, White's move sent in the digest reply, Black's answer by the game's reply address).
DIGEST_READER = "digest@example.test"
DIGEST_TIME = "10:30"  # ckplay.START_TIME is 10:00: the first digest comes at 10:30
DIGEST_GAMES = [("crazykrieg", "e4", "e5"), ("crazyhouse", "d4", "d5"),
                ("crazykrieg", "Nf3", "Nc6")]


def referee_mail(sender, to, n, lines):
    """A new mail (no thread) from `sender` to `to`, the referee's plain or digest address."""
    import email.message
    import email.policy

    msg = email.message.EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "settings"
    msg["Date"] = "Sat, 21 Nov 2026 10:05:00 +0000"
    msg["Message-ID"] = "<crash.digest.%d@example.test>" % n
    msg.set_content("\n".join(lines) + "\n")
    return msg.as_bytes(policy=email.policy.SMTP)


def make_mail(game, side, n, player, reply_to, last_mid, lines):
    import email.message
    import email.policy

    msg = email.message.EmailMessage()
    msg["From"] = player
    msg["To"] = reply_to
    msg["Subject"] = "Re: [crazykrieg #%d] move" % game
    msg["Date"] = "Sat, 21 Nov 2026 10:30:00 +0000"
    msg["Message-ID"] = "<crash.%d.%s.%d@example.test>" % (game, side, n)
    msg["In-Reply-To"] = last_mid
    msg.set_content("\n".join(lines) + "\n")
    return msg.as_bytes(policy=email.policy.SMTP)


def pending(inbox):
    n = len([x for x in os.listdir(os.path.join(inbox, "new")) if not x.startswith(".")])
    for x in os.listdir(os.path.join(inbox, "cur")):
        if not x.startswith(".") and "S" not in x.partition(":2,")[2]:
            n += 1
    return n


def finish_bot_games(club, games):
    """serve --once until the bot games are over (each pass plays bot turns for a while)."""
    for _ in range(60):
        shown = [club.cli("game", "show", str(g), "--as", "referee") for g in games]
        if not any(re.search(r"^result:\s*\*", s, re.M) for s in shown):
            return
        club.cli("serve", "--once", now=True)


def main():
    a, seed, soak, rng = ckplay.crash_run_args(__doc__)
    n_games, turns, max_delay = (100, 60, 0.2) if soak else (40, 12, 0.05)
    binary = os.path.abspath(a.binary)
    shutil.rmtree(a.work, ignore_errors=True)
    clubs = {}
    for name in ("clean", "crash"):
        d = os.path.join(a.work, name)
        os.makedirs(os.path.join(d, "var"))
        with open(os.path.join(d, "var", "secret"), "w") as f:
            f.write(SECRET)
        os.chmod(os.path.join(d, "var", "secret"), 0o600)
        clubs[name] = ckplay.Club(binary, d, a.templates)
    players = ["p%d@example.test" % i for i in range(6)]
    games = []
    for g in range(n_games):
        w, b = rng.sample(players, 2)
        variant = "crazyhouse" if g % 5 == 4 else "crazykrieg"
        games.append((variant, w, b))
    for variant, _ in CONDITIONAL_GAMES:
        w, b = rng.sample(players, 2)
        games.append((variant, w, b))
    # Bot games (README "Bots as club players"): the daemon plays both sides after each pass,
    # each turn in its own transaction; a follower gets a mail after every turn. The digest
    # reader's games come after them (the bot games keep their ids, and so their moves).
    bot_games, digest_games = [], []
    for club in clubs.values():
        for i, p in enumerate(players):
            club.cli("player", "add", "Player %d" % i, p)
        club.cli("player", "add", "Dora Digest", DIGEST_READER)
        for variant, w, b in games:
            club.new_game(variant, w, b)
        for name, engine in BOTS:
            club.cli("bot", "add", name, "--engine", engine)
        bot_games = [club.new_game("crazykrieg", w, b) for w, b in BOT_GAMES]
        digest_games = [(club.new_game(variant, DIGEST_READER, players[i]), variant, white, black)
                        for i, (variant, white, black) in enumerate(DIGEST_GAMES)]
    # Reply addresses from the game-start mails; both stores must agree (same secret).
    start = {}
    for name, club in clubs.items():
        for _, raw in club.transport.all_outgoing():
            m = ckplay.parse(raw)
            mid = str(m["Message-ID"]).strip()
            g, s = re.match(r"<ck\.(\d+)\.0\.([wb])\.", mid).groups()
            start.setdefault(name, {})[(int(g), s)] = (m["Reply-To"].addresses[0].addr_spec, mid)
    if start["clean"] != start["crash"]:
        print("FAIL: the two stores gave different reply addresses")
        return 1
    for club in clubs.values():
        for g in bot_games:
            club.cli("game", "follow", str(g), players[0], now=True)  # same Message-ID in both
    # The digest reader turns the digest on by mail at 10:00 and gets the first digest at 10:30,
    # in both stores; every later pass runs at 10:40 (no second digest that day).
    referee = ckplay.parse(clubs["clean"].transport.all_outgoing()[0][1])["From"]
    referee = referee.addresses[0].addr_spec
    digest_reply_to = {}
    for name, club in clubs.items():
        before = len(club.transport.all_outgoing())
        club.transport.send("q", referee_mail(DIGEST_READER, referee, 0,
                                              ["set mail digest " + DIGEST_TIME]))
        club.cli("serve", "--once", now=True)
        club.tick(40)
        club.cli("serve", "--once", now=True)
        for _, raw in club.transport.all_outgoing()[before:]:
            m = ckplay.parse(raw)
            if "digest" in str(m["Subject"]).lower() and m["Reply-To"] is not None:
                digest_reply_to[name] = m["Reply-To"].addresses[0].addr_spec
    if "clean" not in digest_reply_to or digest_reply_to["clean"] != digest_reply_to.get("crash"):
        print("FAIL: no digest, or the two stores gave different digest addresses: %r"
              % digest_reply_to)
        return 1
    # The queue.
    t0 = time.time()
    expected = {}
    queue = []
    for g, (variant, w, b) in enumerate(games, 1):
        if g > n_games:
            script = CONDITIONAL_GAMES[g - n_games - 1][1]
            mails, views, result = scripted_game(binary, variant, script)
        else:
            mails, views, result = generate_game(binary, variant, turns, rng)
        expected[g] = (views, result)
        for i, (side, lines) in enumerate(mails):
            addr = w if side == "white" else b
            reply_to, mid = start["clean"][(g, side[0])]
            raw = make_mail(g, side, i, addr, reply_to, mid, lines)
            queue.append((i, g, raw))
            if rng.random() < 0.05 or (g > n_games and i == 1):
                queue.append((i + 0.5, g, raw))  # delivered twice: must act once
    # The digest reader's games: White's moves in one reply to the digest (delivered twice),
    # Black's answers by the games' own reply addresses after it.
    digest_lines = []
    for i, (g, variant, white_move, black_move) in enumerate(digest_games):
        script = [("white", [], [white_move]), ("black", [black_move], [black_move])]
        _, views, result = scripted_game(binary, variant, script)
        expected[g] = (views, result)
        digest_lines.append("#%d %s" % (g, white_move))
        if i == 0:
            digest_lines.append("#%d say good luck" % g)
        reply_to, mid = start["clean"][(g, "b")]
        queue.append((1, g, make_mail(g, "black", 1, players[i], reply_to, mid, [black_move])))
    digest_reply = referee_mail(DIGEST_READER, digest_reply_to["clean"], 1, digest_lines)
    queue.append((0, digest_games[0][0], digest_reply))
    queue.append((0.5, digest_games[0][0], digest_reply))
    queue.sort(key=lambda x: (x[0], x[1]))
    # The clean store gets the whole queue at once; the crash store gets it in chunks of CHUNK
    # mails, each drained under kills before the next arrives (same file names, so the same
    # order of handling), which puts many kills inside the daemon's work.
    for _, _, raw in queue:
        clubs["clean"].transport.send("q", raw)
    chunks = [queue[i:i + CHUNK] for i in range(0, len(queue), CHUNK)]
    print("%d games, %d mails queued (%.1f s to generate)" % (n_games, len(queue),
                                                             time.time() - t0))
    # Without crashes.
    t0 = time.time()
    clubs["clean"].cli("serve", "--once", now=True)
    finish_bot_games(clubs["clean"], bot_games)
    clean_inbox = clubs["clean"].transport.inbox
    if pending(clean_inbox):
        print("FAIL: serve --once left %d mails pending" % pending(clean_inbox))
        return 1
    clean_time = time.time() - t0
    print("clean run: %.1f s" % clean_time)
    # With crashes.
    t0 = time.time()
    crash = clubs["crash"]
    inbox = crash.transport.inbox
    # Start-up time of an idle pass: a quarter of the kills land inside start-up (and so in the
    # recovery from the last kill), the rest while mail is being handled.
    t1 = time.time()
    clubs["clean"].cli("serve", "--once", now=True)
    startup = time.time() - t1
    # The rest of the kills land within twice the time a chunk takes without kills, so about
    # half the runs get through their chunk and the queue drains.
    chunk_time = clean_time * CHUNK / max(1, len(queue))
    kills, stalls, delay, working = 0, 0, max(max_delay, 2 * chunk_time), 0
    cmd = [binary, "serve", "--poll", "1", "--now", ckplay.iso(crash.now)]
    serve_log = open(os.path.join(crash.workdir, "serve.log"), "ab")
    left = 0
    give_up = time.time() + (3600 if soak else 240)
    while (left or chunks) and time.time() < give_up:
        if not left:
            for _, _, raw in chunks.pop(0):
                crash.transport.send("q", raw)
            left = pending(inbox)
        serve_log.write(b"--- start\n")
        serve_log.flush()
        p = subprocess.Popen(cmd, cwd=crash.workdir, stdout=serve_log, stderr=serve_log)
        if rng.random() < 0.25:
            time.sleep(rng.uniform(0, startup))
        else:
            time.sleep(startup + rng.uniform(0, delay))
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
        serve_log.write(b"--- killed\n")
        serve_log.flush()
        kills += 1
        now_left = pending(inbox)
        working += now_left < left
        stalls = stalls + 1 if now_left == left else 0
        if stalls >= 8:  # no run got through: wait longer next time
            delay *= 1.5
            stalls = 0
        left = now_left
    crash.cli("serve", "--once", now=True)
    for g in bot_games:
        shown = crash.cli("game", "show", str(g), "--as", "referee")
        print("bot game %d: %d requests heard by White under kills" % (g, shown.count("\n  ")))
    finish_bot_games(crash, bot_games)
    print("crash run: %d kills (%d of them after some mail was handled; idle start-up %.3f s),"
          " %.1f s" % (kills, working, startup, time.time() - t0))
    problems = []
    if pending(inbox):
        problems.append("crash store: %d mails still pending" % pending(inbox))
    # Compare.
    for name in ("clean", "crash"):
        if clubs[name].cli("game", "list") != clubs["clean"].cli("game", "list"):
            problems.append("game list differs")
    # The last ruling mail to each player: Message-IDs ck.GAME.PLY.SIDE.KIND..., highest PLY
    # (mails of one ply differ only by refused tries, which change no board).
    last_board = {}
    for _, raw in clubs["clean"].transport.all_outgoing():
        m = ckplay.parse(raw)
        k = re.match(r"<ck\.(\d+)\.(\d+)\.([wb])\.(?:turn|game-end)\b", str(m["Message-ID"]))
        if not k:
            continue
        g, n, side = int(k.group(1)), int(k.group(2)), "white" if k.group(3) == "w" else "black"
        board, _ = ckplay.text_board(m.get_body(("plain",)).get_content())
        if last_board.get((g, side), (-1, None))[0] < n:
            last_board[(g, side)] = (n, board)
    digest_ids = [g for g, _, _, _ in digest_games]
    for g in list(range(1, len(games) + 1)) + digest_ids:
        a = clubs["clean"].cli("game", "show", str(g), "--as", "referee")
        b = clubs["crash"].cli("game", "show", str(g), "--as", "referee")
        if a != b:
            problems.append("game %d differs after crashes:\n--- clean\n%s--- crash\n%s" % (g, a, b))
        views, result = expected[g]
        m = re.search(r"^result:\s*(\S+)", a, re.M)
        if not m or m.group(1) != (result or "*"):
            problems.append("game %d: result %s, the umpire says %s"
                            % (g, m.group(1) if m else None, result or "*"))
        for side in ("white", "black"):
            if g in digest_ids and side == "white":
                continue  # the digest reader gets no per-move mail (checked below)
            want, _ = ckplay.view_squares(views[side])
            if last_board.get((g, side), (0, None))[1] != want:
                problems.append("game %d: last board mailed to %s is not the umpire's view %s"
                                % (g, side, views[side]))
    clean_cond = conditional_files(clubs["clean"])
    if not clean_cond:
        problems.append("the clean store holds no conditional moves file")
    if conditional_files(crash) != clean_cond:
        problems.append("the stored conditional moves differ after crashes")
    # Every bot move applied once: both stores heard the same requests in the bot games.
    for g in bot_games:
        a = clubs["clean"].cli("game", "show", str(g), "--as", "referee")
        b = clubs["crash"].cli("game", "show", str(g), "--as", "referee")
        if a != b:
            problems.append("bot game %d differs after crashes:\n--- clean\n%s--- crash\n%s"
                            % (g, a, b))
        if re.search(r"^result:\s*\*", a, re.M):
            problems.append("bot game %d did not end" % g)
    # The digest reply's one answer covers its three games; the reader gets nothing else but
    # the game starts, the settings answer and the digest: no per-move mail.
    for name in ("clean", "crash"):
        answers, to_reader = set(), set()
        for _, raw in clubs[name].transport.all_outgoing():
            m = ckplay.parse(raw)
            if DIGEST_READER not in str(m["To"]):
                continue
            to_reader.add(str(m["Message-ID"]).strip())
            if m.get_body(("plain",)).get_content().count("You played") == len(DIGEST_GAMES):
                answers.add(str(m["Message-ID"]).strip())
        if len(answers) != 1:
            problems.append("%s store: %d answers to the digest reply acting in all %d games"
                            % (name, len(answers), len(DIGEST_GAMES)))
        if len(to_reader) != len(DIGEST_GAMES) + 3:
            problems.append("%s store: %d mails to the digest reader, not %d: %s"
                            % (name, len(to_reader), len(DIGEST_GAMES) + 3, sorted(to_reader)))
    clean_ids = ckplay.outbox_message_ids(clubs["clean"])
    crash_ids = ckplay.outbox_message_ids(crash)
    missing = set(clean_ids) - set(crash_ids)
    extra = set(crash_ids) - set(clean_ids)
    if len(set(clean_ids)) != len(clean_ids):
        problems.append("the clean outbox holds a Message-ID twice")
    if missing:
        problems.append("%d mails never delivered after crashes, e.g. %s"
                        % (len(missing), sorted(missing)[:3]))
    if extra:
        problems.append("%d mails only in the crash outbox, e.g. %s"
                        % (len(extra), sorted(extra)[:3]))
    print("outbox: %d mails clean, %d after crashes (%d delivered twice)"
          % (len(clean_ids), len(crash_ids), len(crash_ids) - len(set(crash_ids))))
    for p in problems:
        print("FAIL:", p)
    print("crash test: %s (seed %d)" % ("ok" if not problems else "%d problems" % len(problems),
                                         seed))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
