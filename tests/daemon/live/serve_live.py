#!/usr/bin/env python3
"""`crazykrieg serve --once` and `deliver` against real dovecot (IMAP) and postfix (SMTP).

usage: serve_live.py CRAZYKRIEG TEMPLATES_DIR

Runs inside the CTest fixture `mailserver` (scripts/mailtest.sh start /tmp/ck-mailtest: IMAP
127.0.0.1:$IMAP_PORT, SMTP 127.0.0.1:$SMTP_PORT, users referee/white/black@example.test with
password `secret`). Exit 77 (skip) when not root or the servers are not installed, as the
fixture does. The mailboxes of the three users are emptied first: the test owns them while it
holds the fixture's resource lock.

Checked: `config check --connect` logs in to both servers (and reports a wrong IMAP password
as a problem); `game new` mails both players over SMTP; White's reply to the per-game reply address
and a plain `games` mail to the referee address are picked up over IMAP by `serve --once`,
acted on, moved to the processed folder, and the answers (both players' turn mails, White's
games list) arrive in the players' IMAP mailboxes; a second `serve --once` finds nothing to do;
`deliver` (stdin) answers through SMTP too.
"""
import contextlib
import email
import email.policy
import email.utils
import imaplib
import os
import shutil
import smtplib
import subprocess
import sys
import tempfile
import time

IMAP_PORT = int(os.environ.get("IMAP_PORT", "10143"))
SMTP_PORT = int(os.environ.get("SMTP_PORT", "10025"))
PASSWORD = "secret"
DOMAIN = "example.test"
REFEREE = "referee@" + DOMAIN
WHITE = "white@" + DOMAIN
BLACK = "black@" + DOMAIN
TAG = str(os.getpid())


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


def require_servers(paths):
    """Skips the test unless it runs as root (scripts/mailtest.sh runs postfix and dovecot) and
    every one of `paths` (the servers' programs it needs) exists."""
    if os.geteuid() != 0:
        skip("live mail server tests need root (scripts/mailtest.sh runs postfix and dovecot)")
    for p in paths:
        if not os.path.exists(p):
            skip(p + " missing: install postfix dovecot-imapd dovecot-lmtpd (scripts/setup.sh)")


@contextlib.contextmanager
def work_directory(prefix):
    """A new temporary directory for one test: removed when the block ends normally, kept and
    named when it ends by a failure (or a skip)."""
    work = tempfile.mkdtemp(prefix=prefix)
    try:
        yield work
    except BaseException:
        print("work directory kept: " + work)
        raise
    shutil.rmtree(work, ignore_errors=True)


def imap(user, mailbox="INBOX"):
    m = imaplib.IMAP4("127.0.0.1", IMAP_PORT)
    m.login(user, PASSWORD)
    typ, _ = m.select('"%s"' % mailbox)
    if typ != "OK":
        m.logout()
        return None
    return m


def messages(user, mailbox="INBOX"):
    """Every undeleted message of the mailbox, parsed, without setting \\Seen."""
    m = imap(user, mailbox)
    if m is None:
        return []
    out = []
    try:
        typ, data = m.uid("SEARCH", None, "UNDELETED")
        for uid in data[0].split():
            typ, parts = m.uid("FETCH", uid, "(BODY.PEEK[])")
            raw = next(p[1] for p in parts if isinstance(p, tuple))
            out.append(email.message_from_bytes(raw, policy=email.policy.default))
    finally:
        m.logout()
    return out


def clear(user):
    m = imap(user)
    typ, data = m.uid("SEARCH", None, "ALL")
    uids = data[0].split()
    if uids:
        m.uid("STORE", b",".join(uids), "+FLAGS.SILENT", r"(\Deleted)")
        m.expunge()
    m.logout()


def text_of(msg):
    body = msg.get_body(preferencelist=("plain",))
    return body.get_content() if body is not None else ""


def wait_for(user, pred, what, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for msg in messages(user):
            if pred(msg):
                return msg
        time.sleep(0.1)
    fail("%s: not in %s's INBOX within %d s; INBOX has: %s" % (
        what, user, timeout, [str(m["Subject"]) for m in messages(user)]))


def send(sender, to, body, message_id, subject="Re: your game", in_reply_to=None):
    raw = ("From: Player <%s>\r\nTo: <%s>\r\nSubject: %s\r\nMessage-ID: <%s>\r\n"
           "Date: %s\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
           % (sender, to, subject, message_id, email.utils.formatdate()))
    if in_reply_to:
        raw += "In-Reply-To: %s\r\n" % in_reply_to
    raw += "\r\n" + body + "\r\n"
    with smtplib.SMTP("127.0.0.1", SMTP_PORT, timeout=30) as s:
        s.sendmail(sender, [to], raw.encode())
    return raw


def write_config(work, sink, processed_folder):
    """Writes WORK/imap-password (the fixture's password, mode 0600) and WORK/crazykrieg.conf:
    the store under WORK, mail read over IMAP from the fixture's dovecot as the referee and
    moved to PROCESSED_FOLDER, sent to SINK: "smtp" (the fixture's postfix) or "maildir"
    (WORK/outbox). Returns (config path, password file path)."""
    password_file = os.path.join(work, "imap-password")
    with open(os.open(password_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
        f.write(PASSWORD + "\n")
    text = """[store]
dir = {w}/games
[mail]
source = imap
sink = {sink}
inbox = {w}/inbox
outbox = {w}/outbox
referee_address = {ref}
secret_file = {w}/secret
[imap]
url = imap://127.0.0.1:{imap}/INBOX
user = {ref}
password_file = {pw}
processed_folder = {done}
starttls = no
""".format(w=work, sink=sink, ref=REFEREE, imap=IMAP_PORT, pw=password_file,
           done=processed_folder)
    if sink == "smtp":
        text += "[smtp]\nurl = smtp://127.0.0.1:{smtp}\nstarttls = no\n".format(smtp=SMTP_PORT)
    config = os.path.join(work, "crazykrieg.conf")
    with open(config, "w") as f:
        f.write(text)
    return config, password_file


def run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        fail("%s exited %d\nstdout: %s\nstderr: %s" % (cmd, p.returncode, p.stdout, p.stderr))
    return p.stdout


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    ck, templates = sys.argv[1], sys.argv[2]
    require_servers(("/usr/sbin/postfix", "/usr/sbin/dovecot", "/usr/lib/dovecot/imap",
                     "/usr/lib/dovecot/lmtp"))
    with work_directory("ck-serve-live-") as work:
        processed = "Done-" + TAG
        config, password_file = write_config(work, "smtp", processed)
        for user in (REFEREE, WHITE, BLACK):
            clear(user)
        base = ["--config", config]
        # `config check --connect` logs in to both servers; a wrong password is a problem.
        out = run([ck, "config", "check", "--connect", "--templates", templates] + base)
        for want in ("imap connection: ok, 0 message(s) waiting", "smtp connection: ok", "\nok\n"):
            if want not in out:
                fail("config check --connect: %r not in\n%s" % (want, out))
        wrong_pw = os.path.join(work, "wrong-password")
        with open(os.open(wrong_pw, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
            f.write("not-" + PASSWORD + "\n")
        wrong = os.path.join(work, "wrong.conf")
        with open(config) as f, open(wrong, "w") as g:
            g.write(f.read().replace(password_file, wrong_pw))
        p = subprocess.run([ck, "config", "check", "--connect", "--templates", templates,
                            "--config", wrong], capture_output=True, text=True, timeout=120)
        if p.returncode != 1 or "problem: imap connection" not in p.stdout:
            fail("config check with a wrong IMAP password: exit %d\n%s" % (p.returncode,
                                                                         p.stdout))
        run([ck, "player", "add", "White Player", WHITE] + base)
        run([ck, "player", "add", "Black Player", BLACK] + base)
        out = run([ck, "game", "new", "--variant", "crazyhouse", "--white", WHITE,
                   "--black", BLACK, "--templates", templates] + base)
        game = out.strip().splitlines()[-1]
        if game != "1":
            fail("game new printed %r" % out)

        tagged = "[crazykrieg #%s]" % game
        start_w = wait_for(WHITE, lambda m: tagged in str(m["Subject"]), "White's game-start")
        wait_for(BLACK, lambda m: tagged in str(m["Subject"]), "Black's game-start")
        reply_to = email.utils.parseaddr(str(start_w["Reply-To"]))[1]
        if not reply_to.startswith("referee+%s.w." % game):
            fail("White's Reply-To is %r" % reply_to)

        move_id = "live-move-%s@%s" % (TAG, DOMAIN)
        games_id = "live-games-%s@%s" % (TAG, DOMAIN)
        send(WHITE, reply_to, "1. e4\n\nOn a day, the referee wrote:\n> Your move.",
             move_id, in_reply_to=str(start_w["Message-ID"]))
        # One mail at a time: postfix may deliver two queued mails in either order, and the
        # games list below must be answered after the move (serve takes the INBOX in its order).
        arrived = lambda mid: wait_for(REFEREE, lambda m: str(m["Message-ID"]).strip("<>") == mid,
                                       "player mail " + mid)
        arrived(move_id)
        send(WHITE, REFEREE, "games", games_id, subject="my games")
        arrived(games_id)

        run([ck, "serve", "--once", "--templates", templates] + base)

        # Marked done only now: moved out of INBOX into the processed folder.
        left = [str(m["Message-ID"]) for m in messages(REFEREE)]
        if any(move_id in x or games_id in x for x in left):
            fail("handled mail still in the referee's INBOX: %s" % left)
        done = [str(m["Message-ID"]).strip("<>") for m in messages(REFEREE, processed)]
        if move_id not in done or games_id not in done:
            fail("processed folder %s holds %s" % (processed, done))

        # Acted on: the move is in the game's record, and both players hear of it.
        # The store's flat layout: games/<id>.<name> (src/store/game_layout.hpp).
        game_files = lambda: sorted(f for f in os.listdir(os.path.join(work, "games", "games"))
                                    if f.startswith(game + "."))
        record = "".join(open(os.path.join(work, "games", "games", f)).read()
                         for f in game_files())
        if "e4" not in record:
            fail("e4 is not in game %s's files" % game)
        wait_for(WHITE, lambda m: tagged in str(m["Subject"]) and "e4" in text_of(m)
                 and m["Message-ID"] != start_w["Message-ID"], "White's turn mail")
        wait_for(BLACK, lambda m: tagged in str(m["Subject"]) and "Your move" in str(m["Subject"]),
                 "Black's turn mail")
        lst = wait_for(WHITE, lambda m: "Your games" in str(m["Subject"]), "White's games list")
        if "#%s crazyhouse, White against Black Player, move 1: waiting" % game \
                not in text_of(lst):
            fail("games list reads:\n" + text_of(lst))

        # Nothing pending: a second pass changes nothing and leaves the outbox empty.
        before = game_files()
        run([ck, "serve", "--once", "--templates", templates] + base)
        if game_files() != before:
            fail("second pass changed the game")
        spool = [f for f in os.listdir(os.path.join(work, "games", "outbox"))
                 if f.endswith(".mail")]
        if spool:
            fail("outbox not empty after the passes: %s" % spool)

        # deliver: the message comes on stdin; the answer leaves through SMTP.
        deliver_id = "live-deliver-%s@%s" % (TAG, DOMAIN)
        raw = ("From: <%s>\nTo: <%s>\nSubject: list\nMessage-ID: <%s>\n\ngames\n"
               % (BLACK, REFEREE, deliver_id))
        run([ck, "deliver", "--templates", templates] + base, stdin=raw)
        lst = wait_for(BLACK, lambda m: "Your games" in str(m["Subject"]), "Black's games list")
        if "#%s crazyhouse, Black against White Player, move 1: your move" % game \
                not in text_of(lst):
            fail("Black's games list reads:\n" + text_of(lst))
        print("ok: serve --once over IMAP+SMTP and deliver via SMTP")


if __name__ == "__main__":
    main()
