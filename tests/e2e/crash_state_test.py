#!/usr/bin/env python3
"""Power-loss test of the store: every crash state the file-system barriers allow, checked with
the real binary (README "Store: what the tests cover"; the ALICE method, OSDI'14).

kill -9 keeps the page cache, so it cannot tell a missing fsync from a present one. This test
records the file-system calls of real workloads with strace, rebuilds from them every state a
power loss could leave on disk under two persistence models, and checks each state:
  prefix  ext4 (data=ordered) / XFS-like: metadata operations (create, rename, unlink, mkdir)
          persist in order, every one before the last barrier (any fsync or syncfs commits the
          file system's journal) and any prefix of the ones after it;
  posix   strict: a metadata operation persists only once a syncfs or an fsync of its directory
          followed it; the ones not yet covered persist all, none, or all but one.
In both, a write or truncation persists once an fsync of its file or a syncfs followed it; one
not covered is kept, dropped, zeroed (the size reached the disk, not the data) or torn at 4 KiB.
The checks (the oracle), in a copy of each state on a tmpfs:
  (a) the store opens (`game list` exits 0: it replays the journals);
  (b) every inbox mail is still in new/ or cur/;
  (c) a mail marked done at its source (cur/, flag S) has its Message-ID in ledger/seen;
  (d) after a recovery `serve --once`, every game (`game show N --as referee`), the ledger and
      the set of outgoing Message-IDs equal those of the run without a crash (for a command
      such as `tournament start`, which a crash may lose whole: those of the run with it or of
      the run without it). Duplicate outgoing mails are counted, not failed (at-least-once).
Fault mode (--faults): the same workloads under the fault shim (tests/store/fault_shim.cpp),
EIO and ENOSPC from open, write, fsync, syncfs and rename at each point of the workload (every
point in --long, else a seeded sample), followed by a clean recovery run: same oracle.
--mutant journal-fsync|journal-dir-fsync removes that barrier from the recorded log, as if the
code lost it: the test must then fail (it shows the test can see a missing fsync).

usage: crash_state_test.py CRAZYKRIEG WORKDIR TEMPLATES SHIM [--long] [--faults]
                           [--workload NAME] [--mutant WHICH] [--seed N]
environment: CK_CRASH_STATE_LONG=1 (same as --long). Exit 77 when strace is missing."""
import argparse
import concurrent.futures
import email
import email.policy
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_harness import Cli, deliver, reply_address  # noqa: E402

T0 = "2026-11-02T12:00:00Z"
NOW = "2026-11-02T13:00:00Z"
SECRET = "c0ffee" * 8 + "\n"
PLAYERS = ["p%d@example.test" % i for i in range(6)]
REFEREE = "referee@club.example"  # the embedded default's referee address
BLOCK = 4096
TRACED = ("openat,open,creat,write,pwrite64,ftruncate,rename,renameat,renameat2,unlink,"
          "unlinkat,mkdir,mkdirat,rmdir,fsync,fdatasync,syncfs,close,lseek")


# ---------------------------------------------------------------- workloads

class Workload:
    """A prepared base directory (taken as durable) and the traced command run in it."""

    def __init__(self, name, base, args, lossy):
        self.name, self.base, self.args = name, base, args
        # lossy: a crash may lose the command whole (a command-line command; a mail would stay
        # pending at its source and be handled by the recovery pass instead)
        self.lossy = lossy


def new_cli(args, name):
    cli = Cli(args.binary, os.path.join(args.work, "base-" + name), args.templates)
    os.makedirs(os.path.join(cli.work, "var"), exist_ok=True)
    with open(os.path.join(cli.work, "var", "secret"), "w") as f:
        f.write(SECRET)
    os.chmod(os.path.join(cli.work, "var", "secret"), 0o600)
    return cli


def serve_args(args):
    return ["serve", "--once", "--now", NOW, "--templates", args.templates]


def workload_move(args):
    """A move mail: commit, mark done, outgoing mails, the flush's checkpoint."""
    cli = new_cli(args, "move")
    cli.ck("player", "add", "Alice", PLAYERS[0])
    cli.ck("player", "add", "Bob", PLAYERS[1])
    cli.ck("game", "new", "--variant", "crazyhouse", "--white", PLAYERS[0], "--black",
           PLAYERS[1], "--now", T0, "--templates", args.templates)
    to, subject = reply_address(cli.new_mails(), PLAYERS[0].split("@")[0] + "@", "")
    deliver(os.path.join(cli.work, "var", "inbox"), PLAYERS[0], to, "Re: " + subject, ["e4"])
    return Workload("move", cli.work, serve_args(args), False)


def workload_club(args):
    """One group of three mails: a challenge accepted (club state erased, a game created:
    mkdir, counters), a follow (club state) and a move; game-start mails go out."""
    cli = new_cli(args, "club")
    for i, p in enumerate(PLAYERS[:3]):
        cli.ck("player", "add", "Player %d" % i, p)
    cli.ck("game", "new", "--variant", "crazyhouse", "--white", PLAYERS[0], "--black",
           PLAYERS[1], "--now", T0, "--templates", args.templates)
    to, subject = reply_address(cli.new_mails(), PLAYERS[0].split("@")[0] + "@", "")
    referee = REFEREE
    inbox = os.path.join(cli.work, "var", "inbox")
    deliver(inbox, PLAYERS[1], referee, "club", ["challenge %s crazyhouse 3d" % PLAYERS[2]])
    cli.ck(*serve_args(args))
    cli.new_mails()
    deliver(inbox, PLAYERS[2], referee, "club", ["accept 1"])
    deliver(inbox, PLAYERS[2], referee, "club", ["follow 1"])
    deliver(inbox, PLAYERS[0], to, "Re: " + subject, ["e4"])
    return Workload("club", cli.work, serve_args(args), False)


def workload_tournament(args):
    """`tournament start`: one group commit creating every game of a round robin."""
    cli = new_cli(args, "tournament")
    for i, p in enumerate(PLAYERS[:4]):
        cli.ck("player", "add", "Player %d" % i, p)
    cli.ck("tournament", "new", "--name", "Cup", "--variant", "crazyhouse", "--time", "5d",
           "--entries", "--now", T0, "--templates", args.templates)
    inbox = os.path.join(cli.work, "var", "inbox")
    for p in PLAYERS[:4]:
        deliver(inbox, p, REFEREE, "club", ["join cup"])
    cli.ck(*serve_args(args))
    cli.new_mails()
    return Workload("tournament", cli.work,
                    ["tournament", "start", "cup", "--now", NOW, "--templates", args.templates],
                    True)


WORKLOADS = {"move": workload_move, "club": workload_club, "tournament": workload_tournament}


# ---------------------------------------------------------------- recording

ESCAPES = {"n": 10, "t": 9, "r": 13, "v": 11, "f": 12, "\\": 92, '"': 34}


def unescape(s):
    """A strace string (with -xx every byte is \\xHH; quotes already stripped)."""
    out = bytearray()
    i = 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            c = s[i + 1]
            if c == "x":
                out.append(int(s[i + 2:i + 4], 16))
                i += 4
                continue
            out.append(ESCAPES.get(c, ord(c)))
            i += 2
            continue
        out += s[i].encode()
        i += 1
    return bytes(out)


LINE = re.compile(r'^(\w+)\((.*)\)\s+=\s+(-?\d+)(?:<(.*?)>)?(?:\s.*)?$')
FD = re.compile(r'^(-?\d+)<(.*)>$')


def split_args(s):
    """Top-level comma-separated arguments of a strace call."""
    out, depth, cur, quote = [], 0, "", False
    i = 0
    while i < len(s):
        c = s[i]
        if quote:
            cur += c
            if c == "\\":
                cur += s[i + 1]
                i += 1
            elif c == '"':
                quote = False
        elif c == '"':
            quote = True
            cur += c
        elif c in "[{(<":
            depth += 1
            cur += c
        elif c in "]})>":
            depth -= 1
            cur += c
        elif c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
        i += 1
    if cur.strip():
        out.append(cur.strip())
    return out


def string_arg(a):
    a = a.strip()
    if a.endswith("..."):
        raise ValueError("strace cut a string: raise -s")
    assert a.startswith('"') and a.endswith('"'), a
    return unescape(a[1:-1])


def fd_arg(a):
    m = FD.match(a.strip())
    if not m:
        return None, None
    return int(m.group(1)), unescape(m.group(2)).decode("utf-8", "surrogateescape")


def record(args, wl, run_dir, env=None):
    """Runs the workload in `run_dir` (a copy of its base) under strace; the op log."""
    trace = run_dir + ".trace"
    cmd = ["strace", "-y", "-xx", "-s", "100000000", "-o", trace, "-e", "trace=" + TRACED,
           args.binary] + wl.args
    r = subprocess.run(cmd, cwd=run_dir, capture_output=True, text=True, timeout=300, env=env)
    with open(trace, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().splitlines()
    return parse_trace(lines, os.path.realpath(run_dir)), r


class Parser:
    def __init__(self, root):
        self.root = root.rstrip("/") + "/"
        self.ops = []
        self.fds = {}   # fd -> [ino, offset, append]
        self.paths = {}  # relative path -> ino (files the run created or touched)
        self.next_ino = 1

    def rel(self, path):
        if path is None or not path.startswith(self.root):
            return None
        p = path[len(self.root):]
        if p.endswith("lock") or "/proc/" in p:
            return None
        return p

    def ino_of(self, rel):
        if rel not in self.paths:
            self.paths[rel] = ("base", rel)
        return self.paths[rel]


def parse_trace(lines, root):
    p = Parser(root)
    sizes = {}  # ino -> size as the run saw it (for O_APPEND)
    for line in lines:
        if line.startswith("+++") or line.startswith("---"):
            continue
        m = LINE.match(line)
        if not m:
            continue
        name, argstr, ret, retpath = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        if ret < 0:
            continue
        a = split_args(argstr)
        if name in ("openat", "open", "creat"):
            path = unescape(retpath).decode("utf-8", "surrogateescape") if retpath else None
            rel = p.rel(path)
            if rel is None:
                continue
            flags = a[2] if name == "openat" else (a[1] if name == "open" else "O_CREAT|O_TRUNC")
            if "O_DIRECTORY" in flags:
                p.fds[ret] = [("dir", rel), 0, False]
                continue
            if "O_CREAT" in flags and rel not in p.paths:
                # A new file unless the path exists when the state is built (then a no-op).
                p.ops.append({"k": "create", "path": rel})
            ino = p.ino_of(rel)
            p.fds[ret] = [ino, 0, "O_APPEND" in flags]
            if "O_TRUNC" in flags:
                p.ops.append({"k": "trunc", "ino": ino, "len": 0})
                sizes[ino] = 0
        elif name in ("write", "pwrite64"):
            fd, _ = fd_arg(a[0])
            if fd not in p.fds:
                continue
            st = p.fds[fd]
            data = string_arg(a[1])[:ret]
            if name == "pwrite64":
                off = int(a[3])
            elif st[2]:
                off = sizes.get(st[0], None)
                if off is None:
                    off = -1  # append at the end, whatever it is
            else:
                off = st[1]
            p.ops.append({"k": "write", "ino": st[0], "off": off, "data": data})
            if name == "write":
                st[1] = (off if off >= 0 else 0) + len(data)
            if off >= 0:
                sizes[st[0]] = max(sizes.get(st[0], 0), off + len(data))
        elif name == "lseek":
            fd, _ = fd_arg(a[0])
            if fd in p.fds:
                p.fds[fd][1] = ret
        elif name == "ftruncate":
            fd, _ = fd_arg(a[0])
            if fd in p.fds:
                p.ops.append({"k": "trunc", "ino": p.fds[fd][0], "len": int(a[1])})
                sizes[p.fds[fd][0]] = int(a[1])
        elif name in ("fsync", "fdatasync"):
            fd, path = fd_arg(a[0])
            if fd in p.fds:
                ino = p.fds[fd][0]
                if isinstance(ino, tuple) and ino[0] == "dir":
                    p.ops.append({"k": "dirsync", "path": ino[1]})
                else:
                    p.ops.append({"k": "fsync", "ino": ino})
        elif name == "syncfs":
            p.ops.append({"k": "syncfs"})
        elif name == "close":
            fd, _ = fd_arg(a[0])
            p.fds.pop(fd, None)
        elif name in ("rename", "renameat", "renameat2"):
            # Relative to the working directory, the run directory (the binary never renames
            # through a directory descriptor).
            pair = (a[0], a[1]) if name == "rename" else (a[1], a[3])
            src, dst = (p.rel(os.path.normpath(os.path.join(
                root, string_arg(x).decode("utf-8", "surrogateescape")))) for x in pair)
            if src is None or dst is None:
                continue
            p.ops.append({"k": "rename", "src": src, "dst": dst})
            if src in p.paths:
                p.paths[dst] = p.paths.pop(src)
            else:
                p.paths[dst] = ("base", src)
        elif name in ("unlink", "unlinkat", "rmdir"):
            s = string_arg(a[0] if name != "unlinkat" else a[1]).decode("utf-8", "surrogateescape")
            rel = p.rel(os.path.normpath(os.path.join(root, s)))
            if rel is None:
                continue
            p.ops.append({"k": "rmdir" if name == "rmdir" or "AT_REMOVEDIR" in argstr else "unlink",
                          "path": rel})
            p.paths.pop(rel, None)
        elif name in ("mkdir", "mkdirat"):
            s = string_arg(a[0] if name == "mkdir" else a[1]).decode("utf-8", "surrogateescape")
            rel = p.rel(os.path.normpath(os.path.join(root, s)))
            if rel is not None:
                p.ops.append({"k": "mkdir", "path": rel})
    # Inodes: the first create of a path after which writes go to it makes a new inode; the
    # parse above named inodes by the path they were first opened under, which is unique per
    # file as long as a path is not reused for a new file after an unlink or rename away.
    return p.ops


def mutate(ops, which):
    """Drops the barrier `which` from the log (see --mutant)."""
    out = []
    for op in ops:
        if which == "journal-fsync" and op["k"] == "fsync" and \
                re.search(r"journal/\.[0-9]{20}\.tx\.tmp\.|journal/\.group\.tmp\.tx", op["ino"][1]):
            continue
        if which == "journal-dir-fsync" and op["k"] == "dirsync" and op["path"].endswith("journal"):
            continue
        out.append(op)
    return out


# ---------------------------------------------------------------- crash states

META = ("create", "rename", "unlink", "mkdir", "rmdir")
DATA = ("write", "trunc")


def parent(path):
    return os.path.dirname(path)


def covered(ops, j, c, model):
    """True when op j is durable at crash point c (ops[:c] ran)."""
    op = ops[j]
    for b in ops[j + 1:c]:
        if b["k"] == "syncfs":
            return True
        if op["k"] in DATA:
            if b["k"] == "fsync" and b["ino"] == op["ino"]:
                return True
        elif model == "prefix":
            if b["k"] in ("fsync", "dirsync"):
                return True
        else:
            dirs = {parent(op.get("dst", op.get("path", "")))}
            if op["k"] == "rename":
                dirs.add(parent(op["src"]))
            if b["k"] == "dirsync" and b["path"] in dirs:
                return True
    return False


def variants(ops, c, model, rng, cap):
    """Sets of (op index -> how) for crash point c: how is keep, zero or tear; left out: lost."""
    meta_loose = [j for j in range(c) if ops[j]["k"] in META and not covered(ops, j, c, model)]
    data_loose = [j for j in range(c) if ops[j]["k"] in DATA and not covered(ops, j, c, model)]
    all_kept = {j: "keep" for j in range(c)}
    metas = []
    if model == "prefix":
        for k in range(len(meta_loose) + 1):
            metas.append(set(meta_loose[k:]))  # the lost ones: a suffix
    else:
        metas.append(set())
        if meta_loose:
            metas.append(set(meta_loose))
            metas += [{j} for j in meta_loose]
    out = []
    for lost in metas:
        v = {j: h for j, h in all_kept.items() if j not in lost}
        out.append(v)
        if data_loose:
            out.append({j: h for j, h in v.items() if j not in data_loose})
    for j in data_loose:
        for how in ("lost", "zero", "tear"):
            v = dict(all_kept)
            if how == "lost":
                del v[j]
            else:
                v[j] = how
            out.append(v)
    if len(out) > cap:
        out = rng.sample(out, cap)
    return out


def load_tree(base):
    files, dirs = {}, set()
    for dirpath, dirnames, filenames in os.walk(base):
        rel = os.path.relpath(dirpath, base)
        rel = "" if rel == "." else rel
        dirs.add(rel)
        for n in filenames:
            with open(os.path.join(dirpath, n), "rb") as f:
                files[os.path.join(rel, n)] = f.read()
    return files, dirs


def build(base_tree, ops, chosen):
    """The tree after the chosen ops: (files {path: bytes}, dirs)."""
    files0, dirs0 = base_tree
    names = {p: ("base", p) for p in files0}  # path -> inode
    data = {("base", p): bytearray(b) for p, b in files0.items()}
    dirs = set(dirs0)
    counter = [0]
    live = {}  # inode name in the log -> inode in this state

    def inode(logical):
        if logical in live:
            return live[logical]
        return logical

    for j in sorted(chosen):
        op, how = ops[j], chosen[j]
        k = op["k"]
        if k == "create":
            if op["path"] not in names:
                counter[0] += 1
                new = ("new", counter[0])
                names[op["path"]] = new
                data[new] = bytearray()
                # Writes logged against the path's first name go to this inode.
                live[("base", op["path"])] = new
        elif k == "mkdir":
            dirs.add(op["path"])
        elif k == "rmdir":
            dirs.discard(op["path"])
        elif k == "unlink":
            names.pop(op["path"], None)
        elif k == "rename":
            if op["src"] in names:
                names[op["dst"]] = names.pop(op["src"])
        elif k in DATA:
            ino = inode(op["ino"])
            buf = data.setdefault(ino, bytearray())
            if k == "trunc":
                del buf[op["len"]:]
                if len(buf) < op["len"]:
                    buf += bytes(op["len"] - len(buf))
                continue
            payload = op["data"]
            if how == "zero":
                payload = bytes(len(payload))
            off = op["off"] if op["off"] >= 0 else len(buf)
            if how == "tear":
                payload = payload[:max(0, BLOCK - off % BLOCK)]
            if len(buf) < off:
                buf += bytes(off - len(buf))
            buf[off:off + len(payload)] = payload
    # A file whose directory's mkdir did not persist is not reachable.
    files = {p: bytes(data[i]) for p, i in names.items() if i in data and parent(p) in dirs}
    return files, dirs


def tree_hash(tree):
    files, dirs = tree
    h = hashlib.sha256()
    for p in sorted(files):
        h.update(p.encode() + b"\0" + hashlib.sha256(files[p]).digest())
    for d in sorted(dirs):
        h.update(b"d" + d.encode() + b"\0")
    return h.hexdigest()


def write_tree(tree, where):
    files, dirs = tree
    for d in sorted(dirs):
        os.makedirs(os.path.join(where, d), exist_ok=True)
    for p, b in files.items():
        full = os.path.join(where, p)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(b)
    secret = os.path.join(where, "var", "secret")
    if os.path.exists(secret):
        os.chmod(secret, 0o600)


# ---------------------------------------------------------------- the oracle

def run(args, where, *cmd):
    return subprocess.run([args.binary, *cmd], cwd=where, capture_output=True, text=True,
                          timeout=120)


def message_id(raw):
    m = re.search(rb"^Message-ID:\s*(<[^>\r\n]*>)", raw, re.M | re.I)
    return m.group(1).decode() if m else None


def inbox_ids(where):
    """unique part -> (done, Message-ID) for the inbox Maildir."""
    out = {}
    for sub in ("new", "cur"):
        d = os.path.join(where, "var", "inbox", sub)
        for n in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            with open(os.path.join(d, n), "rb") as f:
                raw = f.read()
            done = sub == "cur" and "S" in n.partition(":2,")[2]
            u = n.partition(":")[0]
            prev = out.get(u, (False, None))
            out[u] = (prev[0] or done, message_id(raw))
    return out


def ledger(where):
    try:
        with open(os.path.join(where, "var", "games", "ledger", "seen"), "rb") as f:
            return f.read().decode("utf-8", "replace").split("\n")[:-1]
    except FileNotFoundError:
        return []


def outgoing(where, queued=True):
    """Message-IDs delivered to the outbox Maildir and (queued) those waiting in the store's
    spool for a retry (a send that failed under a fault is retried later: not lost)."""
    ids = []
    dirs = [os.path.join(where, "var", "outbox", sub) for sub in ("new", "cur")]
    if queued:
        dirs.append(os.path.join(where, "var", "games", "outbox"))
    for d in dirs:
        for n in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if os.path.isfile(os.path.join(d, n)):
                with open(os.path.join(d, n), "rb") as f:
                    ids.append(message_id(f.read()))
    return ids


def outcome(args, where):
    """What a recovered store must agree on (after the recovery pass)."""
    r = run(args, where, "game", "list")
    if r.returncode != 0:
        return None, "game list failed after recovery: " + r.stderr.strip()[-400:]
    games = {}
    for line in r.stdout.splitlines():
        gid = line.split()[0].lstrip("#") if line.split() else ""
        if gid.isdigit():
            g = run(args, where, "game", "show", gid, "--as", "referee")
            games[gid] = g.stdout if g.returncode == 0 else "ERROR " + g.stderr
    ids = ledger(where)
    return {"games": games, "ledger": sorted(set(ids)), "ledger_dups": len(ids) - len(set(ids)),
            "outgoing": sorted(set(outgoing(where)))}, None


def check_state(args, wl, refs, where):
    """Problems of one crash state (in `where`), [] when it passes; plus duplicate count."""
    problems = []
    before = inbox_ids(where)
    r = run(args, where, "game", "list")
    if r.returncode != 0:
        return ["(a) the store does not open: " + r.stderr.strip()[-400:]], 0
    seen = set(ledger(where))
    for u, (done, mid) in before.items():
        if done and mid and mid.strip("<>") not in seen and mid not in seen:
            problems.append("(c) mail %s marked done but its Message-ID is not committed" % mid)
    after = inbox_ids(where)
    for u in refs["inbox"]:
        if u not in after:
            problems.append("(b) inbox mail %s lost" % u)
    r = run(args, where, *serve_args(args))
    if r.returncode != 0:
        problems.append("(d) the recovery pass failed: " + r.stderr.strip()[-400:])
    got, err = outcome(args, where)
    if err:
        return problems + ["(d) " + err], 0
    if got["ledger_dups"]:
        problems.append("(e) %d Message-IDs twice in the ledger" % got["ledger_dups"])
    ok_with = [refs["after"]] + ([refs["without"]] if wl.lossy else [])
    match = None
    for ref in ok_with:
        if got["games"] == ref["games"] and got["ledger"] == ref["ledger"] and \
                got["outgoing"] == ref["outgoing"]:
            match = ref
    if match is None:
        ref = refs["after"]
        for key in ("games", "ledger", "outgoing"):
            if got[key] != ref[key]:
                if key == "games":
                    for gid in sorted(set(got[key]) | set(ref[key])):
                        if got[key].get(gid) != ref[key].get(gid):
                            problems.append("(d) game %s differs from the run without a crash:\n"
                                            "--- expected\n%s\n--- got\n%s" % (
                                                gid, ref[key].get(gid), got[key].get(gid)))
                            break
                else:
                    problems.append("(d) %s differs: missing %s, extra %s" % (
                        key, sorted(set(ref[key]) - set(got[key]))[:5],
                        sorted(set(got[key]) - set(ref[key]))[:5]))
    sent = outgoing(where, queued=False)
    dups = len(sent) - len(set(sent))
    return problems, dups


def scratch_root():
    for d in ("/dev/shm", tempfile.gettempdir()):
        if os.path.isdir(d) and os.access(d, os.W_OK):
            return d
    return tempfile.gettempdir()


def references(args, wl):
    refs = {}
    inbox = inbox_ids(wl.base)
    refs["inbox"] = set(inbox)
    for key, do_run in (("after", True), ("without", False)):
        d = tempfile.mkdtemp(prefix="ck-cs-ref-", dir=scratch_root())
        shutil.copytree(wl.base, d, dirs_exist_ok=True, symlinks=True)
        if do_run:
            r = run(args, d, *wl.args)
            if r.returncode != 0:
                sys.exit("FAIL: the workload %s failed without a crash: %s" % (wl.name, r.stderr))
        run(args, d, *serve_args(args))
        refs[key], err = outcome(args, d)
        if err:
            sys.exit("FAIL: reference of %s: %s" % (wl.name, err))
        shutil.rmtree(d, ignore_errors=True)
    return refs


def check_one(args, wl, refs, tree, label):
    d = tempfile.mkdtemp(prefix="ck-cs-", dir=scratch_root())
    try:
        write_tree(tree, d)
        problems, dups = check_state(args, wl, refs, d)
        if problems and args.keep:
            keep = os.path.join(args.work, "failed-" + label.replace(" ", "_").replace("/", "_"))
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(d, keep, symlinks=True)
        return label, problems, dups
    finally:
        shutil.rmtree(d, ignore_errors=True)


def describe(op):
    k = op["k"]
    if k in DATA:
        return "%s %s%s" % (k, op["ino"][1] if isinstance(op["ino"], tuple) else op["ino"],
                            " @%d+%d" % (op["off"], len(op["data"])) if k == "write" else
                            " to %d" % op["len"])
    if k == "fsync":
        return "fsync " + op["ino"][1]
    if k == "rename":
        return "rename %s -> %s" % (op["src"], op["dst"])
    return "%s %s" % (k, op.get("path", ""))


def crash_states(args, wl, model, ops, refs, rng):
    base_tree = load_tree(wl.base)
    states, seen = [], set()
    points = list(range(len(ops) + 1))
    cap = 1000000 if args.long else 8
    for c in points:
        for v in variants(ops, c, model, rng, cap):
            tree = build(base_tree, ops, v)
            h = tree_hash(tree)
            if h in seen:
                continue
            seen.add(h)
            states.append((c, tree))
    limit = None if args.long else args.sample
    if limit and len(states) > limit:
        states = rng.sample(states, limit)
    bad, dups = [], 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = [pool.submit(check_one, args, wl, refs, tree, "%s %s crash@%d #%d" % (
            wl.name, model, c, i)) for i, (c, tree) in enumerate(states)]
        for f in futs:
            label, problems, d = f.result()
            dups += d
            if problems:
                bad.append((label, problems))
    return len(states), bad, dups


# ---------------------------------------------------------------- faults

def fault_runs(args, wl, refs, rng):
    """Every (op, errno, point) of the workload, or a sample: the run under the shim, then a
    clean recovery pass; the oracle of check_state."""
    cases = []
    for op in ("open", "write", "fsync", "syncfs", "rename"):
        d = tempfile.mkdtemp(prefix="ck-cs-count-", dir=scratch_root())
        shutil.copytree(wl.base, d, dirs_exist_ok=True, symlinks=True)
        report = os.path.join(d, "shim-report")
        env = dict(os.environ, LD_PRELOAD=args.shim, CK_FAULT_OPS=op, CK_FAULT_PATH="/var/",
                   CK_FAULT_AT="0", CK_FAULT_REPORT=report)
        subprocess.run([args.binary, *wl.args], cwd=d, capture_output=True, env=env, timeout=120)
        with open(report) as f:
            calls = int(f.read().split()[1])
        shutil.rmtree(d, ignore_errors=True)
        for k in range(1, calls + 1):
            for err in ("EIO", "ENOSPC"):
                if op in ("fsync", "syncfs") and err == "ENOSPC":
                    continue
                cases.append((op, k, err))
    total = len(cases)
    if not args.long and len(cases) > args.fault_sample:
        cases = rng.sample(cases, args.fault_sample)

    def one(case):
        op, k, err = case
        d = tempfile.mkdtemp(prefix="ck-cs-fault-", dir=scratch_root())
        try:
            shutil.copytree(wl.base, d, dirs_exist_ok=True, symlinks=True)
            env = dict(os.environ, LD_PRELOAD=args.shim, CK_FAULT_OPS=op, CK_FAULT_PATH="/var/",
                       CK_FAULT_AT=str(k), CK_FAULT_ERRNO=err)
            subprocess.run([args.binary, *wl.args], cwd=d, capture_output=True, env=env,
                           timeout=120)
            problems, dups = check_state(args, wl, refs, d)
            return "%s %s #%d %s" % (wl.name, op, k, err), problems, dups
        finally:
            shutil.rmtree(d, ignore_errors=True)

    bad, dups = [], 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for label, problems, d in pool.map(one, cases):
            dups += d
            if problems:
                bad.append((label, problems))
    return total, len(cases), bad, dups


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("work")
    ap.add_argument("templates")
    ap.add_argument("shim")
    ap.add_argument("--long", action="store_true",
                    default=os.environ.get("CK_CRASH_STATE_LONG") == "1")
    ap.add_argument("--faults", action="store_true")
    ap.add_argument("--workload", action="append")
    ap.add_argument("--model", action="append")
    ap.add_argument("--mutant", choices=("journal-fsync", "journal-dir-fsync"))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("CK_CRASH_SEED", "25")))
    ap.add_argument("--sample", type=int, default=200, help="crash states per workload and model")
    ap.add_argument("--fault-sample", type=int, default=100, help="fault cases per workload")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", action="store_true", help="keep failing states under WORK")
    args = ap.parse_args()
    if shutil.which("strace") is None and not args.faults:
        print("strace missing (Debian package strace): skipped")
        return 77
    args.binary = os.path.abspath(args.binary)
    args.work = os.path.abspath(args.work)
    args.templates = os.path.abspath(args.templates)
    args.shim = os.path.abspath(args.shim)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    rng = random.Random(args.seed)
    print("seed %d%s" % (args.seed, " (long run)" if args.long else ""))
    failures = 0
    for name in args.workload or list(WORKLOADS):
        wl = WORKLOADS[name](args)
        refs = references(args, wl)
        if args.faults:
            total, ran, bad, dups = fault_runs(args, wl, refs, rng)
            print("%-10s faults: %d cases (%d run), %d violations, %d duplicate mails" % (
                name, total, ran, len(bad), dups))
        else:
            run_dir = os.path.join(args.work, "run-" + name)
            shutil.copytree(wl.base, run_dir, symlinks=True)
            ops, r = record(args, wl, run_dir)
            if r.returncode != 0:
                sys.exit("FAIL: the traced workload %s failed: %s" % (name, r.stderr))
            if args.mutant:
                ops = mutate(ops, args.mutant)
            fsyncs = sum(1 for o in ops if o["k"] in ("fsync", "dirsync"))
            syncfs = sum(1 for o in ops if o["k"] == "syncfs")
            bad = []
            for model in args.model or ("prefix", "posix"):
                n, b, dups = crash_states(args, wl, model, ops, refs, rng)
                print("%-10s %-6s %4d ops (%d fsync, %d syncfs), %4d states, %d violations, "
                      "%d duplicate mails" % (name, model, len(ops), fsyncs, syncfs, n, len(b),
                                              dups))
                bad += b
                for label, problems in b[:3]:
                    c = int(label.split("crash@")[1].split()[0])
                    print("  %s:\n    %s\n    last ops: %s" % (
                        label, "\n    ".join(problems[:3]),
                        "; ".join(describe(o) for o in ops[max(0, c - 4):c])))
        for label, problems in bad[:3] if args.faults else []:
            print("  %s:\n    %s" % (label, "\n    ".join(problems[:3])))
        failures += len(bad)
    if failures:
        print("FAIL: %d violating states" % failures)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
