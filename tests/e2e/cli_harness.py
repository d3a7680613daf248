"""Helpers of the command-line e2e tests: run crazykrieg in a fresh work directory (the embedded
default: var/inbox, var/outbox, var/games under it) and read what it mailed."""
import email
import email.policy
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
