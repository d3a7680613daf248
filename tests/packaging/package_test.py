#!/usr/bin/env python3
"""The Debian package on this machine (README "Running a club server"), as root (CI is root;
otherwise exit 77, skipped): `cmake --build BUILD --target package` makes
BUILD/crazykrieg_<version>_<arch>.deb; `apt-get install` it; the system user crazykrieg exists,
owns /var/lib/crazykrieg, and the service is installed but neither enabled nor started;
/etc/crazykrieg/crazykrieg.conf is a conffile (a change survives a reinstall); Depends names the
linked libraries; `config check` of the packaged config passes; a move is played through
/usr/bin/crazykrieg as that user from `/` (its store under a temporary directory it owns);
`systemd-analyze verify` accepts the unit and `security` rates it at most 2.0; purge removes program, unit and configuration but
keeps the club's games in /var/lib/crazykrieg and the user.
usage: package_test.py BUILD_DIR VERSION WORK LOCAL_MAIL_PY"""
import glob
import os
import pwd
import re
import shutil
import subprocess
import sys

from club_move import fail, play_one_move, run

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
