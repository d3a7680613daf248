#!/usr/bin/env bash
# scripts/html-tools.sh: install the HTML checkers of the `html` test (tests/html) from the npm
# registry into tools/html-check/node_modules (listed in .gitignore): the W3C Nu Html Checker
# (vnu-jar, run with Debian's Java) and axe-core (run in Debian's headless chromium), at the
# versions and hashes pinned in tools/html-check/package-lock.json. Called by scripts/setup.sh.
#
# Idempotent: when the installed set matches the lock file (a copy of it is kept as
# node_modules/.ck-lock after a good install) no npm call is made. Package scripts are never
# run (--ignore-scripts): vnu-jar's would download a Java runtime; Debian's is used instead.
# Needs `npm` (Debian's package, or the one that comes with an installed Node.js).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR="$ROOT/tools/html-check"
STAMP="$DIR/node_modules/.ck-lock"

if [ -f "$STAMP" ] && cmp -s "$STAMP" "$DIR/package-lock.json" &&
    [ -f "$DIR/node_modules/vnu-jar/build/dist/vnu.jar" ] &&
    [ -f "$DIR/node_modules/axe-core/axe.min.js" ]; then
    echo "html-tools: vnu-jar and axe-core present"
    exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
    echo "html-tools: npm is missing (scripts/setup.sh installs Debian's npm)" >&2
    exit 1
fi
echo "html-tools: npm ci in tools/html-check (vnu-jar, axe-core)"
(cd "$DIR" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error </dev/null)
cp "$DIR/package-lock.json" "$STAMP"
