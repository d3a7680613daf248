"""Helpers of the command-line e2e tests: run crazykrieg in a fresh work directory (the embedded
default: var/inbox, var/outbox, var/games under it) and read what it mailed."""
import email
import email.policy
import email.utils
import os
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


def text_body(raw):
    msg = email.message_from_string(raw, policy=email.policy.default)
    return msg.get_body(preferencelist=("plain",)).get_content()
