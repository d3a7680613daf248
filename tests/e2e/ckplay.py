#!/usr/bin/env python3
"""Plays crazykrieg games end to end through the command line and the players' mail.

Library of the e2e tests (stdlib only). A Club is one crazykrieg installation (a working
directory with the embedded default ./var, or a --config file); players read the referee's mail
through a Transport and answer through it; `serve --once --now T` runs one mail pass, the clock
stepping a few minutes each pass. A Shadow (`crazykrieg umpire` on the same requests) is the
oracle of what each player was told, and every mail a player gets is checked:

Well formed: To is the player; Subject carries "[crazykrieg #G]"; Reply-To is
  referee+G.<w|b>.<16 hex>@...; Message-ID present; every mail after the game-start has
  In-Reply-To and References naming that player's game-start mail; Auto-Submitted:
  auto-generated; header lines ASCII (RFC 2047) and no raw line over 998 octets;
  multipart/alternative with text/plain and text/html in UTF-8 (inside multipart/mixed when
  the record is attached); no text/plain line over 78 characters; no script or remote image.

No leak (hidden games). The LEAK RULE: a mail to player P may name a square only if it is
  (1) a square where one of P's own pieces stood at any time so far (P's views, start included),
  (2) a square written in a request P sent, or
  (3) a square given to P in an announcement (`square`/`placed` of the umpire's announcements
      addressed to P: capture squares, P's own drop squares, put-back squares),
  and its board diagram, text and HTML, may show only P's own pieces. Lines of the mail that
  appear verbatim in a file of templates/ (fixed wording such as the command examples
  "e4, Nf3, exd5") are not searched for squares; the board diagram is checked square by square
  instead (it must equal P's view from the umpire, which also proves no opponent piece is drawn).
  Squares are searched in the Subject, the text/plain part and the text of the HTML part.
  Only a mail sent after the game has ended may carry an attachment: the referee's full record
  (docs/mail-protocol.md sends it to both at the end), which is not searched but must pass
  `crazykrieg validate`.
Content: each player's new mail carries the sentence of every announcement the umpire gave that
  player for the requests of the pass (templates/words wording), and the board equals the view.
"""

import datetime as dt
import email
import email.message
import email.policy
import email.utils
import html
import json
import os
import re
import subprocess
import sys
import time

SQUARE_RE = re.compile(r"(?<![0-9#&])[a-h][1-8](?![0-9])")
WHITE_FIG = "\u2659\u2658\u2657\u2656\u2655\u2654"
BLACK_FIG = "\u265f\u265e\u265d\u265c\u265b\u265a"
FIG_TO_LETTER = dict(zip(WHITE_FIG, "PNBRQK"))
FIG_TO_LETTER.update(zip(BLACK_FIG, "pnbrqk"))
START_TIME = dt.datetime(2026, 11, 21, 10, 0, 0)


class HarnessError(Exception):
    pass



def crash_run_args(description):
    """The command line of the kill -9 crash tests: BINARY WORK TEMPLATES [--seed N] [--soak].
    Returns (args, seed, soak, rng); the seed also comes from CK_CRASH_SEED, soak from
    CK_CRASH_SOAK=1, and an unset seed is drawn from the clock and printed for a rerun."""
    import argparse
    import random
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("binary")
    ap.add_argument("work")
    ap.add_argument("templates")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--soak", action="store_true")
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else int(os.environ.get("CK_CRASH_SEED", "0") or 0)
    if not seed:
        seed = int(time.time() * 1000) % 1000000007
    soak = a.soak or os.environ.get("CK_CRASH_SOAK") == "1"
    print("seed: %d (rerun with CK_CRASH_SEED=%d)%s" % (seed, seed, ", soak" if soak else ""))
    return a, seed, soak, random.Random(seed)


def outbox_message_ids(club):
    """The Message-IDs of every mail the club has sent so far, in sending order."""
    return [str(parse(raw)["Message-ID"]).strip() for _, raw in club.transport.all_outgoing()]

def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def side_letter(side):
    return "w" if side == "white" else "b"


def other(side):
    return "black" if side == "white" else "white"


# ---------------------------------------------------------------------------------------------
# Transports: how players send to and read from the referee.


class MaildirTransport:
    """The embedded default: players drop mail into the inbox Maildir and read the outbox."""

    def __init__(self, inbox, outbox):
        self.inbox, self.outbox = inbox, outbox
        self.seq = 0
        self.read = set()
        for d in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(inbox, d), exist_ok=True)

    def send(self, sender, raw):
        self.seq += 1
        name = "%08d.e2e%d.%s" % (self.seq, os.getpid(), re.sub(r"[^a-z]", "", sender))
        tmp = os.path.join(self.inbox, "tmp", name)
        with open(tmp, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.rename(tmp, os.path.join(self.inbox, "new", name))

    def all_outgoing(self):
        """Every (name, raw) in the outbox, oldest first."""
        out = []
        for d in ("new", "cur"):
            p = os.path.join(self.outbox, d)
            if os.path.isdir(p):
                for n in os.listdir(p):
                    if not n.startswith("."):
                        path = os.path.join(p, n)
                        with open(path, "rb") as f:
                            out.append((os.stat(path).st_mtime_ns, n, d + "/" + n, f.read()))
        out.sort()  # delivery order: Maildir names need not sort by time
        return [(name, raw) for _, _, name, raw in out]

    def wait_delivered(self, message_id):
        """Returns once the referee's mailbox holds `message_id` (a Maildir write is at once)."""

    def receive(self, address, expect=None):
        """New mails for `address` since the last call (raw bytes, delivery order); `expect`
        is how many the caller awaits (a hint for transports that deliver later)."""
        got = []
        for name, raw in self.all_outgoing():
            key = name.split("/", 1)[1].split(":")[0]
            if (address, key) in self.read:
                continue
            msg = parse(raw)
            if msg["To"] is not None and msg["To"].addresses[0].addr_spec == address:
                self.read.add((address, key))
                got.append(raw)
        return got


class ImapSmtpTransport:
    """A real mail server: players send with smtplib and read their INBOX with imaplib.

    `accounts` maps each player's address (and the referee's, used only to see that a player's
    mail has arrived) to its password. Delivery through postfix and LMTP takes a moment, so
    wait_delivered() and receive() poll, up to `timeout` seconds. Fetched mail is flagged
    \\Seen; receive() returns only unseen mail."""

    def __init__(self, smtp, imap, accounts, referee, timeout=30.0):
        self.smtp, self.imap, self.accounts, self.referee = smtp, imap, accounts, referee
        self.timeout = timeout

    def _login(self, address):
        """An IMAP session on `address`'s INBOX; connections refused or reset while the
        server is busy are retried until the timeout."""
        import imaplib

        deadline = time.time() + self.timeout
        while True:
            try:
                m = imaplib.IMAP4(*self.imap)
                m.login(address, self.accounts[address])
                m.select("INBOX")
                return m
            except (OSError, imaplib.IMAP4.abort) as e:
                if time.time() > deadline:
                    raise HarnessError("IMAP login as %s: %s" % (address, e))
                time.sleep(0.2)

    def send(self, sender, raw):
        import smtplib

        msg = parse(raw)
        rcpt = [a.addr_spec for a in msg["To"].addresses]
        with smtplib.SMTP(*self.smtp, timeout=30) as s:
            s.sendmail(sender, rcpt, raw)

    def wait_delivered(self, message_id):
        deadline = time.time() + self.timeout
        while True:
            m = self._login(self.referee)
            try:
                typ, data = m.search(None, "HEADER", "Message-ID", message_id.strip("<>"))
                m.logout()
            except OSError:
                data = None
            if data and data[0].split():
                return
            if time.time() > deadline:
                raise HarnessError("%s not delivered to the referee in %d s"
                                   % (message_id, self.timeout))
            time.sleep(0.1)

    def mark_all_seen(self, address):
        m = self._login(address)
        try:
            m.store("1:*", "+FLAGS", "(\\Seen)")
        except Exception:
            pass  # empty mailbox
        finally:
            m.logout()

    def _fetch_unseen(self, address):
        import imaplib

        got = []
        m = self._login(address)
        try:
            typ, data = m.search(None, "UNSEEN")
            for num in data[0].split():
                typ, parts = m.fetch(num, "(RFC822)")  # sets \\Seen
                got.append(parts[0][1])
            m.logout()
        except (OSError, imaplib.IMAP4.abort):
            pass  # a reset session: what was fetched is \\Seen and kept; poll again
        return got

    def receive(self, address, expect=None):
        got, want = [], expect or 0
        deadline = time.time() + (self.timeout if want else 1.0)
        settle = None
        while True:
            got += self._fetch_unseen(address)
            now = time.time()
            if want and len(got) >= want:
                if settle is None:
                    settle = now + 0.5  # a surplus mail would arrive with the expected ones
                elif now >= settle:
                    return got
            elif now >= deadline:
                return got
            time.sleep(0.1)


def parse(raw):
    return email.message_from_bytes(raw, policy=email.policy.default)


# ---------------------------------------------------------------------------------------------
# The club: one crazykrieg installation driven through its command line.


class Club:
    def __init__(self, binary, workdir, templates, config=None, transport=None):
        self.binary, self.workdir, self.config = binary, workdir, config
        os.makedirs(workdir, exist_ok=True)
        link = os.path.join(workdir, "templates")
        if not os.path.exists(link):
            os.symlink(os.path.abspath(templates), link)
        self.templates = templates
        self.now = START_TIME
        self.transport = transport or MaildirTransport(
            os.path.join(workdir, "var", "inbox"), os.path.join(workdir, "var", "outbox"))

    def cli(self, *args, check=True, now=False):
        cmd = [self.binary] + list(args)
        if self.config:
            cmd += ["--config", self.config]
        if now:
            cmd += ["--now", iso(self.now)]
        p = subprocess.run(cmd, cwd=self.workdir, capture_output=True, text=True, timeout=120)
        if check and p.returncode != 0:
            raise HarnessError("%s exited %d: %s" % (" ".join(args[:2]), p.returncode,
                                                     p.stderr.strip()))
        return p.stdout

    def tick(self, minutes=7):
        self.now += dt.timedelta(minutes=minutes)

    def serve_once(self):
        self.tick()
        self.cli("serve", "--once", now=True)

    def new_game(self, variant, white, black, hidden=False, rules=None):
        args = ["game", "new", "--variant", variant, "--white", white, "--black", black]
        if hidden:
            args.append("--hidden")
        if rules:
            args += ["--rules", rules]
        out = self.cli(*args, now=True)
        return int(out.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------
# The shadow referee: `crazykrieg umpire` fed the same requests.


class Shadow:
    def __init__(self, binary, variant, hidden=False, rules=None):
        cmd = [binary, "umpire", "--variant", variant] + (["--hidden"] if hidden else [])
        if rules:
            cmd += ["--rules", rules]
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  bufsize=1)
        self.to_move = "white"
        self.result = None
        self.views = None

    def request(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = self.p.stdout.readline()
        if not out:
            raise HarnessError("umpire ended early")
        j = json.loads(out)
        if j.get("answer") != "error":
            self.views = j["views"]
            self.result = j.get("result")
            if j.get("move") or self.result:
                self.to_move = other(j["side"])
        return j

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=30)


def view_squares(view):
    """'8/8/.../RNBQKBNR[Pp]' -> ({square: piece letter with ~}, pocket string)."""
    board, _, pocket = view.partition("[")
    out = {}
    for r, row in enumerate(board.split("/")):
        f = 0
        i = 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                f += int(c)
            else:
                promoted = i + 1 < len(row) and row[i + 1] == "~"
                out["abcdefgh"[f] + str(8 - r)] = c + ("~" if promoted else "")
                if promoted:
                    i += 1
                f += 1
            i += 1
    return out, pocket.rstrip("]")


# ---------------------------------------------------------------------------------------------
# Mail checks.


def load_static_lines(templates):
    """Lines of template files holding no {{...}}: the fixed wording of every mail."""
    lines = set()
    for n in os.listdir(templates):
        p = os.path.join(templates, n)
        if not os.path.isfile(p) or n == "words":
            continue
        with open(p, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if "{{" not in line and line.strip():
                    lines.add(line.strip())
    return lines


def load_words(templates):
    words = {}
    with open(os.path.join(templates, "words"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                words[k.strip()] = v.strip()
    return words


def render_word(words, key, **vals):
    text = words.get(key)
    if text is None:
        return None
    for k, v in vals.items():
        text = text.replace("{{%s}}" % k, v)
    if "{{" in text:
        return None
    return text


def announcement_sentence(words, a, to_side, hidden):
    """The words a player should read for one umpire announcement, or None if not predictable."""
    t = a["type"]
    side_word = words.get(other(to_side), other(to_side).capitalize())
    if t == "moved":
        if "move" in a and hidden:
            return render_word(words, "moved-own", move=a["move"])
        if "move" in a:
            return None  # open play: the mover's or the opponent's wording, both name the move
        return render_word(words, "moved", side=side_word)
    if t == "illegal":
        ans = render_word(words, "answer-" + a["answer"])
        if ans is None:
            return None
        if "attempt" in a:
            return render_word(words, "illegal-own", attempt=a["attempt"], answer=ans)
        return render_word(words, "illegal-other", side=side_word, answer=ans)
    if t == "any":
        return render_word(words, "any-" + a["answer"])
    if t == "capture":
        if "piece" not in a:  # rule sets that name only the square (docs/rulesets.md)
            return render_word(words, "capture-square", square=a["square"])
        return render_word(words, "capture", Piece=words.get("piece-" + a["piece"],
                                                                a["piece"]).capitalize(),
                           square=a["square"])
    if t == "promotion":
        return render_word(words, "promotion")
    if t == "pawn-tries":
        if "count" in a:
            n = a["count"]
            if n <= 1:
                return render_word(words, "pawn-tries-count-%d" % n)
            return render_word(words, "pawn-tries-count",
                               Count=words.get("number-%d" % n, str(n)).capitalize())
        if "available" in a:
            return render_word(words, "pawn-tries-available" if a["available"]
                               else "pawn-tries-none")
        sq = a["squares"]
        if not sq:
            return render_word(words, "pawn-tries-squares-none")
        listed = sq[0] if len(sq) == 1 else ", ".join(sq[:-1]) + " " + words.get(
            "list-and", "and") + " " + sq[-1]
        return render_word(words, "pawn-try-square" if len(sq) == 1 else "pawn-tries-squares",
                           squares=listed)
    if t == "drop":
        piece = words.get("piece-" + a["piece"], a["piece"])
        if "square" in a:
            return None  # the mover's own drop is told as "You played N@f5." (moved-own)
        return render_word(words, "drop", side=side_word, piece=piece)
    if t == "check":
        return render_word(words, "check-" + a["direction"])
    if t == "game-over":
        return render_word(words, "reason-" + a["reason"])
    return None


class TableStripper:
    """Splits an HTML body into its board diagram cells and its visible text without tables."""

    CELL_RE = re.compile(r'<td title="([a-h][1-8])"[^>]*>(.*?)</td>', re.S)
    TABLE_RE = re.compile(r"<table\b.*?</table>", re.S | re.I)

    @classmethod
    def cells(cls, body):
        out = {}
        for sq, content in cls.CELL_RE.findall(body):
            promoted = "~" in re.sub(r"<[^>]*>", "", content).replace("\ufe0e", "")
            text = html.unescape(re.sub(r"<sup.*?</sup>", "", content, flags=re.S))
            text = re.sub(r"<[^>]*>", "", text).replace("\ufe0e", "").strip()
            if text:
                out[sq] = FIG_TO_LETTER.get(text, "?" + text) + ("~" if promoted else "")
        return out

    @classmethod
    def text_lines(cls, body, static):
        body = cls.TABLE_RE.sub("\n", body)
        lines = []
        for line in body.splitlines():
            if line.strip() in static:
                continue
            text = html.unescape(re.sub(r"<[^>]*>", " ", line))
            lines.append(text)
        return lines


TEXT_RANK_RE = re.compile(r"^ ([1-8])((?: [ ~\S]\S){8})\s*$")
TEXT_FILES_RE = re.compile(r"^\s+([a-h])(\s+[a-h]){7}\s*$")


def text_board(body):
    """Board diagram of a text/plain part: ({square: letter}, set of diagram line numbers)."""
    out, used = {}, set()
    lines = body.splitlines()
    ranks = []
    for i, line in enumerate(lines):
        m = TEXT_RANK_RE.match(line)
        if m:
            ranks.append((i, m.group(1), m.group(2)))
    files = None
    for i, line in enumerate(lines):
        if TEXT_FILES_RE.match(line):
            files = line.split()
            used.add(i)
            break
    if not ranks or files is None:
        return None, used
    for i, rank, cells in ranks:
        used.add(i)
        for k in range(8):
            cell = cells[3 * k:3 * k + 3]
            mark, ch = cell[1], cell[2]
            if ch != ".":
                out[files[k] + rank] = ch + ("~" if mark == "~" else "")
    return out, used


class Checker:
    """Checks every mail to the players of one game; collects problems instead of raising."""

    def __init__(self, templates, game, hidden, addresses):
        self.static = load_static_lines(templates)
        self.words = load_words(templates)
        self.game, self.hidden = game, hidden
        self.addresses = addresses  # side -> address
        self.allowed = {"white": set(), "black": set()}
        self.root = {}
        self.problems = []
        self.mails = 0
        self.attachments = []

    def fail(self, side, msg, what):
        self.problems.append("game %s, mail %s to %s: %s" % (self.game, msg["Message-ID"], side,
                                                             what))

    def learn_view(self, views):
        for side in ("white", "black"):
            sq, _ = view_squares(views[side])
            own = {s for s, p in sq.items() if p[0].isupper() == (side == "white")}
            self.allowed[side] |= own

    def learn_answer(self, j):
        for side in ("white", "black"):
            for a in j.get(side, []):
                for k in ("square", "placed"):
                    if a.get(k):
                        self.allowed[side].add(a[k])
                self.allowed[side] |= set(a.get("squares", []))  # rand's pawn tries
        if j.get("answer") != "error" and "views" in j:
            self.learn_view(j["views"])

    def learn_request_text(self, side, text):
        self.allowed[side] |= set(SQUARE_RE.findall(text))

    def check(self, side, raw, view=None, sentences=(), game_over=False):
        """One mail to `side`; `view` is the umpire's view string the board must show;
        `game_over`: the game has ended (only then may a mail carry the record attached)."""
        self.mails += 1
        msg = parse(raw)
        g, letter = self.game, side_letter(side)
        # Headers.
        for h in ("Message-ID", "Date", "From", "To", "Subject", "MIME-Version"):
            if msg[h] is None:
                self.fail(side, msg, "no %s" % h)
        if msg["To"] is not None and msg["To"].addresses[0].addr_spec != self.addresses[side]:
            self.fail(side, msg, "To is %s" % msg["To"])
        subject = str(msg["Subject"] or "")
        if "[crazykrieg #%s]" % g not in subject:
            self.fail(side, msg, "subject without the game: %r" % subject)
        rt = msg["Reply-To"]
        if rt is None or not re.fullmatch(r"referee\+%s\.%s\.[0-9a-f]{16}@[^@]+" % (g, letter),
                                          rt.addresses[0].addr_spec):
            self.fail(side, msg, "bad Reply-To %s" % rt)
        if str(msg.get("Auto-Submitted", "")).strip().lower() != "auto-generated":
            self.fail(side, msg, "Auto-Submitted is %r" % msg.get("Auto-Submitted"))
        mid = str(msg["Message-ID"] or "").strip()
        if side not in self.root:
            self.root[side] = mid
        else:
            irt = str(msg.get("In-Reply-To", "")).strip()
            refs = str(msg.get("References", "")).split()
            if irt != self.root[side] or self.root[side] not in refs:
                self.fail(side, msg, "not threaded on %s (In-Reply-To %r, References %r)"
                          % (self.root[side], irt, refs))
        head = raw.split(b"\r\n\r\n" if b"\r\n\r\n" in raw else b"\n\n", 1)[0]
        try:
            head.decode("ascii")
        except UnicodeDecodeError:
            self.fail(side, msg, "8-bit header (not RFC 2047 encoded)")
        if any(len(line) > 998 for line in raw.splitlines()):
            self.fail(side, msg, "raw line over 998 octets")
        # Body parts.
        ctype = msg.get_content_type()
        attachments = list(msg.iter_attachments()) if ctype == "multipart/mixed" else []
        if ctype == "multipart/mixed":
            # The game-end mail: the mail itself, then the referee's record (docs/mail-protocol.md).
            first = msg.get_payload()[0]
            if first.get_content_type() != "multipart/alternative":
                self.fail(side, msg, "multipart/mixed without multipart/alternative first")
            if not game_over:
                self.fail(side, msg, "LEAK: an attachment before the game is over")
            for a in attachments:
                if not (a.get_filename() or "").endswith(".pgn"):
                    self.fail(side, msg, "unexpected attachment %s" % a.get_filename())
        elif ctype != "multipart/alternative":
            self.fail(side, msg, "not multipart/alternative but %s" % ctype)
        self.attachments = attachments
        plain = msg.get_body(("plain",))
        htmlpart = msg.get_body(("html",))
        if plain is None or htmlpart is None:
            self.fail(side, msg, "missing text/plain or text/html part")
            return msg
        for part in (plain, htmlpart):
            if (part.get_content_charset() or "").lower() != "utf-8":
                self.fail(side, msg, "%s not UTF-8" % part.get_content_type())
        text = plain.get_content()
        body = htmlpart.get_content()
        for n, line in enumerate(text.splitlines(), 1):
            if len(line) > 78:
                self.fail(side, msg, "text line %d has %d columns: %r" % (n, len(line), line))
        if "<script" in body.lower() or re.search(r"<img[^>]+src=[\"']?https?:", body, re.I):
            self.fail(side, msg, "HTML part with a script or an external image")
        # Boards.
        tboard, diagram_lines = text_board(text)
        hboard = TableStripper.cells(body)
        if tboard is None:
            self.fail(side, msg, "no board diagram in the text part")
        own_upper = side == "white"
        for name, board in (("text", tboard or {}), ("html", hboard)):
            for sq, p in board.items():
                if self.hidden and p[0].isupper() != own_upper:
                    self.fail(side, msg, "LEAK: %s board shows an opponent piece %s on %s"
                              % (name, p, sq))
            if view is not None:
                want, _ = view_squares(view)
                if board != want:
                    self.fail(side, msg, "%s board %s differs from the view %s"
                              % (name, sorted(board.items()), view))
        # Squares named in the text.
        if self.hidden:
            allowed = self.allowed[side]
            texts = [("subject", [subject])]
            texts.append(("text", [line for i, line in enumerate(text.splitlines())
                                   if i not in diagram_lines and line.strip() not in self.static]))
            texts.append(("html", TableStripper.text_lines(body, self.static)))
            for name, lines in texts:
                for line in lines:
                    for sq in SQUARE_RE.findall(line):
                        if sq not in allowed:
                            self.fail(side, msg, "LEAK: %s names %s, unknown to %s: %r"
                                      % (name, sq, side, line.strip()))
        # Announcements.
        flat = " ".join(text.split())
        for s in sentences:
            if s and " ".join(s.split()) not in flat:
                self.fail(side, msg, "missing the announcement %r" % s)
        return msg


# ---------------------------------------------------------------------------------------------
# Players and scripted games.


class Player:
    def __init__(self, name, address, side):
        self.name, self.address, self.side = name, address, side
        self.last = None  # last referee mail about the game (parsed)
        self.sent = 0

    def reply(self, game, lines, now):
        """A reply to the last referee mail: commands on top, the quoted mail below."""
        last = self.last
        if last is None:
            raise HarnessError("%s has no mail to reply to" % self.side)
        self.sent += 1
        to = last["Reply-To"].addresses[0].addr_spec
        quoted = "\n".join("> " + l for l in last.get_body(("plain",)).get_content().splitlines())
        body = ("\n".join(lines) + "\n\nOn %s, Crazykrieg referee wrote:\n%s\n"
                % (last["Date"], quoted))
        msg = email.message.EmailMessage()
        msg["From"] = "%s <%s>" % (self.name, self.address)
        msg["To"] = to
        msg["Subject"] = "Re: " + str(last["Subject"])
        msg["Date"] = email.utils.format_datetime(now.replace(tzinfo=dt.timezone.utc))
        mid = "<e2e.%s.%s.%d.%d@example.test>" % (game, self.side, self.sent, os.getpid())
        msg["Message-ID"] = mid
        msg["In-Reply-To"] = str(last["Message-ID"])
        msg["References"] = str(last["Message-ID"])
        msg.set_content(body)
        return msg.as_bytes(policy=email.policy.SMTP), mid


def play_script(club, binary, script, white=("Alice", "alice@example.test"),
                black=("Bob", "bob@example.test"), log=print):
    """Plays `script` (see games.py) on `club`; returns the list of problems (empty: pass)."""
    problems = []
    players = {"white": Player(white[0], white[1], "white"),
               "black": Player(black[0], black[1], "black")}
    for p in players.values():
        existing = club.cli("player", "list", check=False)
        if p.address not in existing:
            club.cli("player", "add", p.name, p.address)
    hidden = script["hidden"]  # crazykrieg/kriegspiel imply --hidden in game new and umpire
    rules = script.get("rules")  # a Kriegspiel rule set (docs/rulesets.md); None: the default
    game = club.new_game(script["variant"], white[1], black[1], hidden=hidden and rules is not None,
                         rules=rules)
    log("game %d: %s%s%s" % (game, script["variant"], " (hidden)" if hidden else "",
                             " rules " + rules if rules else ""))
    shadow = Shadow(binary, script["variant"], hidden=hidden and rules is not None, rules=rules)
    checker = Checker(club.templates, game, hidden, {s: p.address for s, p in players.items()})
    records = []  # (side, file name, content) of the PGN records attached to the end mails

    def receive(side, expect, view, sentences):
        mails = club.transport.receive(players[side].address, expect)
        mails = [m for m in mails if "[crazykrieg #%d]" % game in str(parse(m)["Subject"])]
        if len(mails) != expect:
            problems.append("game %d: %s got %d mails, expected %d" % (game, side, len(mails),
                                                                       expect))
        for raw in mails:
            players[side].last = checker.check(side, raw, view, sentences,
                                               game_over=shadow.result is not None)
            for a in checker.attachments:
                records.append((side, a.get_filename(), a.get_content()))

    # The start mails: boards checked against the standard start.
    from_start = {"white": "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR[]",
                  "black": "rnbqkbnr/pppppppp/8/8/8/8/8/8[]"}
    if not hidden:
        from_start = {s: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]" for s in from_start}
    checker.learn_view(from_start)
    for side in ("white", "black"):
        receive(side, 1, from_start[side], ())

    for n, (side, lines, expect) in enumerate(script["mails"], 1):
        if shadow.to_move != side:
            problems.append("script mail %d: %s is not to move" % (n, side))
            break
        fed, answers = [], []
        heard = {"white": [], "black": []}
        for line in lines:
            checker.learn_request_text(side, line)
            j = shadow.request(line)
            fed.append(line)
            answers.append(j["answer"])
            for s in ("white", "black"):
                heard[s] += j.get(s, [])
            checker.learn_answer(j)
            if j.get("move") or j.get("result"):
                break
        if expect is not None and answers != expect:
            problems.append("script mail %d (%s %s): umpire answered %s, script expects %s"
                            % (n, side, lines, answers, expect))
        # The list view's queries of this mail (script "queries"): after its moves, not fed to
        # the umpire; their answers come in the sender's one reply, checked like every mail.
        queries = script.get("queries", {}).get(n, [])
        raw, mid = players[side].reply(game, lines + queries, club.now)
        club.transport.send(players[side].address, raw)
        club.transport.wait_delivered(mid)
        club.serve_once()
        ruled = any(a != "error" for a in answers)
        for s in ("white", "black"):
            sentences = [announcement_sentence(checker.words, a, s, hidden) for a in heard[s]]
            receive(s, 1 if ruled else 0, shadow.views[s], sentences)
        if queries and ruled:
            body = players[side].last.get_body(("plain",)).get_content().replace("\r\n", "\n")
            answered = body[body.find("\nAnswers:\n"):] if "\nAnswers:\n" in body else ""
            for q in queries:
                if "- %s: " % q.lower() not in answered:
                    problems.append("script mail %d: query %r not answered in %s's reply"
                                    % (n, q, side))
        log("  %2d %s %-28s -> %s" % (n, side, " / ".join(fed), " ".join(answers)))
        if shadow.result:
            break

    # The result: the umpire's, the script's and the daemon's agree.
    if shadow.result != script["result"]:
        problems.append("umpire result %s, script expects %s" % (shadow.result, script["result"]))
    shown = club.cli("game", "show", str(game), "--as", "referee")
    m = re.search(r"^result:\s*(\S+)", shown, re.M)
    if not m or m.group(1) != script["result"]:
        problems.append("game show gives result %s, expected %s"
                        % (m.group(1) if m else None, script["result"]))
    for s, p in players.items():
        text = p.last.get_body(("plain",)).get_content() if p.last else ""
        if "(%s)" % script["result"] not in text:
            problems.append("the last mail to %s does not give the result (%s)"
                            % (s, script["result"]))
    # The end mails carry the referee's record; `crazykrieg validate` replays and accepts it.
    if not records:
        problems.append("no PGN record attached to the game-end mails")
    for side, name, content in records:
        path = os.path.join(club.workdir, "%s-%s" % (side, name))
        with open(path, "wb") as f:
            f.write(content if isinstance(content, bytes) else content.encode())
        v = subprocess.run([binary, "validate", path], capture_output=True, text=True)
        if v.returncode != 0:
            problems.append("the record mailed to %s does not validate: %s"
                            % (side, (v.stdout + v.stderr).strip()[-300:]))
        # The rule set's announcements are re-checked: one altered, the record is refused.
        if script.get("alter"):
            text = content if isinstance(content, str) else content.decode()
            old, new = script["alter"]
            if old not in text:
                problems.append("the record mailed to %s has no %r" % (side, old))
                continue
            bad = path + ".altered.pgn"
            with open(bad, "w") as f:
                f.write(text.replace(old, new, 1))
            v = subprocess.run([binary, "validate", bad], capture_output=True, text=True)
            if v.returncode == 0:
                problems.append("validate accepts the record mailed to %s with %r made %r"
                                % (side, old, new))
    # A mail after the end is refused and says so, and changes nothing.
    checker.learn_request_text("black", "Ke7")
    raw, mid = players["black"].reply(game, ["Ke7"], club.now)
    club.transport.send(players["black"].address, raw)
    club.transport.wait_delivered(mid)
    club.serve_once()
    late = club.transport.receive(players["black"].address, 1)
    for r in late:
        checker.check("black", r, shadow.views["black"], game_over=True)
    if len(late) != 1:
        problems.append("a move after the end got %d replies, expected 1" % len(late))
    if club.cli("game", "show", str(game), "--as", "referee") != shown:
        problems.append("a move after the end changed the game")
    if club.transport.receive(players["white"].address):
        problems.append("a move after the end mailed the opponent")
    shadow.close()
    problems += checker.problems
    log("game %d: %d mails checked, result %s" % (game, checker.mails, shadow.result))
    return problems
