"""Helpers of the command-line e2e tests: run crazykrieg in a fresh work directory (the embedded
default: var/inbox, var/outbox, var/games under it) and read what it mailed."""
import datetime
import email
import email.policy
import email.utils
import os
import re
import shutil
import subprocess
import sys


class Cli:
    def __init__(self, binary, work, templates):
        self.binary, self.work, self.templates = binary, work, templates
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        self.outbox = os.path.join(work, "var", "outbox", "new")
        self.seen = set()

    def ck(self, *args, check=True):
        """crazykrieg ARGS in the work directory; its stdout (check: exit 0 or fail the test)."""
        r = subprocess.run([self.binary, *args], cwd=self.work, capture_output=True, text=True,
                           timeout=60)
        if check and r.returncode != 0:
            fail(f"crazykrieg {' '.join(args)} exited {r.returncode}\n{r.stdout}{r.stderr}")
        return r.stdout if check else r

    def new_mails(self):
        """(recipient, subject, raw) of the outbox mails not seen before, in delivery order."""
        out = []
        if not os.path.isdir(self.outbox):
            return out
        for name in sorted(os.listdir(self.outbox)):
            if name in self.seen:
                continue
            self.seen.add(name)
            with open(os.path.join(self.outbox, name), "rb") as f:
                raw = f.read()
            msg = email.message_from_bytes(raw, policy=email.policy.default)
            out.append((str(msg["To"]), str(msg["Subject"]), raw.decode("utf-8", "replace")))
        return out

    def serve_at(self, now):
        """One `serve --once --now NOW` pass; the mails it sent."""
        self.ck("serve", "--once", "--now", now, "--templates", self.templates)
        return self.new_mails()


class PassClock:
    """The club's time for `serve --once --now` passes: `now` starts at `start` and each serve()
    steps it on first; a test may also set `now` itself."""

    def __init__(self, cli, start):
        self.cli, self.now = cli, start

    def stamp(self):
        return self.now.strftime("%Y-%m-%dT%H:%M:%SZ")

    def serve(self, hours=1):
        """One pass `hours` after the last (exit 0 or fail the test): (its mails, its operator
        log)."""
        self.now += datetime.timedelta(hours=hours)
        r = self.cli.ck("serve", "--once", "--now", self.stamp(), "--templates",
                        self.cli.templates, check=False)
        if r.returncode != 0:
            fail(f"serve exited {r.returncode}\n{r.stdout}{r.stderr}")
        return self.cli.new_mails(), r.stderr


def fail(what):
    sys.exit(f"FAIL: {what}")


def expect(cond, what, mails=()):
    if not cond:
        fail(f"{what}: {[(t, s) for t, s, _ in mails]}")


def deliver(inbox, frm, to, subject, lines):
    """A mail from `frm` to `to` delivered into the referee's inbox Maildir."""
    msg = email.message.EmailMessage(policy=email.policy.SMTP)
    msg["From"], msg["To"], msg["Subject"] = frm, to, subject
    msg["Date"] = email.utils.formatdate(localtime=False)
    msg["Message-ID"] = email.utils.make_msgid(domain="example.test")
    msg.set_content("\n".join(lines) + "\n")
    for sub in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(inbox, sub), exist_ok=True)
    name = email.utils.make_msgid().strip("<>").replace("/", "_")
    with open(os.path.join(inbox, "tmp", name), "wb") as f:
        f.write(msg.as_bytes())
    os.rename(os.path.join(inbox, "tmp", name), os.path.join(inbox, "new", name))


def reply_address(mails, address, subject_part):
    """(Reply-To, Subject) of the mail to `address` whose subject holds `subject_part`."""
    for to, subject, raw in mails:
        if address in to and subject_part in subject:
            msg = email.message_from_string(raw, policy=email.policy.default)
            return str(msg["Reply-To"]), subject
    fail(f"no '{subject_part}' mail to {address}: {[(t, s) for t, s, _ in mails]}")


GAME_START = re.compile(r"\[crazykrieg #(\d+)\] New game( \(([^,]+), round (\d+)\))?: you play "
                        r"(White|Black)")


def games_started(mails, event=None):
    """The games whose game-start mails are among `mails`: {game: {"event" (None: a game of no
    event), "round" (0: none), "white", "black", "reply": {address: Reply-To}}}; with `event`,
    only that event's games."""
    games = {}
    for to, subject, raw in mails:
        m = GAME_START.search(subject)
        if not m or (event is not None and m.group(3) != event):
            continue
        g = games.setdefault(int(m.group(1)), {"event": m.group(3),
                                               "round": int(m.group(4) or 0), "reply": {}})
        address = to[to.index("<") + 1:to.index(">")]
        g["white" if m.group(5) == "White" else "black"] = address
        msg = email.message_from_string(raw, policy=email.policy.default)
        reply = str(msg["Reply-To"])
        g["reply"][address] = reply[reply.index("<") + 1:reply.index(">")]
    return games


def text_body(raw):
    msg = email.message_from_string(raw, policy=email.policy.default)
    return msg.get_body(preferencelist=("plain",)).get_content()
