#!/usr/bin/env python3
"""Real postfix delivers the players' mail into `crazykrieg deliver` (the MTA pipe).

usage: mta_pipe_live.py CRAZYKRIEG TEMPLATES_DIR MAILTEST_DIR

Runs inside the CTest fixture `mailserver` started with PIPE=yes (scripts/mailtest.sh): postfix
hands mail for any address @club.test to its pipe(8) transport `crazykrieg` (flags=DRq, as user
mail, one recipient per delivery), which runs MAILTEST_DIR/pipe/deliver. This test writes that
program as a club would (`crazykrieg deliver --config ...`; README "Delivering through the MTA
(deliver)") for a club whose referee is referee@club.test; the daemon's answers go out through
postfix's SMTP port to the players @example.test, who read them over IMAP.

Checked: White's move sent over SMTP to the reply address reaches the daemon through postfix
and the pipe, and Black's turn mail arrives; while the club's inbox Maildir cannot be written,
deliver exits 75 (EX_TEMPFAIL), postfix defers the mail (it stays in postfix's queue, the log
says status=deferred) and nothing is answered; once the inbox is writable again a queue flush
delivers it and the answer arrives; each mail acts once.
"""
import email.utils
import os
import pwd
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_live as live  # noqa: E402

REFEREE = "referee@club.test"


def postfix_queue(mt):
    p = subprocess.run(["/usr/sbin/postqueue", "-c", os.path.join(mt, "postfix/etc"), "-j"],
                       capture_output=True, text=True, timeout=60)
    return [line for line in p.stdout.splitlines() if line.strip()]


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        sys.exit(2)
    ck, templates, mt = (os.path.abspath(a) for a in sys.argv[1:4])
    if os.geteuid() != 0:
        live.skip("live mail server tests need root (scripts/mailtest.sh)")
    pipe = os.path.join(mt, "pipe")
    if not os.path.isdir(pipe):
        live.skip("the mailserver fixture runs without PIPE=yes (no %s)" % pipe)
    mail_user = pwd.getpwnam("mail")
    club = os.path.join(pipe, "club")
    shutil.rmtree(club, ignore_errors=True)
    os.makedirs(club)
    config = os.path.join(club, "crazykrieg.conf")
    with open(config, "w") as f:
        f.write("""[store]
dir = {c}/games
[mail]
source = maildir
inbox = {c}/inbox
sink = smtp
referee_address = {ref}
secret_file = {c}/secret
[smtp]
url = smtp://127.0.0.1:{smtp}
starttls = no
""".format(c=club, ref=REFEREE, smtp=live.SMTP_PORT))
    # The program postfix runs: what a club puts in master.cf's argv=, here as a script because
    # the binary's path is known only now.
    program = os.path.join(pipe, "deliver")
    with open(program, "w") as f:
        f.write("#!/bin/sh\nexec %s deliver --config %s --templates %s\n" % (ck, config, templates))
    os.chmod(program, 0o755)

    def as_club(args):
        p = subprocess.run(["runuser", "-u", "mail", "--", ck] + args + ["--config", config],
                           capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            live.fail("%s exited %d: %s%s" % (args, p.returncode, p.stdout, p.stderr))
        return p.stdout

    os.chown(club, mail_user.pw_uid, mail_user.pw_gid)
    for user in (live.WHITE, live.BLACK):
        live.clear(user)
    as_club(["player", "add", "White Player", live.WHITE])
    as_club(["player", "add", "Black Player", live.BLACK])
    game = as_club(["game", "new", "--variant", "crazyhouse", "--white", live.WHITE, "--black",
                    live.BLACK, "--templates", templates]).strip().splitlines()[-1]
    tagged = "[crazykrieg #%s]" % game
    start_w = live.wait_for(live.WHITE, lambda m: tagged in str(m["Subject"]), "White's start")
    start_b = live.wait_for(live.BLACK, lambda m: tagged in str(m["Subject"]), "Black's start")
    reply_w = email.utils.parseaddr(str(start_w["Reply-To"]))[1]
    reply_b = email.utils.parseaddr(str(start_b["Reply-To"]))[1]
    if not reply_w.endswith("@club.test"):
        live.fail("White's Reply-To %r is not @club.test" % reply_w)

    # 1. Through postfix and the pipe: White's move, Black's turn mail.
    live.send(live.WHITE, reply_w, "1. e4", "pipe-w1-%s@example.test" % live.TAG)
    live.wait_for(live.BLACK, lambda m: tagged in str(m["Subject"]) and "e4" in live.text_of(m),
                  "Black's turn mail after e4 (through postfix -> deliver)")

    # 2. The inbox cannot be written: deliver exits 75, postfix defers and keeps the mail.
    tmp = os.path.join(club, "inbox", "tmp")
    os.chmod(tmp, 0o555)
    try:
        black_id = "pipe-b1-%s@example.test" % live.TAG
        live.send(live.BLACK, reply_b, "1... e5", black_id)
        maillog = os.path.join(mt, "postfix/maillog")
        deadline = time.monotonic() + 30
        while True:
            with open(maillog, errors="replace") as f:
                deferred = [line for line in f if "relay=crazykrieg" in line and
                            "status=deferred" in line and "temporary failure" in line]
            if deferred:
                break
            if time.monotonic() > deadline:
                live.fail("postfix did not defer the mail to the pipe while the inbox was "
                          "unwritable; maillog tail:\n" + "".join(open(maillog).readlines()[-15:]))
            time.sleep(0.2)
        queue = postfix_queue(mt)
        if not any(REFEREE.split("@")[1] in q for q in queue):
            live.fail("the deferred mail is not in postfix's queue: %s" % queue)
        time.sleep(1)
        if any("e5" in live.text_of(m) for m in live.messages(live.WHITE)):
            live.fail("the deferred move was answered")
    finally:
        os.chmod(tmp, 0o755)
    # 3. Writable again: a queue flush (postfix would retry by itself later) delivers it.
    subprocess.run(["/usr/sbin/postqueue", "-c", os.path.join(mt, "postfix/etc"), "-f"],
                   check=True, timeout=60)
    live.wait_for(live.WHITE, lambda m: tagged in str(m["Subject"]) and "e5" in live.text_of(m),
                  "White's turn mail after the deferred e5 was retried")
    deadline = time.monotonic() + 30
    while postfix_queue(mt):
        if time.monotonic() > deadline:
            live.fail("postfix's queue is not empty: %s" % postfix_queue(mt))
        time.sleep(0.2)
    # Each mail acted once: the game start, the mover's note and the opponent's turn mail.
    time.sleep(1)
    for user, heard in ((live.WHITE, "Black played e5"), (live.BLACK, "White played e4")):
        mails = [m for m in live.messages(user) if tagged in str(m["Subject"])]
        n = sum(1 for m in mails if heard in live.text_of(m))
        if len(mails) != 3 or n != 1:
            live.fail("%s: %d mails, %d with %r; expected 3 and 1" % (user, len(mails), n, heard))
    print("mta pipe: postfix -> crazykrieg deliver works; exit 75 deferred and retried")


if __name__ == "__main__":
    main()
