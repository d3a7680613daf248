#!/usr/bin/python3
"""crazykrieg validate on a Dask cluster (README "Validating databases").

    scripts/validate-dask.py [--scheduler tcp://HOST:PORT | --local-workers N] [--binary PATH]
                             [--block-bytes N] [--jobs N] [--format text|json]
                             [--strict-variations] FILE...

Prints exactly what `crazykrieg validate [options] FILE...` prints on one machine: the same
per-game lines (game numbers, lines, verdicts) in input order and one summary; the same exit code
(0 all valid, 1 some invalid, 2 unreadable, corrupt or gameless input or a usage error).

How: on this machine `crazykrieg validate --split-blocks N FILE` decodes FILE (plain, zstd, gzip,
bzip2 or xz; any stream) and cuts it into blocks of whole games where validate itself cuts games,
each with the number of its first game and its first line. Each block goes to a worker, which runs
`crazykrieg validate --first-game G --first-line L --label FILE --block-summary -` on it and
returns its output and counts. Blocks are printed in input order; at most a few per worker are in
flight, so memory stays flat however large the file.

The binary (--binary, default `crazykrieg` on PATH) must exist at that path on this machine and on
every worker. Uses Debian's python3-distributed (hence /usr/bin/python3). --valid-out and
--invalid-out are not offered here: run `crazykrieg validate` on one machine for those.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections import deque


def validate_block(binary, options, label, first_game, first_line, data):
    """Runs on a worker: validate one block; returns (exit code, output lines, counts, stderr)."""
    args = [binary, "validate", *options, "--label", label, "--first-game", str(first_game),
            "--first-line", str(first_line), "--block-summary", "-"]
    proc = subprocess.run(args, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          check=False)
    out = proc.stdout
    counts = None
    # The last line is the block's counts, {"block":{...}}.
    cut = out.rfind(b"\n", 0, len(out) - 1) + 1
    if out.startswith(b'{"block":', cut):
        counts = json.loads(out[cut:])["block"]
        out = out[:cut]
    return proc.returncode, out, counts, proc.stderr


def blocks(binary, path, block_bytes):
    """Yields (first_game, first_line, data) for each block of path; returns the split's exit code."""
    proc = subprocess.Popen([binary, "validate", "--split-blocks", str(block_bytes), path],
                            stdout=subprocess.PIPE)
    with proc:
        while True:
            header = proc.stdout.readline()
            if not header:
                break
            tag, game, line, size = header.split()
            if tag != b"block":
                raise RuntimeError("unexpected block header %r" % header)
            data = proc.stdout.read(int(size))
            if len(data) != int(size):
                raise RuntimeError("short block from %s" % binary)
            yield int(game), int(line), data
    return proc.returncode


class Totals:
    def __init__(self):
        self.games = self.valid = self.invalid = 0
        self.variants = {}
        self.errors = {}

    def add(self, counts):
        self.games += counts["games"]
        self.valid += counts["valid"]
        self.invalid += counts["invalid"]
        for mine, theirs in ((self.variants, counts["variants"]), (self.errors, counts["errors"])):
            for name, n in theirs.items():
                mine[name] = mine.get(name, 0) + n

    def summary(self, json_format, files, seconds):
        """The summary exactly as src/cli/validate_output.cpp writes it."""
        rate = self.games / seconds if seconds > 0 else 0.0
        if json_format:
            fields = ('"files":%d,"games":%d,"valid":%d,"invalid":%d,"seconds":%.2f,'
                      '"games_per_second":%.0f' %
                      (files, self.games, self.valid, self.invalid, seconds, rate))
            variants = json.dumps(dict(sorted(self.variants.items())), separators=(",", ":"))
            errors = json.dumps(dict(sorted(self.errors.items())), separators=(",", ":"))
            return '{"summary":{%s,"variants":%s,"errors":%s}}\n' % (fields, variants, errors)
        text = "%d games, %d valid, %d invalid in %.2f s (%.0f games/s)\n" % (
            self.games, self.valid, self.invalid, seconds, rate)
        for label, counts in (("variants", self.variants), ("errors", self.errors)):
            if counts:
                text += "  %s: %s\n" % (label, ", ".join(
                    "%s %d" % (name, n) for name, n in sorted(counts.items())))
        return text


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="validate-dask.py",
        description="crazykrieg validate, spread over a Dask cluster (README \"Validating "
        "databases\"); prints what crazykrieg validate prints.")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="a running Dask scheduler")
    where.add_argument("--local-workers", type=int, metavar="N",
                       help="start a local cluster of N worker processes (default: one per core)")
    p.add_argument("--binary", default="crazykrieg",
                   help="crazykrieg on this machine and on every worker (default: on PATH)")
    p.add_argument("--block-bytes", type=int, default=8 << 20, metavar="N",
                   help="decoded bytes per block (default 8 MiB)")
    p.add_argument("--jobs", "-j", type=int, help="threads of each worker's crazykrieg")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--strict-variations", action="store_true")
    p.add_argument("files", nargs="+", metavar="FILE", help="PGN files ('-' = standard input)")
    args = p.parse_args(argv)
    if args.block_bytes < 1 or (args.local_workers is not None and args.local_workers < 1):
        p.error("--block-bytes and --local-workers must be positive")
    return args


def main(argv):
    args = parse_args(argv)
    binary = args.binary if os.sep in args.binary else shutil.which(args.binary)
    if not binary or not os.access(binary, os.X_OK):
        print("validate-dask.py: no crazykrieg at %s (use --binary)" % args.binary,
              file=sys.stderr)
        return 2
    binary = os.path.abspath(binary)
    options = ["--format", args.format]
    if args.jobs is not None:
        options += ["--jobs", str(args.jobs)]
    if args.strict_variations:
        options.append("--strict-variations")

    from distributed import Client, LocalCluster  # Debian: python3-distributed

    if args.scheduler:
        client = Client(args.scheduler)
        client.wait_for_workers(1, timeout=120)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.local_workers or os.cpu_count() or 1,
                               threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=None)
        client = Client(cluster)
    try:
        return run(client, binary, options, args)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run(client, binary, options, args):
    workers = max(1, sum(client.nthreads().values()))
    window = 3 * workers  # blocks in flight: keeps every worker busy, memory flat
    totals = Totals()
    worst = 0  # 2 beats 1 beats 0, as in crazykrieg validate
    out = sys.stdout.buffer
    start = time.monotonic()

    def collect(future):
        nonlocal worst
        rc, text, counts, err = future.result()
        out.write(text)
        out.flush()
        if err:
            sys.stderr.buffer.write(err)
            sys.stderr.flush()
        if counts is None or rc not in (0, 1):
            worst = 2
        else:
            totals.add(counts)

    for path in args.files:
        pending = deque()
        split = blocks(binary, path, args.block_bytes)
        while True:
            try:
                game, line, data = next(split)
            except StopIteration as end:
                if end.value != 0:
                    worst = 2  # the split printed why (unreadable, corrupt, no game)
                break
            pending.append(client.submit(validate_block, binary, options, path, game, line, data,
                                         pure=False))
            while len(pending) >= window:
                collect(pending.popleft())
        while pending:
            collect(pending.popleft())
    seconds = time.monotonic() - start
    out.write(totals.summary(args.format == "json", len(args.files), seconds).encode())
    out.flush()
    if worst == 2:
        return 2
    return 1 if totals.invalid > 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
