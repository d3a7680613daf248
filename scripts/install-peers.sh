#!/usr/bin/env bash
# scripts/install-peers.sh: OPTIONAL. Installs other engines that play Crazyhouse, only to compare
# perft figures and speed in the README's benchmarks (Debian 12 packages: sjeng 11.2,
# fairy-stockfish 11.1). setup.sh does not call this; it installs fairy-stockfish itself, for the
# `fairy-stockfish` bot engine (README "Computer opponents").
set -euo pipefail

PEERS=(sjeng fairy-stockfish)
if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo -n); fi

need=()
for p in "${PEERS[@]}"; do
    if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
        need+=("$p")
    fi
done
if [ ${#need[@]} -eq 0 ]; then
    echo "install-peers: all present: ${PEERS[*]}"
    exit 0
fi
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    -o DPkg::Lock::Timeout=300 "${need[@]}" </dev/null
