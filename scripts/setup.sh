#!/usr/bin/env bash
# scripts/setup.sh: install what crazykrieg needs on Debian 12 (bookworm) and build it.
#
# Idempotent and non-interactive (works with no stdin, CI=true, as root or through sudo).
# Installs only the Debian packages that are missing (checked with dpkg-query first, so a run
# on a ready machine makes no apt call at all), then configures and builds Release into build/.
#
# Environment:
#   CK_BUILD_DIR   build directory (default: build)
#   CK_JOBS        parallel build jobs (default: nproc)
#   CK_NO_BUILD=1  install packages only
#
# The mail servers (postfix, dovecot) are installed for the live mail tests only. They are
# installed with the recipe of the project's mail-server notes: debconf "No configuration" so
# postfix writes no /etc/postfix/main.cf, and a policy-rc.d guard so no system daemon starts;
# the tests run their own private instances on loopback ports.
# The npm packages of the HTML checks (vnu-jar, axe-core) go into tools/html-check/node_modules
# (scripts/html-tools.sh), never system-wide.
# Chess engines used only for benchmark comparisons are NOT installed here: see
# scripts/install-peers.sh.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BUILD_DIR=${CK_BUILD_DIR:-build}
JOBS=${CK_JOBS:-$(nproc)}

BUILD_PACKAGES=(build-essential cmake pkg-config libcurl4-openssl-dev libssl-dev libmimetic-dev
                libboost-program-options-dev catch2 python3 clang libclang-rt-14-dev
                libzstd-dev libbz2-dev zlib1g-dev liblzma-dev zstd bzip2 gzip xz-utils
                python3-distributed
                liblemon-dev  # LEMON: maximum-weight matching for the Swiss pairings (src/swiss)
                strace  # the store's crash-state test (tests/e2e/crash_state_test.py)
                dpkg-dev systemd  # dpkg-shlibdeps for the .deb; systemd-analyze verify
                lintian  # the package test: Debian's package checker, 0 errors, 0 warnings
                chromium  # chromium: the site tests (tests/site), headless; axe-core (tests/html)
                default-jre-headless  # Java for the W3C Nu Html Checker (tests/html)
                fairy-stockfish)  # the `fairy-stockfish` bot engine (src/bot) and its tests
MAIL_PACKAGES=(postfix dovecot-imapd dovecot-lmtpd openssl)
# npm installs the HTML checkers (scripts/html-tools.sh). Debian's npm package conflicts with a
# Node.js installed from elsewhere, which brings its own npm: asked for only when there is none.
if ! command -v npm >/dev/null 2>&1; then
    BUILD_PACKAGES+=(npm)
fi

say() { printf 'setup: %s\n' "$*"; }

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo -n)   # -n: never prompt (no stdin in CI); fails clearly if a password is needed
else
    SUDO=()
fi

# Prints the names among "$@" that dpkg does not report as installed.
missing_packages() {
    local p
    for p in "$@"; do
        if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
            printf '%s\n' "$p"
        fi
    done
}

apt_install() {
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends -o DPkg::Lock::Timeout=300 -o Acquire::Retries=3 "$@" </dev/null
}

install_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
        say "no dpkg/apt here: install by hand: ${BUILD_PACKAGES[*]} ${MAIL_PACKAGES[*]}"
        return 0
    fi
    local -a need_build need_mail
    mapfile -t need_build < <(missing_packages "${BUILD_PACKAGES[@]}")
    mapfile -t need_mail < <(missing_packages "${MAIL_PACKAGES[@]}")
    if [ ${#need_build[@]} -eq 0 ] && [ ${#need_mail[@]} -eq 0 ]; then
        say "all packages present"
        return 0
    fi
    if [ ${#SUDO[@]} -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
        say "missing packages and neither root nor sudo: ${need_build[*]} ${need_mail[*]}" >&2
        return 1
    fi
    say "apt-get update"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q -o Acquire::Retries=3 </dev/null
    if [ ${#need_mail[@]} -gt 0 ]; then
        say "installing mail servers: ${need_mail[*]}"
        # No system daemon may start: policy-rc.d exit 101 makes invoke-rc.d refuse. Only add
        # it for this install (and take it away again) if the machine does not have one.
        local made_policy=0
        if [ ! -e /usr/sbin/policy-rc.d ]; then
            printf '#!/bin/sh\nexit 101\n' | "${SUDO[@]}" tee /usr/sbin/policy-rc.d >/dev/null
            "${SUDO[@]}" chmod +x /usr/sbin/policy-rc.d
            made_policy=1
        fi
        echo 'postfix postfix/main_mailer_type select No configuration' |
            "${SUDO[@]}" debconf-set-selections
        echo 'postfix postfix/mailname string example.test' | "${SUDO[@]}" debconf-set-selections
        local rc=0
        apt_install "${need_mail[@]}" || rc=$?
        if [ "$made_policy" -eq 1 ]; then "${SUDO[@]}" rm -f /usr/sbin/policy-rc.d; fi
        [ "$rc" -eq 0 ] || return "$rc"
    fi
    if [ ${#need_build[@]} -gt 0 ]; then
        say "installing build packages: ${need_build[*]}"
        apt_install "${need_build[@]}"
    fi
}

install_packages
# The HTML checkers of the `html` test, pinned (tools/html-check/package-lock.json).
bash scripts/html-tools.sh

if [ "${CK_NO_BUILD:-0}" = 1 ]; then
    exit 0
fi
say "building Release into $BUILD_DIR (-j$JOBS)"
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD_DIR" -j"$JOBS"
say "done: $BUILD_DIR/crazykrieg"
