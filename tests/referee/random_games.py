#!/usr/bin/env python3
# Random hidden games driven end to end through `crazykrieg umpire` (docs/referee-protocol.md).
#
#   random_games.py PATH_TO_CRAZYKRIEG [--games N] [--seed S]
#
# Each player is modelled ONLY from what it sends and what it is told: its own pieces, both
# pockets, whose turn it is, and the `any?` duty. Attempts are chosen from that model alone
# (long algebraic from own pieces, drops from the own pocket, `any?`, some gibberish, rarely
# `resign`). For every output line the driver checks: it parses as JSON with the spec's keys in
# order; `n` counts every line; `side` is the side to move; refusals are told to the right
# players; a hidden opponent never hears a move's text or a drop's square; captures name a
# square where the model has one of the victim's pieces and the right reserve identity;
# pockets follow captures and drops; under the `any?` duty a non-capture is `impossible`;
# and both views equal the models rebuilt from the announcements. Prints a closing
# `N passed, N failed` line (games); exit 1 on any failure.
import json
import random
import subprocess
import sys

KEYS = ["n", "side", "request", "answer", "move", "white", "black", "views", "result"]
FILES = "abcdefgh"
WORD = {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q"}


def sq(name):
    return FILES.index(name[0]) + 8 * (int(name[1]) - 1)


def name(s):
    return FILES[s % 8] + str(s // 8 + 1)


class Model:
    """One player's knowledge: own pieces (square -> (letter, promoted)) and both pockets."""

    def __init__(self, white):
        self.white = white
        back = "RNBQKBNR"
        self.board = {}
        for f in range(8):
            if white:
                self.board[f] = (back[f], False)
                self.board[8 + f] = ("P", False)
            else:
                self.board[56 + f] = (back[f].lower(), False)
                self.board[48 + f] = ("p", False)

    def view(self, pockets):
        rows = []
        for r in range(7, -1, -1):
            row, empty = "", 0
            for f in range(8):
                p = self.board.get(8 * r + f)
                if not p:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                empty = 0
                row += p[0] + ("~" if p[1] else "")
            rows.append(row + (str(empty) if empty else ""))
        pk = ""
        for color in ("w", "b"):
            for t in "qrbnp":
                pk += (t.upper() if color == "w" else t) * pockets[color][t]
        return "/".join(rows) + "[" + pk + "]"


def fail(msg):
    raise AssertionError(msg)


def play(binary, variant, rng, max_requests=300):
    pockets_on = variant == "crazyhouse"
    proc = subprocess.Popen([binary, "umpire", "--variant", variant, "--hidden"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    models = {"white": Model(True), "black": Model(False)}
    pockets = {"w": dict.fromkeys("qrbnp", 0), "b": dict.fromkeys("qrbnp", 0)}
    to_move, n, over, asked_any, duty = "white", 0, False, False, False
    legal_moves = 0
    try:
        for _ in range(max_requests):
            me = models[to_move]
            mine = pockets["w" if to_move == "white" else "b"]
            other = "black" if to_move == "white" else "white"
            roll = rng.random()
            own = list(me.board)
            text, kind = None, "move"
            if roll < 0.002:
                text, kind = "resign", "resign"
            elif roll < 0.02:
                text, kind = rng.choice(["hello", "Z9", "e2e9"]), "junk"
            elif roll < 0.10:
                text, kind = "any?", "any"
            elif roll < 0.30 and any(mine.values()):
                t = rng.choice([t for t in mine if mine[t]])
                text, kind = t.upper() + "@" + name(rng.randrange(64)), "drop"
            else:
                frm = rng.choice(own)
                letter = me.board[frm][0].upper()
                if letter == "N":
                    steps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
                    df, dr = rng.choice(steps)
                elif letter == "P":
                    df, dr = rng.choice([(0, 1), (0, 1), (0, 2), (1, 1), (-1, 1)])
                    dr = dr if me.white else -dr
                elif letter == "K":
                    df, dr = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1),
                                         (-1, -1), (2, 0), (-2, 0)])
                else:
                    k = rng.randint(1, 7)
                    dirs = {"R": [(1, 0), (-1, 0), (0, 1), (0, -1)],
                            "B": [(1, 1), (-1, 1), (1, -1), (-1, -1)]}
                    dirs["Q"] = dirs["R"] + dirs["B"]
                    a, b = rng.choice(dirs[letter])
                    df, dr = a * k, b * k
                f, r = frm % 8 + df, frm // 8 + dr
                if rng.random() < 0.15 or not (0 <= f < 8 and 0 <= r < 8):
                    to = rng.randrange(64)
                else:
                    to = 8 * r + f
                text = name(frm) + name(to)
                if letter == "P" and to // 8 in (0, 7):
                    text += rng.choice("qrbn")
            n += 1
            proc.stdin.write(text + "\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
            if not line:
                fail("no output for request %d %r" % (n, text))
            keys = [k for k, _ in json.loads(line, object_pairs_hook=lambda kv: kv)]
            d = json.loads(line)
            if d.get("n") != n or d.get("side") != to_move or d.get("request") != text:
                fail("n/side/request wrong for %r: %s" % (text, line))
            ans = d["answer"]
            if over or kind == "junk":
                if ans != "error" or keys != ["n", "side", "request", "answer", "error"]:
                    fail("expected an error line for %r: %s" % (text, line))
                continue
            if keys != KEYS:
                fail("keys %s for %r" % (keys, text))
            told = {"white": d["white"], "black": d["black"]}
            if kind == "any" and ans in ("try", "no"):
                if asked_any:
                    fail("second any? answered: %s" % line)
                asked_any, duty = True, ans == "try"
                for side in ("white", "black"):
                    if told[side] != [{"type": "any", "answer": ans}]:
                        fail("any? told wrongly: %s" % line)
            elif ans in ("no", "impossible"):
                want_me = [{"type": "illegal", "answer": ans, "attempt": text}]
                want_other = [{"type": "illegal", "answer": "no"}] if ans == "no" else []
                if told[to_move] != want_me or told[other] != want_other:
                    fail("refusal told wrongly: %s" % line)
                if kind == "any":
                    if not asked_any or ans != "impossible":
                        fail("first any? refused: %s" % line)
                elif duty and kind == "drop" and ans == "no":
                    fail("a drop got 'no' under the any? duty: %s" % line)
                elif duty and kind == "move" and ans == "no":
                    frm, to = sq(text[:2]), sq(text[2:4])
                    if not (me.board[frm][0] in "Pp" and abs(frm % 8 - to % 8) == 1):
                        fail("a non-capture got 'no' under the any? duty: %s" % line)
                    duty = False  # one failed pawn-capture try releases the duty
            elif ans == "legal" and kind == "resign":
                res = "0-1" if to_move == "white" else "1-0"
                for side in ("white", "black"):
                    if told[side] != [{"type": "game-over", "result": res, "reason": "resignation"}]:
                        fail("resignation told wrongly: %s" % line)
                over = True
            elif ans == "legal":
                if duty:
                    if "@" in text:
                        fail("a drop was played under the any? duty: %s" % line)
                    frm, to = sq(text[:2]), sq(text[2:4])
                    if not (me.board[frm][0] in "Pp" and abs(frm % 8 - to % 8) == 1):
                        fail("a non-capture was played under the any? duty: %s" % line)
                legal_moves += 1
                check_move(d, told, text, to_move, other, models, pockets, pockets_on, line)
                over = d["result"] is not None
                to_move, asked_any, duty = other, False, False
            else:
                fail("unexpected answer: %s" % line)
            for side in ("white", "black"):
                want = models[side].view(pockets)
                if d["views"][side] != want:
                    fail("view of %s after %r: got %s, model %s" % (side, text, d["views"][side], want))
            if over and d["result"] is None:
                fail("game over without a result: %s" % line)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    if proc.returncode != 0:
        fail("exit status %d" % proc.returncode)
    return legal_moves


def check_move(d, told, text, mover, other, models, pockets, pockets_on, line):
    me, them = models[mover], models[other]
    mt, ot = told[mover], told[other]
    if not mt or mt[0] != {"type": "moved", "move": d["move"]} or not d["move"]:
        fail("mover not told the move: %s" % line)
    if not ot or ot[0] != {"type": "moved"}:
        fail("hidden opponent told more than 'moved': %s" % line)
    mpk = pockets["w" if mover == "white" else "b"]
    if "@" in text:
        t, to = text[0].lower(), sq(text[2:4])
        me.board[to] = (t.upper() if me.white else t, False)
        mpk[t] -= 1
        want = {"type": "drop", "piece": [w for w, l in WORD.items() if l == t][0]}
        if mt[1] != dict(want, square=name(to)) or ot[1] != want:
            fail("drop told wrongly: %s" % line)
        rest_m, rest_o = mt[2:], ot[2:]
    else:
        frm, to = sq(text[:2]), sq(text[2:4])
        letter, promoted = me.board.pop(frm)
        if letter in "Pp" and to // 8 in (0, 7):
            letter, promoted = (text[4].upper() if me.white else text[4]), True
        if letter in "Kk" and abs(frm % 8 - to % 8) == 2:
            rook_from = frm - frm % 8 + (7 if to % 8 == 6 else 0)
            rook_to = frm - frm % 8 + (5 if to % 8 == 6 else 3)
            me.board[rook_to] = me.board.pop(rook_from)
        me.board[to] = (letter, promoted)
        rest_m, rest_o = mt[1:], ot[1:]
        if rest_m and rest_m[0]["type"] == "capture":
            cap = rest_m[0]
            if rest_o[:1] != [cap]:
                fail("capture told differently: %s" % line)
            s = sq(cap["square"])
            if s not in them.board:
                fail("capture on %s where the victim's model has nothing: %s" % (cap["square"], line))
            vletter, vprom = them.board.pop(s)
            ident = "p" if (vprom and pockets_on) else vletter.lower()
            if WORD[cap["piece"]] != ident:
                fail("capture identity %s, model %s: %s" % (cap["piece"], ident, line))
            if pockets_on:
                mpk[ident] += 1
            rest_m, rest_o = rest_m[1:], rest_o[1:]
    if rest_m != rest_o:
        fail("checks/game end told differently: %s" % line)
    for a in rest_m:
        if a["type"] not in ("check", "game-over"):
            fail("unexpected announcement %s: %s" % (a, line))
    if any(a["type"] == "game-over" for a in rest_m) != (d["result"] is not None):
        fail("result and game-over disagree: %s" % line)


def main():
    args = sys.argv[1:]
    if not args:
        print("usage: random_games.py PATH_TO_CRAZYKRIEG [--games N] [--seed S]", file=sys.stderr)
        sys.exit(2)
    binary, games, seed = args[0], 20, 1
    if "--games" in args:
        games = int(args[args.index("--games") + 1])
    if "--seed" in args:
        seed = int(args[args.index("--seed") + 1])
    passed = failed = moves = 0
    for g in range(games):
        variant = "crazyhouse" if g % 2 == 0 else "chess"
        rng = random.Random(seed * 100003 + g)
        try:
            moves += play(binary, variant, rng)
            passed += 1
        except AssertionError as e:
            failed += 1
            print("FAIL game %d (%s, seed %d): %s" % (g, variant, seed, e))
    print("random games: %d legal moves played" % moves)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
