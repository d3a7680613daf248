#!/usr/bin/env bash
# `crazykrieg validate` input (README "Validating databases"): verdicts from zstd, gzip, bzip2 and
# xz files, from standard input and through a named pipe and a process substitution equal the
# plain file's; multi-frame zstd and concatenated gzip members; truncated, corrupt and gameless
# input exit 2 naming the file and the position; --valid-out/--invalid-out partition the input.
# Compressed fixtures are made here by the Debian tools (zstd, gzip, bzip2, xz-utils).
#   validate_input_test.sh CRAZYKRIEG DATA_DIR
set -euo pipefail
ck=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() {
    echo "FAIL: $*" >&2
    fails=$((fails + 1))
}

# Output without the time (the only part that may differ) and with the input's name as F.
verdicts() { # NAME -- command...   (NAME: a sed pattern for the input's name)
    local name=$1
    shift 2
    local rc=0
    "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    sed -e "s|^$name:|F:|" -e 's/ in [0-9.]* s ([0-9]* games\/s)$//' "$tmp/out"
    echo "rc=$rc"
}

declare -A compress=([zst]="zstd -q -c" [gz]="gzip -c" [bz2]="bzip2 -c" [xz]="xz -c")
for sample in invalid crazyhouse-sample standard-sample loop-sample chessgi-sample; do
    plain=$data/$sample.pgn
    want=$(verdicts "$plain" -- "$ck" validate --jobs 2 "$plain")
    [ "$(verdicts - -- "$ck" validate --jobs 2 - <"$plain")" = "$want" ] || fail "$sample: stdin"
    for ext in zst gz bz2 xz; do
        f=$tmp/$sample.pgn.$ext
        ${compress[$ext]} "$plain" >"$f"
        [ "$(verdicts "$f" -- "$ck" validate --jobs 2 "$f")" = "$want" ] || fail "$sample.$ext: file"
        [ "$(verdicts - -- "$ck" validate --jobs 2 - <"$f")" = "$want" ] || fail "$sample.$ext: stdin"
        rm -f "$tmp/fifo"
        mkfifo "$tmp/fifo"
        cat "$f" >"$tmp/fifo" &
        [ "$(verdicts "$tmp/fifo" -- "$ck" validate --jobs 2 "$tmp/fifo")" = "$want" ] ||
            fail "$sample.$ext: named pipe"
        wait
    done
    # The usual way to feed a compressed file: a process substitution of the decompressor.
    got=$(verdicts '/dev/fd/[0-9]*' -- "$ck" validate --jobs 1 <(zstd -dc "$tmp/$sample.pgn.zst"))
    [ "$got" = "$want" ] || fail "$sample: process substitution"
done

# Several zstd frames and several gzip members read as one stream.
cat "$data/invalid.pgn" "$data/loop-sample.pgn" >"$tmp/both.pgn"
want=$(verdicts "$tmp/both.pgn" -- "$ck" validate "$tmp/both.pgn")
cat "$tmp/invalid.pgn.zst" "$tmp/loop-sample.pgn.zst" >"$tmp/both.zst"
cat "$tmp/invalid.pgn.gz" "$tmp/loop-sample.pgn.gz" >"$tmp/both.gz"
cat "$tmp/invalid.pgn.bz2" "$tmp/loop-sample.pgn.bz2" >"$tmp/both.bz2"
cat "$tmp/invalid.pgn.xz" "$tmp/loop-sample.pgn.xz" >"$tmp/both.xz"
for ext in zst gz bz2 xz; do
    [ "$(verdicts "$tmp/both.$ext" -- "$ck" validate "$tmp/both.$ext")" = "$want" ] ||
        fail "concatenated $ext"
done

# Truncated and corrupt input: exit 2, the file and the byte named, no verdict for a cut game.
for ext in zst gz bz2 xz; do
    f=$tmp/cut.$ext
    head -c 30000 "$tmp/crazyhouse-sample.pgn.$ext" >"$f"
    rc=0
    "$ck" validate "$f" >"$tmp/out" 2>"$tmp/err" || rc=$?
    [ $rc -eq 2 ] || fail "truncated $ext: exit $rc"
    grep -q "$f: truncated .* at compressed byte 30000" "$tmp/err" || fail "truncated $ext: $(cat "$tmp/err")"
    ! grep -q "truncated" "$tmp/out" || fail "truncated $ext: a verdict for the cut game"
    f=$tmp/bad.$ext
    cp "$tmp/crazyhouse-sample.pgn.$ext" "$f"
    printf '\x55\xaa\x55\xaa\x55\xaa\x55\xaa' | dd of="$f" bs=1 seek=2000 conv=notrunc status=none
    rc=0
    "$ck" validate --jobs 2 "$f" >"$tmp/out" 2>"$tmp/err" || rc=$?
    [ $rc -eq 2 ] || fail "corrupt $ext: exit $rc"
    grep -q "$f: .* at compressed byte [0-9]" "$tmp/err" || fail "corrupt $ext: $(cat "$tmp/err")"
done
# Garbage after a gzip member is corrupt input, not the end of the file.
{ cat "$tmp/invalid.pgn.gz"; printf 'trailing'; } >"$tmp/trail.gz"
rc=0
"$ck" validate "$tmp/trail.gz" >/dev/null 2>"$tmp/err" || rc=$?
[ $rc -eq 2 ] || fail "gzip trailing garbage: exit $rc"

# Input that is not empty but holds no game: exit 2, never "0 games".
printf '{only a comment}\n\n%% an escape line\n' >"$tmp/nogame.pgn"
rc=0
"$ck" validate "$tmp/nogame.pgn" >/dev/null 2>"$tmp/err" || rc=$?
[ $rc -eq 2 ] && grep -q "nogame.pgn: no PGN game" "$tmp/err" || fail "no game: exit $rc"
rc=0
head -c 5000 /dev/urandom | "$ck" validate - >/dev/null 2>&1 || rc=$?
[ $rc -ne 0 ] || fail "random bytes: exit 0"
rc=0
"$ck" validate /dev/null >/dev/null || rc=$?
[ $rc -eq 0 ] || fail "empty input: exit $rc"

# --valid-out / --invalid-out partition the input, in input order, each game once.
cat "$data/crazyhouse-sample.pgn" "$data/invalid.pgn" "$data/chessgi-sample.pgn" >"$tmp/mixed.pgn"
zstd -q -c "$tmp/mixed.pgn" >"$tmp/mixed.pgn.zst"
rc=0
"$ck" validate --format json --valid-out "$tmp/v.pgn" --invalid-out "$tmp/i.pgn" \
    "$tmp/mixed.pgn.zst" >"$tmp/all.json" || rc=$?
[ $rc -eq 1 ] || fail "split: exit $rc"
grep -q '"summary":{"files":1,"games":2669,"valid":2500,"invalid":169,' "$tmp/all.json" ||
    fail "split: summary $(tail -1 "$tmp/all.json")"
rc=0
"$ck" validate --format json "$tmp/v.pgn" >"$tmp/v.json" || rc=$?
[ $rc -eq 0 ] && grep -q '"games":2500,"valid":2500,"invalid":0,' "$tmp/v.json" ||
    fail "split: valid part ($rc) $(tail -1 "$tmp/v.json")"
rc=0
"$ck" validate --format json "$tmp/i.pgn" >"$tmp/i.json" || rc=$?
[ $rc -eq 1 ] && grep -q '"games":169,"valid":0,"invalid":169,' "$tmp/i.json" ||
    fail "split: invalid part ($rc) $(tail -1 "$tmp/i.json")"
# Same verdicts, same order: the invalid part's reasons are the whole file's.
diff <(grep -o '"error":"[^"]*"' "$tmp/all.json" | grep -v null) \
    <(grep -o '"error":"[^"]*"' "$tmp/i.json" | grep -v null) >/dev/null || fail "split: reasons differ"
cmp -s "$tmp/v.pgn" <(cat "$data/crazyhouse-sample.pgn" "$data/chessgi-sample.pgn") ||
    [ "$(tr -d '\n' <"$tmp/v.pgn")" = "$(cat "$data/crazyhouse-sample.pgn" "$data/chessgi-sample.pgn" | tr -d '\n')" ] ||
    fail "split: valid part is not the valid games' text"
# Only one of the two; and the refusals.
"$ck" validate --invalid-out "$tmp/only.pgn" "$tmp/mixed.pgn" >/dev/null || true
cmp -s "$tmp/only.pgn" "$tmp/i.pgn" || fail "split: --invalid-out alone differs"
for bad in "--valid-out -" "--invalid-out -" "--valid-out $tmp/mixed.pgn" \
    "--valid-out $tmp/x.pgn --invalid-out $tmp/x.pgn"; do
    rc=0
    # shellcheck disable=SC2086
    "$ck" validate $bad "$tmp/mixed.pgn" >/dev/null 2>&1 || rc=$?
    [ $rc -eq 2 ] || fail "split: '$bad' accepted (exit $rc)"
done
[ "$(wc -c <"$tmp/mixed.pgn")" -gt 0 ] || fail "split: the input was overwritten"

[ $fails -eq 0 ] || exit 1
echo "validate input: all checks passed"
