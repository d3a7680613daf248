#!/bin/sh
# Build one libFuzzer target with clang and run it for SECONDS (opt-in; see fuzz/CMakeLists.txt).
#   scripts/fuzz.sh fuzz_fen|fuzz_san|fuzz_pgn|fuzz_mime SECONDS
# Build tree: $CK_FUZZ_BUILD (default build-fuzz). New corpus entries go to
# $CK_FUZZ_BUILD/corpus/TARGET, crash inputs to $CK_FUZZ_BUILD/artifacts/TARGET-crash-*.
# Exit status is non-zero when the fuzzer finds a crash.
set -eu
target=${1:?usage: scripts/fuzz.sh TARGET SECONDS}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CK_FUZZ_BUILD:-$root/build-fuzz}

CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCK_FUZZ=ON -DCK_BUILD_TESTS=OFF \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" >/dev/null
cmake --build "$build" --target "$target" -j2

# Whole games and whole mails need room; a FEN or a move fits in 256 bytes.
case $target in
fuzz_pgn | fuzz_mime) max_len=4096 ;;
*) max_len=256 ;;
esac

corpus=$build/corpus/$target
mkdir -p "$corpus" "$build/artifacts"
set -- "$build/fuzz/$target" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$target-" -max_len=$max_len -timeout=10
if [ -f "$root/fuzz/$target.dict" ]; then set -- "$@" -dict="$root/fuzz/$target.dict"; fi
exec "$@" "$corpus" "$root/fuzz/seeds/$target"
