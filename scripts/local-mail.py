#!/usr/bin/env python3
"""A player's mail client for the embedded default (no mail server), for trying crazykrieg out.

  scripts/local-mail.py [--var DIR] read ADDRESS           print ADDRESS's newest mail (text part)
  scripts/local-mail.py [--var DIR] reply ADDRESS LINE...  reply to it, one command per LINE
  scripts/local-mail.py [--var DIR] send ADDRESS LINE... [--to REFEREE]
                                                     a new mail to the plain referee address

`read` takes the newest mail to ADDRESS from the referee's outbox Maildir (DIR/outbox, default
./var/outbox). `reply` answers that mail as a mail client's "Reply" would: From ADDRESS, To its
Reply-To (the game's private address), Subject "Re: ...", In-Reply-To/References, a fresh
Message-ID, the LINEs as the body; it is delivered into the referee's inbox Maildir (DIR/inbox),
where `crazykrieg serve` picks it up. `send` writes a new mail (club commands: `challenge`,
`join`, `standings`, ...) from ADDRESS to the plain referee address: the From of ADDRESS's
newest mail, else referee@club.example (the default `referee_address`). Nothing here knows the
server secret: like a real player, this tool can only answer mails it was sent. `read` and
`reply` exit with status 1 when ADDRESS has no mail.
"""
import argparse
import email
import email.policy
import email.utils
import os
import socket
import sys
import time

DEFAULT_REFEREE = "referee@club.example"  # src/league/config.hpp referee_address


def mails_to(outbox, address):
    """(mtime, path, message) of every mail in the Maildir `outbox` addressed to `address`."""
    found = []
    for sub in ("new", "cur"):
        folder = os.path.join(outbox, sub)
        if not os.path.isdir(folder):
            continue
        for name in os.listdir(folder):
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                msg = email.message_from_binary_file(f, policy=email.policy.default)
            rcpts = [a.lower() for _, a in email.utils.getaddresses(msg.get_all("To", []))]
            if address.lower() in rcpts:
                found.append((os.stat(path).st_mtime_ns, name, msg))
    found.sort(key=lambda t: (t[0], t[1]))
    return found


def newest(outbox, address):
    found = mails_to(outbox, address)
    if not found:
        sys.exit(f"local-mail: no mail to {address} in {outbox}")
    return found[-1][2]


def text_of(msg):
    part = msg.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else "(no text part)\n"


def deliver(inbox, raw):
    """Maildir delivery: write into tmp/, then rename into new/."""
    for sub in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(inbox, sub), exist_ok=True)
    name = f"{time.time_ns()}.P{os.getpid()}.{socket.gethostname()}"
    tmp = os.path.join(inbox, "tmp", name)
    with open(tmp, "wb") as f:
        f.write(raw)
        f.flush()
        os.fsync(f.fileno())
    os.rename(tmp, os.path.join(inbox, "new", name))
    return name


def reply(outbox, inbox, address, lines):
    orig = newest(outbox, address)
    to = orig.get("Reply-To") or orig.get("From")
    subject = str(orig.get("Subject", ""))
    if not subject.lower().startswith("re:"):
        subject = "Re: " + subject
    msg = email.message.EmailMessage(policy=email.policy.SMTP)
    msg["From"] = address
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = email.utils.formatdate(localtime=False)
    msg["Message-ID"] = email.utils.make_msgid(domain=address.split("@")[-1])
    if orig.get("Message-ID"):
        msg["In-Reply-To"] = orig["Message-ID"]
        refs = str(orig.get("References", "")).split()
        msg["References"] = " ".join(refs + [str(orig["Message-ID"])])
    msg.set_content("\n".join(lines) + "\n")
    deliver(inbox, msg.as_bytes())
    print(f"sent to {to}: {' / '.join(lines)}")


def send(outbox, inbox, address, lines, to):
    if to is None:
        found = mails_to(outbox, address)
        to = email.utils.parseaddr(str(found[-1][2]["From"]))[1] if found else DEFAULT_REFEREE
    msg = email.message.EmailMessage(policy=email.policy.SMTP)
    msg["From"] = address
    msg["To"] = to
    msg["Subject"] = lines[0]
    msg["Date"] = email.utils.formatdate(localtime=False)
    msg["Message-ID"] = email.utils.make_msgid(domain=address.split("@")[-1])
    msg.set_content("\n".join(lines) + "\n")
    deliver(inbox, msg.as_bytes())
    print(f"sent to {to}: {' / '.join(lines)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--var", default="var", help="the embedded default's directory (./var)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("read")
    r.add_argument("address")
    p = sub.add_parser("reply")
    p.add_argument("address")
    p.add_argument("lines", nargs="+")
    s = sub.add_parser("send")
    s.add_argument("address")
    s.add_argument("lines", nargs="+")
    s.add_argument("--to", help="the referee address (default: see above)")
    args = ap.parse_args()
    outbox = os.path.join(args.var, "outbox")
    inbox = os.path.join(args.var, "inbox")
    if args.cmd == "read":
        msg = newest(outbox, args.address)
        print(f"Subject: {msg.get('Subject', '')}\n")
        print(text_of(msg), end="")
    elif args.cmd == "send":
        send(outbox, inbox, args.address, args.lines, args.to)
    else:
        reply(outbox, inbox, args.address, args.lines)


if __name__ == "__main__":
    main()
