#!/usr/bin/env bash
# scripts/validate-dask.py on a real local Dask cluster (a `dask scheduler` and a `dask worker`
# with two worker processes, all on 127.0.0.1) prints exactly what `crazykrieg validate` prints
# (all but the time), with the same exit code: plain and zstd input, text and JSON, several
# block sizes (1 byte = one game per block), and a file whose games hold a comment and a tag value
# that look like a game start, where a cut at the wrong place would change the verdicts.
#   validate_dask_test.sh CRAZYKRIEG DATA_DIR SCRIPT
set -euo pipefail
ck=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
data=$2
script=$3
tmp=$(mktemp -d)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT
fails=0
fail() {
    echo "FAIL: $*" >&2
    fails=$((fails + 1))
}

cat >"$tmp/tricky.pgn" <<'PGN'
[Event "Comment holding a game"]
[White "[Event \"Not a game\"]"]
[Result "*"]

1. e4 {looks like the next game:
[Event "Fake"]
[Result "1-0"]
1. d4 d5 2. Qxd8 } e5 2. Nf3 Nc6 *

[Event "Tag value holding a game"]
[Annotator "[Event \"x\"] 1. e4 e5 *"]
[Result "1-0"]

1. f3 e5 2. g4 Qh4# 1-0

[Event "Broken comment"]
[Result "*"]

1. e4 {never closed

[Event "Resync here"]
[Variant "Crazyhouse"]
[Result "*"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 *
PGN
cat "$tmp/tricky.pgn" "$data/invalid.pgn" "$tmp/tricky.pgn" >"$tmp/mixed.pgn"
zstd -q -c "$data/crazyhouse-sample.pgn" >"$tmp/zh.pgn.zst"
head -c 40000 "$tmp/zh.pgn.zst" >"$tmp/cut.pgn.zst"

dask scheduler --host 127.0.0.1 --port 0 --no-dashboard >"$tmp/scheduler.log" 2>&1 &
pids+=($!)
# Port 0: the scheduler picks a free port and logs "Scheduler at: tcp://127.0.0.1:PORT".
# The same port read twice 0.2 s apart: never a line caught half-written.
scheduler_port() { sed -n 's/.*Scheduler at: *tcp:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/scheduler.log"; }
port=
for _ in $(seq 600); do
    port=$(scheduler_port)
    sleep 0.2
    [ -n "$port" ] && [ "$port" = "$(scheduler_port)" ] && break
done
[ -n "$port" ] || { cat "$tmp/scheduler.log" >&2; echo "FAIL: no scheduler" >&2; exit 1; }
dask worker "tcp://127.0.0.1:$port" --host 127.0.0.1 --nworkers 2 --nthreads 1 \
    --no-dashboard >"$tmp/worker.log" 2>&1 &
pids+=($!)

strip() { sed -E -e 's/ in [0-9.]+ s \([0-9]+ games\/s\)$//' \
    -e 's/"seconds":[0-9.]+,"games_per_second":[0-9]+//' "$1"; }

compare() { # LABEL DASK-OPTIONS -- VALIDATE-ARGS...
    local label=$1 opts=$2
    shift 3
    local rc1=0 rc2=0
    "$ck" validate "$@" >"$tmp/one" 2>/dev/null || rc1=$?
    # shellcheck disable=SC2086
    "$script" --scheduler "tcp://127.0.0.1:$port" --binary "$ck" $opts "$@" \
        >"$tmp/many" 2>"$tmp/many.err" || rc2=$?
    if [ $rc1 -ne $rc2 ]; then fail "$label: exit $rc2, validate gives $rc1"; fi
    if ! diff <(strip "$tmp/one") <(strip "$tmp/many") >"$tmp/diff"; then
        fail "$label: output differs"
        head -20 "$tmp/diff" "$tmp/many.err" >&2
    fi
}

# One game per block, then blocks of several games cut at every kind of place.
for bytes in 1 150 700 5000; do
    compare "tricky, $bytes-byte blocks" "--block-bytes $bytes" -- "$tmp/tricky.pgn"
    compare "mixed json, $bytes-byte blocks" "--block-bytes $bytes" -- --format json "$tmp/mixed.pgn"
done
compare "mixed text" "--block-bytes 3000" -- "$tmp/mixed.pgn" "$tmp/tricky.pgn"
compare "zstd sample" "--block-bytes 100000" -- --format json "$tmp/zh.pgn.zst"
compare "truncated zstd" "--block-bytes 5000" -- "$tmp/cut.pgn.zst"
# The tricky file holds exactly four games, as validate cuts it.
grep -q '^4 games, 2 valid, 2 invalid' <("$ck" validate "$tmp/tricky.pgn") ||
    fail "tricky.pgn is not four games, two of them invalid"
# A local cluster started by the script itself.
rc=0
"$script" --local-workers 2 --binary "$ck" --block-bytes 200 "$tmp/tricky.pgn" >"$tmp/local" 2>/dev/null || rc=$?
"$ck" validate "$tmp/tricky.pgn" >"$tmp/one" || true
diff <(strip "$tmp/one") <(strip "$tmp/local") >/dev/null || fail "--local-workers: output differs (exit $rc)"

if [ $fails -ne 0 ]; then
    tail -20 "$tmp/scheduler.log" "$tmp/worker.log" >&2
    exit 1
fi
echo "validate-dask: all checks passed"
