#!/usr/bin/env python3
"""A move that reached the IMAP mailbox before its deadline is played by a pass after it; one
that reached it after the deadline loses on time (README "Time controls": the arrival counts,
here the message's INTERNALDATE, never its Date: header).

usage: late_pass_live.py CRAZYKRIEG TEMPLATES_DIR

Runs inside the CTest fixture `mailserver` (dovecot on 127.0.0.1:$IMAP_PORT; see serve_live.py).
Two timed games (1 day a move, from 2026-11-01 00:00); White's move to each is APPENDed to the
referee's INBOX with an INTERNALDATE, 20:00 for game 1 and 00:01 the next day (after the
deadline) for game 2, both with a Date: header of 20:00; then one `serve --once --now
2026-11-02T00:30:00Z` (IMAP source, Maildir outbox). Game 1 goes on with 1. e4; game 2 is lost
on time and its move refused. The times lie in the past: dovecot replaces an INTERNALDATE in
the future by its own time. Exit 77 (skip) as the other live tests.
"""
import email.policy
import email.utils
import os
import sys

from serve_live import (BLACK, DOMAIN, REFEREE, TAG, WHITE, clear, fail, imap, require_servers,
                        run, work_directory, write_config)


def outbox_mails(work):
    new = os.path.join(work, "outbox", "new")
    out = []
    for name in sorted(os.listdir(new)) if os.path.isdir(new) else []:
        with open(os.path.join(new, name), "rb") as f:
            out.append(email.message_from_bytes(f.read(), policy=email.policy.default))
    return out


def reply_to_of(work, game, address):
    for m in outbox_mails(work):
        if address in str(m["To"]) and ("#%s]" % game) in str(m["Subject"]):
            return email.utils.parseaddr(str(m["Reply-To"]))[1]
    fail("no mail of game %s to %s" % (game, address))


def append(to, body, internaldate, n):
    raw = ("From: <%s>\r\nTo: <%s>\r\nSubject: Re: your move\r\nMessage-ID: <late-%s-%d@%s>\r\n"
           "Date: Sun, 01 Nov 2026 20:00:00 +0000\r\nMIME-Version: 1.0\r\n"
           "Content-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n"
           % (WHITE, to, TAG, n, DOMAIN, body))
    m = imap(REFEREE)
    typ, data = m.append("INBOX", None, '"%s"' % internaldate, raw.encode())
    m.logout()
    if typ != "OK":
        fail("APPEND: %s %s" % (typ, data))


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    ck, templates = sys.argv[1], sys.argv[2]
    require_servers(("/usr/sbin/dovecot", "/usr/lib/dovecot/imap"))
    with work_directory("ck-late-live-") as work:
        config, _ = write_config(work, "maildir", "Done-late-" + TAG)
        clear(REFEREE)
        base = ["--config", config, "--templates", templates]
        run([ck, "player", "add", "White Player", WHITE, "--config", config])
        run([ck, "player", "add", "Black Player", BLACK, "--config", config])
        for game in ("1", "2"):
            out = run([ck, "game", "new", "--variant", "chess", "--white", WHITE, "--black",
                       BLACK, "--time", "1d", "--now", "2026-11-01T00:00:00Z"] + base)
            if out.strip().splitlines()[-1] != game:
                fail("game new printed %r" % out)
        append(reply_to_of(work, "1", WHITE), "e4", "01-Nov-2026 20:00:00 +0000", 1)
        append(reply_to_of(work, "2", WHITE), "e4", "02-Nov-2026 00:01:00 +0000", 2)
        before = len(outbox_mails(work))
        run([ck, "serve", "--once", "--now", "2026-11-02T00:30:00Z"] + base)
        new = outbox_mails(work)[before:]

        record1 = run([ck, "game", "pgn", "1", "--config", config])
        if "1. e4" not in record1 or '[Result "*"]' not in record1:
            fail("game 1: e4 arrived in time but was not played:\n" + record1)
        record2 = run([ck, "game", "pgn", "2", "--config", config])
        if '[Termination "time forfeit"]' not in record2 or "1. e4" in record2:
            fail("game 2: e4 arrived after the deadline but was played:\n" + record2)
        texts = [(str(m["To"]), str(m["Subject"]), m.get_body(("plain",)).get_content())
                 for m in new]
        if not any(BLACK in t and "#1]" in s and "White played e4" in b for t, s, b in texts):
            fail("Black not told of e4 in game 1: %s" % [(t, s) for t, s, _ in texts])
        if not any(WHITE in t and "#2]" in s and "game is over" in b for t, s, b in texts):
            fail("White's late e4 in game 2 not refused: %s" % [(t, s) for t, s, _ in texts])
        print("ok: INTERNALDATE before the deadline plays the move, after it loses on time")


if __name__ == "__main__":
    main()
