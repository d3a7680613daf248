#!/usr/bin/env bash
# PGN validation speed side by side, in one run, single thread, games per CPU-second:
# `crazykrieg validate --jobs 1` against lichess's chessops (npm package, parse + replay every
# main-line move) on the crazyhouse and standard samples, and against `pgn-extract -r` on the
# standard sample. Installs chessops into a scratch directory (never into the repo) and
# pgn-extract from Debian if missing. Usage: scripts/bench-pgn-peers.sh [CRAZYKRIEG] [REPEAT]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ck=$(realpath "${1:-$root/build/crazykrieg}")
repeat=${2:-20}
work=${TMPDIR:-/tmp}/ck-pgn-peers
mkdir -p "$work"
cd "$work"

if [ ! -d node_modules/chessops ]; then
    npm install --no-audit --no-fund chessops@0.15 >npm.log 2>&1
fi
pgn_extract=/usr/games/pgn-extract  # Debian installs it there
if [ ! -x "$pgn_extract" ]; then
    if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo -n); fi
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q pgn-extract </dev/null >/dev/null
fi

cat >chessops-validate.mjs <<'JS'
import { readFileSync } from 'node:fs';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
const text = readFileSync(process.argv[2], 'utf8');
const t0 = process.cpuUsage();
let games = 0, valid = 0;
for (const game of parsePgn(text)) {
  games++;
  const start = startingPosition(game.headers);  // Variant tag -> rules
  if (start.isErr) continue;
  const pos = start.value;
  let ok = true;
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) { ok = false; break; }
    pos.play(move);
  }
  if (ok) valid++;
}
const u = process.cpuUsage(t0);
const s = (u.user + u.system) / 1e6;
console.log(`${games} ${valid} ${s}`);
JS

rate() { awk -v g="$1" -v s="$2" 'BEGIN { if (s < 0.01) s = 0.01; printf "%.0f", g / s }'; }

for sample in crazyhouse standard; do
    : >"$sample.pgn"
    for _ in $(seq "$repeat"); do cat "$root/tests/data/pgn/$sample-sample.pgn" >>"$sample.pgn"; done
    read -r games valid cpu < <(node --max-old-space-size=8000 chessops-validate.mjs "$sample.pgn")
    js=$(rate "$games" "$cpu")
    echo "chessops $sample: $games games ($valid valid) in $cpu s CPU = $js games/s"
    out=$({ /usr/bin/time -f 'CPU %U %S' "$ck" validate --jobs 1 "$sample.pgn"; } 2>&1 || true)
    cpu=$(awk '/^CPU /{print $2 + $3}' <<<"$out")
    ours=$(rate "$games" "$cpu")
    echo "crazykrieg $sample: $(grep -E '^[0-9]+ games' <<<"$out" | cut -d' ' -f1-6) in $cpu s CPU = $ours games/s"
    echo "ratio crazykrieg/chessops $sample: $(awk -v a="$ours" -v b="$js" 'BEGIN { printf "%.1f", a / b }')x"
    if [ "$sample" = standard ]; then
        cpu=$({ /usr/bin/time -f 'CPU %U %S' "$pgn_extract" -r -s "$sample.pgn" >/dev/null; } 2>&1 | awk '/^CPU /{print $2 + $3}')
        pe=$(rate "$games" "$cpu")
        echo "pgn-extract -r standard: $games games in $cpu s CPU = $pe games/s"
        echo "ratio crazykrieg/pgn-extract standard: $(awk -v a="$ours" -v b="$pe" 'BEGIN { printf "%.1f", a / b }')x"
    fi
done
