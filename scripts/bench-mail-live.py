#!/usr/bin/env python3
"""Move mails per second through real dovecot (IMAP) and postfix (SMTP) on 127.0.0.1.

usage: scripts/bench-mail-live.py [CRAZYKRIEG] [GAMES]     (as root; default build/crazykrieg, 50)

The companion of `crazykrieg bench --only mail` (the Maildir path). It starts private servers
with scripts/mailtest.sh on ports of its own (IMAP 10143, LMTP 10024, SMTP 10025, under
/tmp/ck-bench-mt), starts GAMES open crazyhouse games between white@ and black@example.test,
sends 2*GAMES move mails through SMTP (every White first, then every Black once White's are all in), waits until all sit
in the referee's IMAP INBOX, and then times one `crazykrieg serve --once`: fetch over IMAP,
referee, group commit, move to the processed folder, and send the 4*GAMES answers through
SMTP. It prints the serve figure and the time until every answer was in the players' IMAP
mailboxes, and beside them postfix's own intake rate measured in the same run: 4*GAMES mails
of the daemon's answers' size sent by this script over one SMTP session (what the daemon's
sending part cannot beat). Opt-in: nothing calls it; the servers are stopped at the end.
"""
import email
import email.utils
import imaplib
import resource
import shutil
import os
import smtplib
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PORTS = {"IMAP_PORT": "10143", "LMTP_PORT": "10024", "SMTP_PORT": "10025"}
MT_DIR = "/tmp/ck-bench-mt"
DOMAIN = "example.test"
REFEREE, WHITE, BLACK = ("%s@%s" % (u, DOMAIN) for u in ("referee", "white", "black"))


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)
    if p.returncode != 0:
        sys.exit("%s exited %d\n%s%s" % (cmd, p.returncode, p.stdout, p.stderr))
    return p.stdout


def count(user, mailbox="INBOX"):
    m = imaplib.IMAP4("127.0.0.1", int(PORTS["IMAP_PORT"]))
    m.login(user, "secret")
    typ, data = m.select('"%s"' % mailbox, readonly=True)
    n = int(data[0]) if typ == "OK" else 0
    m.logout()
    return n


def wait_count(user, n, timeout=120):
    deadline = time.monotonic() + timeout
    while count(user) < n:
        if time.monotonic() > deadline:
            sys.exit("timeout: %s has %d of %d mails" % (user, count(user), n))
        time.sleep(0.2)


def main():
    ck = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build/crazykrieg"))
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    env = dict(os.environ, **PORTS)
    run(["bash", os.path.join(ROOT, "scripts/mailtest.sh"), "start", MT_DIR], env=env)
    work = tempfile.mkdtemp(prefix="ck-bench-live-")
    try:
        pw = os.path.join(work, "password")
        with open(pw, "w") as f:
            f.write("secret\n")
        config = os.path.join(work, "crazykrieg.conf")
        with open(config, "w") as f:
            f.write("[store]\ndir = {w}/games\n[mail]\nsource = imap\nsink = smtp\n"
                    "inbox = {w}/inbox\noutbox = {w}/outbox\nreferee_address = {r}\n"
                    "secret_file = {w}/secret\n[imap]\nurl = imap://127.0.0.1:{i}/INBOX\n"
                    "user = {r}\npassword_file = {pw}\nprocessed_folder = Done\nstarttls = no\n"
                    "[smtp]\nurl = smtp://127.0.0.1:{s}\nstarttls = no\n".format(
                        w=work, r=REFEREE, i=PORTS["IMAP_PORT"], s=PORTS["SMTP_PORT"], pw=pw))
        base = ["--config", config, "--templates", os.path.join(ROOT, "templates")]
        run([ck, "player", "add", "White", WHITE] + base[:2])
        run([ck, "player", "add", "Black", BLACK] + base[:2])
        for _ in range(games):
            run([ck, "game", "new", "--variant", "crazyhouse", "--white", WHITE, "--black", BLACK]
                + base)
        wait_count(WHITE, games)
        wait_count(BLACK, games)
        # Each player's reply address per game, from their game-start mails.
        reply = {}
        for user in (WHITE, BLACK):
            m = imaplib.IMAP4("127.0.0.1", int(PORTS["IMAP_PORT"]))
            m.login(user, "secret")
            m.select("INBOX")
            _, data = m.search(None, "ALL")
            for num in data[0].split():
                _, parts = m.fetch(num, "(BODY.PEEK[HEADER])")
                msg = email.message_from_bytes(parts[0][1])
                addr = email.utils.parseaddr(msg["Reply-To"])[1]
                reply[(user, addr.split("+")[1].split(".")[0])] = addr
            m.logout()
        # Black's replies only once all of White's are in: postfix may deliver out of order.
        for k, (user, move) in enumerate(((WHITE, "e4"), (BLACK, "e5"))):
            with smtplib.SMTP("127.0.0.1", int(PORTS["SMTP_PORT"])) as s:
                for g in range(1, games + 1):
                    to = reply[(user, str(g))]
                    raw = ("From: <%s>\r\nTo: <%s>\r\nSubject: Re: game %d\r\nMessage-ID: "
                           "<bench-%d-%s-%d@%s>\r\nDate: %s\r\n\r\n%s\r\n" % (
                               user, to, g, os.getpid(), move, g, DOMAIN,
                               email.utils.formatdate(), move))
                    s.sendmail(user, [to], raw.encode())
            wait_count(REFEREE, (k + 1) * games)
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        # CK_BENCH_PREFIX (e.g. "strace -f -tt -o /tmp/serve.trace") wraps the timed serve.
        run(os.environ.get("CK_BENCH_PREFIX", "").split() + [ck, "serve", "--once"] + base)
        t1 = time.monotonic()
        cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        wait_count(WHITE, games * 3)
        wait_count(BLACK, games * 3)
        t2 = time.monotonic()
        n = 2 * games
        print("mail-live: %d move mails, serve --once %.2f s: %.0f mails/s (its CPU: %.2f s user, "
              "%.2f s system)" % (n, t1 - t0, n / (t1 - t0), cpu1.ru_utime - cpu0.ru_utime,
                                  cpu1.ru_stime - cpu0.ru_stime))
        print("mail-live: until every answer was in the players' IMAP mailboxes %.2f s: %.0f mails/s"
              % (t2 - t0, n / (t2 - t0)))
        left = count(REFEREE)
        if left:
            sys.exit("the referee's INBOX still holds %d mails" % left)
        # postfix's own intake: as many mails as the daemon sent, of the same size, one session.
        m = imaplib.IMAP4("127.0.0.1", int(PORTS["IMAP_PORT"]))
        m.login(WHITE, "secret")
        m.select("INBOX", readonly=True)
        _, data = m.fetch("1", "(BODY.PEEK[])")
        sample = data[0][1]
        m.logout()
        k = 4 * games
        t3 = time.monotonic()
        with smtplib.SMTP("127.0.0.1", int(PORTS["SMTP_PORT"])) as s:
            for i in range(k):
                s.sendmail(REFEREE, [REFEREE], sample)
        t4 = time.monotonic()
        print("postfix intake, same run: %d mails of %d bytes over one SMTP session in %.2f s: "
              "%.0f mails/s (the daemon sent %d answers for %d moves)"
              % (k, len(sample), t4 - t3, k / (t4 - t3), 4 * games, n))
    finally:
        subprocess.run(["bash", os.path.join(ROOT, "scripts/mailtest.sh"), "stop", MT_DIR], env=env,
                       capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
