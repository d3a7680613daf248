#!/usr/bin/env python3
"""The service may write every folder the README has the organiser make for it.

usage: service_paths_test.py UNIT_TEMPLATE README

While the service runs, `crazykrieg backup FILE` is run by the service itself (README
"Organiser commands while serve runs"), under the unit's `ProtectSystem=strict`: only the
unit's `ReadWritePaths=` can be written. README "Backups" makes a folder for the backups with
`sudo install -d -o crazykrieg ... DIR`; each such DIR must lie inside a `ReadWritePaths=` entry,
else the README's own `sudo crazykrieg backup DIR/...` fails with "Read-only file system" as soon
as the service is started. Exit 0 when every folder is covered, 1 naming the first that is not.
"""
import re
import sys


def read_write_paths(unit_text):
    paths = []
    for line in unit_text.splitlines():
        m = re.match(r"\s*ReadWritePaths\s*=\s*(.*)$", line)
        if m:
            # "-PATH": ignored when missing; "+PATH" does not occur in ours.
            paths += [p.lstrip("-") for p in m.group(1).split()]
    return paths


def service_folders(readme_text):
    """Folders the README makes for the service's user: `install -d -o crazykrieg ... DIR`."""
    found = []
    for line in readme_text.splitlines():
        m = re.search(r"install -d -o crazykrieg(?: -\S+ \S+)* (/\S+)", line)
        if m:
            found.append(m.group(1).rstrip("`"))
    return found


def inside(path, top):
    return path == top or path.startswith(top.rstrip("/") + "/")


def main():
    unit_path, readme_path = sys.argv[1:3]
    writable = read_write_paths(open(unit_path, encoding="utf-8").read())
    folders = service_folders(open(readme_path, encoding="utf-8").read())
    if not writable:
        sys.exit(f"FAIL: {unit_path} has no ReadWritePaths=")
    if not folders:
        sys.exit(f"FAIL: {readme_path} makes no folder for the service (install -d -o crazykrieg)")
    for folder in folders:
        if not any(inside(folder, top) for top in writable):
            sys.exit(f"FAIL: the README makes {folder} for the service to write, but the unit "
                     f"lets it write only {' '.join(writable)} (ReadWritePaths=)")
    print(f"ok: {', '.join(folders)} inside ReadWritePaths={' '.join(writable)}")


if __name__ == "__main__":
    main()
