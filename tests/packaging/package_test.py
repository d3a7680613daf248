#!/usr/bin/env python3
"""The Debian package on this machine (README "Running a club server"), as root (CI is root;
otherwise exit 77, skipped): `cmake --build BUILD --target package` makes
BUILD/crazykrieg_<version>_<arch>.deb; `apt-get install` it; the system user crazykrieg exists,
owns /var/lib/crazykrieg, and the service is installed but neither enabled nor started;
/etc/crazykrieg/crazykrieg.conf is a conffile (a change survives a reinstall); Depends names the
linked libraries; `config check` of the packaged config passes; a move is played through
/usr/bin/crazykrieg as that user from `/` (its store under a temporary directory it owns);
`systemd-analyze verify` accepts the unit and `security` rates it at most 2.0; lintian finds no
error and no warning in the package; the installed binary without --config uses
/etc/crazykrieg/crazykrieg.conf (`config check` says so) and plays a move as crazykrieg in
/var/lib/crazykrieg; `game new` as root is refused, naming the owner, with nothing written;
`backup` (as root, while `serve` runs as crazykrieg) takes the game in progress, `restore`
unpacks it into another directory and the game goes on there; purge removes program, unit and
configuration but keeps the club's games in /var/lib/crazykrieg and the user.
usage: package_test.py BUILD_DIR VERSION WORK LOCAL_MAIL_PY"""
import glob
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import time

from club_move import PYTHON, fail, play_one_move, play_reply, run

build, version, work, local_mail = sys.argv[1:5]
if os.geteuid() != 0:
    print("SKIP: installing a package needs root")
    sys.exit(77)
if subprocess.run(["dpkg-query", "-W", "-f=${Status}", "crazykrieg"], capture_output=True,
                  text=True).stdout.startswith("install ok"):
    print("SKIP: a crazykrieg package is installed here already; this test would remove it")
    sys.exit(77)
APT = ["apt-get", "-y", "-q", "-o", "DPkg::Lock::Timeout=600"]
ENV = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
CONF = "/etc/crazykrieg/crazykrieg.conf"
UNIT = "/usr/lib/systemd/system/crazykrieg.service"


def sh(argv, check=True):
    r = subprocess.run(argv, capture_output=True, text=True, env=ENV, timeout=900)
    if check and r.returncode != 0:
        fail(f"{' '.join(argv)} exited {r.returncode}\n{r.stdout}{r.stderr}")
    return r


arch = sh(["dpkg", "--print-architecture"]).stdout.strip()
deb = os.path.join(build, f"crazykrieg_{version}_{arch}.deb")
for old in glob.glob(os.path.join(build, "crazykrieg_*.deb")):
    os.remove(old)
sh(["cmake", "--build", build, "--target", "package"])
if not os.path.isfile(deb):
    fail(f"the package target makes {deb}: {os.listdir(build)}")
# lintian (Debian's package checker): not one error or warning (overrides, each with its
# reason, would be in packaging/; there are none).
lint = sh(["lintian", "--tag-display-limit", "0", os.path.abspath(deb)], check=False)
found = [l for l in (lint.stdout + lint.stderr).splitlines() if l[:2] in ("E:", "W:")]
if lint.returncode not in (0, 1) or found:
    fail(f"lintian {deb} (exit {lint.returncode}):\n{lint.stdout}{lint.stderr}")
user_existed = subprocess.run(["getent", "passwd", "crazykrieg"],
                              capture_output=True).returncode == 0
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
try:
    sh(APT + ["install", os.path.abspath(deb)])
    control = sh(["dpkg-query", "-W", "-f=${Depends}\n${Conffiles}\n", "crazykrieg"]).stdout
    for want in ("libcurl", "libmimetic", "libboost-program-options", "libstdc++6", CONF):
        if want not in control:
            fail(f"{want} not in the package's Depends/Conffiles:\n{control}")
    user = pwd.getpwnam("crazykrieg")
    if user.pw_dir != "/var/lib/crazykrieg" or not user.pw_shell.endswith("nologin"):
        fail(f"the system user: {user}")
    st = os.stat("/var/lib/crazykrieg")
    if st.st_uid != user.pw_uid or st.st_mode & 0o007:
        fail("/var/lib/crazykrieg belongs to crazykrieg, closed to others")
    if glob.glob("/etc/systemd/system/*.wants/crazykrieg.service"):
        fail("the service is enabled at install; it must wait until it is configured")
    out = run(["/usr/bin/crazykrieg", "config", "check", "--config", CONF], "crazykrieg").stdout
    if "templates: /usr/share/crazykrieg/templates (installed" not in out or \
            not out.endswith("ok\n"):
        fail(f"config check of the packaged configuration:\n{out}")
    if not os.path.isfile("/usr/share/man/man1/crazykrieg.1.gz"):
        fail("the man page is installed")

    # A move through the installed binary as the service's user, from /.
    club = os.path.join(work, "club")
    os.makedirs(club)
    os.chmod(work, 0o755)
    os.chown(club, user.pw_uid, user.pw_gid)
    mail_tool = os.path.join(work, "local-mail.py")  # readable by the user wherever the source is
    shutil.copy(local_mail, mail_tool)
    os.chmod(mail_tool, 0o644)
    play_one_move("/usr/bin/crazykrieg", club, mail_tool, as_user="crazykrieg")
    for root, dirs, files in os.walk(os.path.join(club, "var")):
        for name in dirs + files:
            if os.stat(os.path.join(root, name)).st_uid != user.pw_uid:
                fail(f"{os.path.join(root, name)} not owned by crazykrieg")

    # No --config: the installed binary takes the system configuration (README "Configuration").
    out = run(["/usr/bin/crazykrieg", "config", "check"], "crazykrieg").stdout
    if f"config: {CONF} (system configuration of the installed /usr/bin/crazykrieg)" not in out:
        fail(f"config check without --config names {CONF} and why:\n{out}")
    STATE = "/var/lib/crazykrieg"
    _, game = play_one_move("/usr/bin/crazykrieg", STATE, mail_tool, as_user="crazykrieg",
                            config=None)

    # Root may not write the service's store: refused, naming the owner, nothing written.
    def snapshot():
        return sorted((root, name, os.lstat(os.path.join(root, name)).st_mtime_ns,
                       os.lstat(os.path.join(root, name)).st_uid)
                      for root, dirs, files in os.walk(STATE) for name in dirs + files)
    before = snapshot()
    refused = run(["/usr/bin/crazykrieg", "game", "new", "--variant", "crazyhouse", "--white",
                   "white@example.test", "--black", "black@example.test"], check=False)
    if refused.returncode == 0 or "belongs to the user crazykrieg" not in refused.stderr or \
            "sudo -u crazykrieg crazykrieg game new" not in refused.stderr:
        fail(f"game new as root is refused with the right invocation:\n{refused.stderr}")
    if snapshot() != before:
        fail("game new as root changed the store although it was refused")

    # A backup while serve runs (as the service would) and the game is in progress: serve takes
    # it itself, as its user, into a folder that user may write.
    backups = os.path.join(work, "backups")
    os.makedirs(backups)
    os.chown(backups, user.pw_uid, user.pw_gid)
    backup = os.path.join(backups, "club.tar.zst")
    def as_crazykrieg():  # the service's user, signals straight to serve (no runuser between)
        os.setgroups([])
        os.setgid(user.pw_gid)
        os.setuid(user.pw_uid)
    serve = subprocess.Popen(["/usr/bin/crazykrieg", "serve", "--poll", "1"], cwd="/",
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             preexec_fn=as_crazykrieg)
    try:
        time.sleep(1.5)
        out = run(["/usr/bin/crazykrieg", "backup", backup]).stderr
        if "1 game(s)" not in out:
            fail(f"backup of the store with one game:\n{out}")
    finally:
        serve.send_signal(signal.SIGTERM)
        if serve.wait(timeout=60) != 0:
            fail(f"serve during the backup exited {serve.returncode}:\n{serve.stderr.read()}")
    if os.stat(backup).st_mode & 0o077:
        fail("the backup holds the server secret: mode 0600")
    if b"\x28\xb5\x2f\xfd" != open(backup, "rb").read(4):
        fail("the backup is zstd-compressed")
    # Restored by the service's user into another directory (from stdin: root's file).
    restored_parent = os.path.join(work, "restored")
    os.makedirs(restored_parent)
    os.chown(restored_parent, user.pw_uid, user.pw_gid)
    copy = os.path.join(restored_parent, "club")
    with open(backup, "rb") as f:
        r = subprocess.run(["runuser", "-u", "crazykrieg", "--", "/usr/bin/crazykrieg",
                            "restore", "-", copy], stdin=f, cwd="/", capture_output=True,
                           text=True, timeout=120)
    if r.returncode != 0 or "1 game(s)" not in r.stdout:
        fail(f"restore - {copy} exited {r.returncode}:\n{r.stdout}{r.stderr}")
    # Black answers the turn mail it holds (the mail left before the backup; outbox Maildirs
    # are not in a backup, the players' mailboxes keep them): the game goes on in the copy.
    shutil.copytree(os.path.join(STATE, "outbox"), os.path.join(copy, "outbox"))
    subprocess.run(["chown", "-R", "crazykrieg:crazykrieg", os.path.join(copy, "outbox")],
                   check=True)
    play_reply("/usr/bin/crazykrieg", os.path.join(copy, "crazykrieg.conf"), copy, mail_tool,
               game, "black@example.test", "e5", "white", as_user="crazykrieg")

    # The unit, checked offline (no running systemd needed).
    verify = sh(["systemd-analyze", "verify", UNIT], check=False)
    if verify.returncode != 0 or "crazykrieg" in verify.stderr:
        fail(f"systemd-analyze verify {UNIT}:\n{verify.stdout}{verify.stderr}")
    # The hardening, as systemd rates it (0 best, 10 worst; "OK" up to 3.9).
    security = sh(["systemd-analyze", "security", "--offline=true", UNIT], check=False).stdout
    level = re.search(r"Overall exposure level for crazykrieg.service: ([0-9.]+)", security)
    if not level or float(level.group(1)) > 2.0:
        fail(f"the unit's exposure level is at most 2.0:\n{security[-3000:]}")

    # A changed conffile survives a reinstall; games in the state directory survive a purge.
    with open(CONF, "a") as f:
        f.write("# changed by the club\n")
    sh(APT + ["install", "--reinstall", os.path.abspath(deb)])
    with open(CONF) as f:
        if "# changed by the club" not in f.read():
            fail("a reinstall overwrote the club's configuration")
    run(["mkdir", "-p", "/var/lib/crazykrieg/games"], "crazykrieg")
    sh(APT + ["purge", "crazykrieg"])
    for gone in ("/usr/bin/crazykrieg", UNIT, CONF, "/etc/crazykrieg",
                 "/usr/share/crazykrieg"):
        if os.path.exists(gone):
            fail(f"{gone} left after purge")
    if not os.path.isdir("/var/lib/crazykrieg/games"):
        fail("purge kept /var/lib/crazykrieg, the club's games")
    if subprocess.run(["getent", "passwd", "crazykrieg"], capture_output=True).returncode != 0:
        fail("purge kept the system user (it owns the kept games)")
finally:
    if subprocess.run(["dpkg-query", "-W", "crazykrieg"], capture_output=True).returncode == 0:
        sh(APT + ["purge", "crazykrieg"], check=False)
    shutil.rmtree("/var/lib/crazykrieg", ignore_errors=True)
    if not user_existed:
        subprocess.run(["userdel", "crazykrieg"], capture_output=True)
    shutil.rmtree(work, ignore_errors=True)
print("Debian package: install, a move as crazykrieg from /, verify, purge: ok")
