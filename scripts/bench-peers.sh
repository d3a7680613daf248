#!/usr/bin/env bash
# Perft speed side by side, in one run: crazykrieg's bench against Sjeng 11.2 and Fairy-Stockfish
# on the three crazyhouse bench positions (tests/data/perft/bench.epd), single thread, nodes per
# CPU-second. Needs scripts/install-peers.sh first. Usage: scripts/bench-peers.sh [CRAZYKRIEG]
set -euo pipefail
ck=${1:-build/crazykrieg}
for peer in /usr/games/sjeng /usr/games/fairy-stockfish; do
    [ -x "$peer" ] || { echo "bench-peers: $peer missing (run scripts/install-peers.sh)" >&2; exit 2; }
done

# name|FEN without pocket|Sjeng holdings|pocket for FEN|depth
positions=(
    "zh-start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|[] []|[]|6"
    "zh-mid-bigpocket|r2k2nr/p7/2np1P2/4N3/1P1B3q/P1P1P3/b2P2K1/1N6 w - - 0 32|[PPPPPBQ] [pppbrr]|[PPPPPBQpppbrr]|4"
    "zh-mid-castle-pockets|rQ2qb1r/3kBn2/B5b1/P6p/3p1P2/2N2p2/R1PP2PP/4K2R w K - 0 24|[PPPPN] [pppn]|[PPPPNpppn]|4"
)

# Prints nodes per user-CPU-second of a command whose output has a node count after $2.
rate() {  # label pattern command...
    local label=$1 pattern=$2
    shift 2
    local out nodes cpu
    out=$( { /usr/bin/time -f 'CPU %U' "$@"; } 2>&1)
    nodes=$(grep -E "$pattern" <<<"$out" | grep -oE '[0-9]+' | tail -n 1)
    cpu=$(grep -E '^CPU ' <<<"$out" | awk '{print $2}')
    awk -v n="$nodes" -v c="$cpu" -v l="$label" 'BEGIN { if (c < 0.01) c = 0.01; printf "%s: %.1f M nodes/s (%d nodes, %.2f s CPU)\n", l, n / c / 1e6, n, c }'
}

for p in "${positions[@]}"; do
    IFS='|' read -r name fen hold pocket depth <<<"$p"
    board=${fen%% *}
    rest=${fen#* }
    echo "== $name d$depth"
    rate "crazykrieg" '^[0-9]+$' "$ck" perft --variant crazyhouse --fen "$board$pocket $rest" --depth "$depth" </dev/null
    rate "sjeng" 'Raw nodes' sh -c "printf 'xboard\nnew\nforce\nvariant crazyhouse\nsetboard %s\nholding %s\nperft %s\nquit\n' '$fen' '$hold' '$depth' | /usr/games/sjeng"
    rate "fairy-stockfish" 'Nodes searched' sh -c "printf 'setoption name UCI_Variant value crazyhouse\nposition fen %s\ngo perft %s\nquit\n' '$board$pocket $rest' '$depth' | /usr/games/fairy-stockfish"
done
