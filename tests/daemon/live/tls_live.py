#!/usr/bin/env python3
"""Verified TLS against real dovecot and postfix, and refusals of bad certificates.

usage: tls_live.py CRAZYKRIEG TEMPLATES_DIR MAILTEST_DIR

Runs inside the CTest fixture `mailserver` started with TLS=yes (scripts/mailtest.sh: IMAPS
127.0.0.1:$IMAPS_PORT, submission 127.0.0.1:$SUBMISSION_PORT with STARTTLS and AUTH required,
the throw-away CA MAILTEST_DIR/tls/ca.pem and its key). README "TLS".

Checked:
- with imaps:// + submission (STARTTLS, AUTH), verify_tls = yes and ca_file = the test CA,
  `config check --connect` is ok and `serve --once` handles a mail and answers through
  submission;
- a wrong CA (a second CA made here), an expired certificate and a certificate for another host
  (both signed by the right CA, presented by a small TLS server of this script on 127.0.0.1:
  10050 implicit TLS for IMAP, 10051 STARTTLS for SMTP): `config check --connect` and `serve`
  exit 1 naming the certificate problem; the mail waiting in the INBOX is neither processed
  nor lost;
- the password never appears in any output or log of these runs (a canary password for the
  refusals; the fixture's password as user:password or an AUTH PLAIN blob otherwise).
"""
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_live as live  # noqa: E402

IMAPS_PORT = int(os.environ.get("IMAPS_PORT", str(live.IMAP_PORT + 850)))
SUBMISSION_PORT = int(os.environ.get("SUBMISSION_PORT", str(live.SMTP_PORT + 562)))
FAKE_IMAPS_PORT, FAKE_SMTP_PORT = 10050, 10051
# The failure cases use a password of their own, so that a leak is easy to find.
CANARY = "Canary-pw-7Qx2"


def openssl(*args):
    p = subprocess.run(["openssl"] + list(args), capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        live.fail("openssl %s: %s" % (" ".join(args), p.stderr))


def make_certs(work, ca_dir):
    """other-ca.pem (a CA that signed nothing here), expired.pem and wronghost.pem (signed by
    the fixture's CA). `openssl ca` is used for the expired one: only it sets past dates."""
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    d = os.path.join(work, "certs")
    os.makedirs(d)
    openssl("req", "-x509", *ec, "-days", "3", "-keyout", d + "/other-ca.key", "-out",
            d + "/other-ca.pem", "-subj", "/CN=another CA")
    with open(d + "/index.txt", "w"):
        pass
    with open(d + "/serial", "w") as f:
        f.write("1000\n")
    with open(d + "/ca.cnf", "w") as f:
        f.write("""[ca]
default_ca = test
[test]
database = {d}/index.txt
serial = {d}/serial
new_certs_dir = {d}
certificate = {ca}/ca.pem
private_key = {ca}/ca.key
default_md = sha256
policy = any
copy_extensions = none
unique_subject = no
[any]
commonName = supplied
[ext_local]
subjectAltName = IP:127.0.0.1,DNS:localhost
[ext_other]
subjectAltName = DNS:mail.elsewhere.test
""".format(d=d, ca=ca_dir))
    for name, dates, ext in (("expired", ["-startdate", "20200101000000Z", "-enddate",
                                          "20200201000000Z"], "ext_local"),
                             ("wronghost", ["-days", "2"], "ext_other")):
        openssl("req", *ec, "-keyout", "%s/%s.key" % (d, name), "-out", "%s/%s.csr" % (d, name),
                "-subj", "/CN=%s" % name)
        openssl("ca", "-batch", "-config", d + "/ca.cnf", "-extensions", ext, *dates, "-in",
                "%s/%s.csr" % (d, name), "-out", "%s/%s.pem" % (d, name))
    return d


class FakeTlsServer:
    """Presents a certificate on 127.0.0.1: IMAP with implicit TLS, SMTP with STARTTLS. It
    never gets further than the handshake with a client that verifies."""

    def __init__(self, cert, key):
        self.ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.ctx.load_cert_chain(cert, key)
        self.socks = []
        for port, starttls in ((FAKE_IMAPS_PORT, False), (FAKE_SMTP_PORT, True)):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", port))
            s.listen(8)
            self.socks.append(s)
            threading.Thread(target=self.serve, args=(s, starttls), daemon=True).start()

    def serve(self, s, starttls):
        while True:
            try:
                c, _ = s.accept()
            except OSError:
                return
            try:
                c.settimeout(10)
                if starttls:
                    c.sendall(b"220 fake ESMTP\r\n")
                    f = c.makefile("rb")
                    while True:
                        line = f.readline().upper()
                        if not line:
                            break
                        if line.startswith((b"EHLO", b"HELO")):
                            c.sendall(b"250-fake\r\n250-AUTH PLAIN\r\n250 STARTTLS\r\n")
                        elif line.startswith(b"STARTTLS"):
                            c.sendall(b"220 go ahead\r\n")
                            break
                        else:
                            c.sendall(b"530 must issue STARTTLS first\r\n")
                self.ctx.wrap_socket(c, server_side=True).close()
            except (OSError, ssl.SSLError):
                pass
            finally:
                c.close()

    def close(self):
        for s in self.socks:
            try:
                s.shutdown(socket.SHUT_RDWR)  # wakes the accept() of the thread
            except OSError:
                pass
            s.close()


def write_config(path, work, imap_url, smtp_url, password_file, ca_file, starttls_imap="no"):
    with open(path, "w") as f:
        f.write("""[store]
dir = {w}/games
[mail]
source = imap
sink = smtp
inbox = {w}/inbox
outbox = {w}/outbox
referee_address = {ref}
secret_file = {w}/server.key
[imap]
url = {imap}
user = {ref}
password_file = {pw}
processed_folder = Done-tls
starttls = {st}
verify_tls = yes
ca_file = {ca}
[smtp]
url = {smtp}
user = {ref}
password_file = {pw}
starttls = yes
verify_tls = yes
ca_file = {ca}
""".format(w=work, ref=live.REFEREE, imap=imap_url, smtp=smtp_url, pw=password_file,
           ca=ca_file, st=starttls_imap))


def no_password(texts, password, what):
    for t in texts:
        if re.search(r"(?<![\w/.-])" + re.escape(password) + r"(?![\w])", t):
            live.fail("%s: the password appears in the output:\n%s" % (what, t))


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        sys.exit(2)
    ck, templates, mt = sys.argv[1:4]
    if os.geteuid() != 0:
        live.skip("live mail server tests need root (scripts/mailtest.sh)")
    ca_dir = os.path.join(mt, "tls")
    if not os.path.exists(os.path.join(ca_dir, "ca.pem")):
        live.skip("the mailserver fixture runs without TLS=yes (no %s/ca.pem)" % ca_dir)
    ca = os.path.join(ca_dir, "ca.pem")
    work = tempfile.mkdtemp(prefix="ck-tls-live-")
    outputs = []

    def ck_run(args, expect=0):
        p = subprocess.run([ck] + args, capture_output=True, text=True, timeout=120)
        outputs.append(p.stdout + p.stderr)
        if expect is not None and p.returncode != expect:
            live.fail("%s exited %d, expected %d\nstdout: %s\nstderr: %s"
                      % (args, p.returncode, expect, p.stdout, p.stderr))
        return p

    pw = os.path.join(work, "password")
    with open(os.open(pw, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
        f.write(live.PASSWORD + "\n")
    canary = os.path.join(work, "canary-password")
    with open(os.open(canary, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
        f.write(CANARY + "\n")
    good = os.path.join(work, "good.conf")
    write_config(good, work, "imaps://127.0.0.1:%d/INBOX" % IMAPS_PORT,
                 "smtp://127.0.0.1:%d" % SUBMISSION_PORT, pw, ca)
    for user in (live.REFEREE, live.WHITE, live.BLACK):
        live.clear(user)
    base = ["--config", good, "--templates", templates]

    # 1. The good set-up: verified TLS on both sides, AUTH through submission.
    out = ck_run(["config", "check", "--connect"] + base).stdout
    for want in ("imap connection: ok", "smtp connection: ok",
                 "certificate verified against " + ca):
        if want not in out:
            live.fail("config check --connect (good CA): %r not in\n%s" % (want, out))
    # STARTTLS on the IMAP port is verified the same way.
    starttls = os.path.join(work, "starttls.conf")
    write_config(starttls, work, "imap://127.0.0.1:%d/INBOX" % live.IMAP_PORT,
                 "smtp://127.0.0.1:%d" % SUBMISSION_PORT, pw, ca, starttls_imap="yes")
    ck_run(["config", "check", "--connect", "--config", starttls, "--templates", templates])
    ck_run(["player", "add", "White Player", live.WHITE, "--config", good])
    ck_run(["player", "add", "Black Player", live.BLACK, "--config", good])
    game = ck_run(["game", "new", "--variant", "crazyhouse", "--white", live.WHITE, "--black",
                   live.BLACK] + base).stdout.strip().splitlines()[-1]
    tagged = "[crazykrieg #%s]" % game
    start = live.wait_for(live.WHITE, lambda m: tagged in str(m["Subject"]), "game start (TLS)")
    reply_to = live.email.utils.parseaddr(str(start["Reply-To"]))[1]

    # 2. Bad certificates: a mail waits in the INBOX; nothing may touch it.
    waiting_id = "tls-waiting-%s@%s" % (live.TAG, live.DOMAIN)
    live.send(live.WHITE, reply_to, "1. e4", waiting_id)
    live.wait_for(live.REFEREE, lambda m: waiting_id in str(m["Message-ID"]), "the waiting mail")
    certs = make_certs(work, ca_dir)
    cases = [("wrong CA", "imaps://127.0.0.1:%d/INBOX" % IMAPS_PORT,
              "smtp://127.0.0.1:%d" % SUBMISSION_PORT, certs + "/other-ca.pem", None,
              r"certificate problem: (unable to get local issuer|self[- ]signed)")]
    for name, pattern in (("expired", r"certificate problem: .*certificate has expired"),
                          ("wronghost", r"certificate problem: .*(subject name|host name)")):
        cases.append((name, "imaps://127.0.0.1:%d/INBOX" % FAKE_IMAPS_PORT,
                      "smtp://127.0.0.1:%d" % FAKE_SMTP_PORT, ca, name, pattern))
    for name, imap_url, smtp_url, ca_file, fake, pattern in cases:
        server = FakeTlsServer("%s/%s.pem" % (certs, fake), "%s/%s.key" % (certs, fake)) \
            if fake else None
        try:
            conf = os.path.join(work, name.replace(" ", "-") + ".conf")
            write_config(conf, work, imap_url, smtp_url, canary, ca_file)
            args = ["--config", conf, "--templates", templates]
            p = ck_run(["config", "check", "--connect"] + args, expect=1)
            for side in ("imap connection", "smtp connection"):
                if not re.search(side + r": .*" + pattern, p.stdout):
                    live.fail("config check --connect (%s): no %s line matching %r in\n%s"
                              % (name, side, pattern, p.stdout))
            p = ck_run(["serve", "--poll", "1"] + args, expect=None)
            if p.returncode != 1 or not re.search(pattern, p.stderr):
                live.fail("serve (%s): exit %d, stderr:\n%s" % (name, p.returncode, p.stderr))
            if fake:  # the SMTP side alone: a good IMAPS, a bad submission server
                mixed = os.path.join(work, name + "-smtp.conf")
                write_config(mixed, work, "imaps://127.0.0.1:%d/INBOX" % IMAPS_PORT, smtp_url,
                             canary, ca)
                p = ck_run(["serve", "--once", "--config", mixed, "--templates", templates],
                           expect=None)
                if p.returncode != 1 or not re.search("mail sink: .*" + pattern, p.stderr):
                    live.fail("serve (%s, SMTP only): exit %d, stderr:\n%s"
                              % (name, p.returncode, p.stderr))
        finally:
            if server:
                server.close()
        inbox = live.messages(live.REFEREE)
        if not any(waiting_id in str(m["Message-ID"]) for m in inbox):
            live.fail("%s: the waiting mail left the INBOX" % name)
        if live.messages(live.REFEREE, "Done-tls"):
            live.fail("%s: a mail was processed" % name)
    no_password(outputs, CANARY, "bad certificates")

    # 3. The good set-up handles the waiting mail: in through IMAPS, out through submission.
    ck_run(["serve", "--once"] + base)
    live.wait_for(live.BLACK, lambda m: tagged in str(m["Subject"]) and "e4" in live.text_of(m),
                  "Black's turn mail after White's e4 (sent through submission)")
    if live.messages(live.REFEREE):
        live.fail("the INBOX still holds mail after serve --once")
    logs = []
    for log in ("dovecot/dovecot.log", "postfix/maillog"):
        with open(os.path.join(mt, log), errors="replace") as f:
            logs.append(f.read())
    # The fixture's password is a common word ("secret" is also a config label): look for it
    # the ways a leak would show it, as user:password and as an AUTH PLAIN blob.
    import base64
    blob = base64.b64encode(("\0%s\0%s" % (live.REFEREE, live.PASSWORD)).encode()).decode()
    for leak in ("%s:%s" % (live.REFEREE, live.PASSWORD), blob):
        if any(leak in t for t in outputs + logs):
            live.fail("the password appears in an output or log (%s)" % leak)
    no_password(logs, CANARY, "server logs")
    shutil.rmtree(work, ignore_errors=True)  # kept when a check failed
    print("tls: verified IMAPS/STARTTLS/submission ok; wrong CA, expired and wrong-host "
          "certificates refused by config check and serve; no password in any output")


if __name__ == "__main__":
    main()
