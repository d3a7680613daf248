#!/usr/bin/env python3
"""CTest entry (labels mailserver;e2e): the scripted CrazyKrieg game through real mail servers.

usage: run_mailserver.py CRAZYKRIEG_BINARY WORK_DIR TEMPLATES_DIR [SCRIPT_NAME]
environment: CK_MT_IMAP_PORT (10143), CK_MT_SMTP_PORT (10025), CK_MT_PASSWORD (secret);
  CK_MT_TLS_CA=FILE: the daemon reads over IMAPS (CK_MT_IMAPS_PORT, 10993) and sends through
  submission (CK_MT_SUBMISSION_PORT, 10587: STARTTLS, AUTH) with verify_tls = yes and
  ca_file = FILE (the fixture's throw-away CA, scripts/mailtest.sh TLS=yes)

Needs the servers of scripts/mailtest.sh (the `mailserver` CTest fixture): dovecot IMAP and
postfix SMTP on 127.0.0.1, users referee, white and black @example.test, plus-addressing on.
`crazykrieg serve --once` reads referee@example.test's INBOX over IMAP and sends over SMTP; the
players send with smtplib and read their INBOX with imaplib. Every mail gets the checks of
ckplay.py. Exit 77 (skipped) when the servers are not up."""
import os
import shutil
import socket
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ckplay  # noqa: E402
import games  # noqa: E402


def port_up(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        return True
    except OSError:
        return False


def main():
    if len(sys.argv) not in (4, 5):
        print(__doc__, file=sys.stderr)
        return 2
    binary, work, templates = sys.argv[1:4]
    name = sys.argv[4] if len(sys.argv) == 5 else "crazykrieg-mate"
    imap_port = int(os.environ.get("CK_MT_IMAP_PORT", "10143"))
    smtp_port = int(os.environ.get("CK_MT_SMTP_PORT", "10025"))
    password = os.environ.get("CK_MT_PASSWORD", "secret")
    if not (port_up(imap_port) and port_up(smtp_port)):
        print("SKIP: no mail servers on 127.0.0.1:%d/%d (scripts/mailtest.sh start)"
              % (imap_port, smtp_port))
        return 77
    tls_ca = os.environ.get("CK_MT_TLS_CA", "")
    if tls_ca and not os.path.exists(tls_ca):
        print("SKIP: %s missing: the mail servers run without TLS=yes" % tls_ca)
        return 77
    work = os.path.abspath(os.path.join(work, "mailserver-" + name + ("-tls" if tls_ca else "")))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "var"))
    pw = os.path.join(work, "var", "referee.password")
    with open(pw, "w") as f:
        f.write(password + "\n")
    os.chmod(pw, 0o600)
    config = os.path.join(work, "crazykrieg.conf")
    if tls_ca:
        daemon_side = """[imap]
url = imaps://127.0.0.1:%d/INBOX
user = referee@example.test
password_file = %s
processed_folder = Processed
verify_tls = yes
ca_file = %s
[smtp]
url = smtp://127.0.0.1:%d
user = referee@example.test
password_file = %s
starttls = yes
verify_tls = yes
ca_file = %s
""" % (int(os.environ.get("CK_MT_IMAPS_PORT", "10993")), pw, tls_ca,
            int(os.environ.get("CK_MT_SUBMISSION_PORT", "10587")), pw, tls_ca)
    else:
        daemon_side = """[imap]
url = imap://127.0.0.1:%d/INBOX
user = referee@example.test
password_file = %s
processed_folder = Processed
starttls = no
[smtp]
url = smtp://127.0.0.1:%d
starttls = no
""" % (imap_port, pw, smtp_port)
    with open(config, "w") as f:
        f.write("""[store]
dir = var/games
[mail]
source = imap
sink = smtp
referee_address = referee@example.test
secret_file = var/secret
""" + daemon_side)
    accounts = {a: password for a in ("referee@example.test", "white@example.test",
                                      "black@example.test")}
    transport = ckplay.ImapSmtpTransport(("127.0.0.1", smtp_port), ("127.0.0.1", imap_port),
                                         accounts, "referee@example.test")
    for a in ("white@example.test", "black@example.test"):
        transport.mark_all_seen(a)  # mail of earlier tests in the same fixture
    club = ckplay.Club(os.path.abspath(binary), work, templates, config=config,
                       transport=transport)
    problems = ckplay.play_script(club, club.binary, games.SCRIPTS[name],
                                  white=("White", "white@example.test"),
                                  black=("Black", "black@example.test"))
    for p in problems:
        print("FAIL:", p)
    print("%s over %s: %s" % (name, "IMAPS/submission (verified TLS)" if tls_ca else "IMAP/SMTP", "ok" if not problems else
                                     "%d problems" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
