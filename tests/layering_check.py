#!/usr/bin/env python3
"""The include allow-list of the modules (tests/layering.txt): every `#include "MODULE/..."` in
src/<module>/ must name the module itself or one it may depend on; every directory of src/ with
a CMakeLists.txt must be listed. usage: layering_check.py REPO_ROOT"""
import os
import re
import sys

root = sys.argv[1]
allowed = {}
with open(os.path.join(root, "tests", "layering.txt")) as f:
    for line in f:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        module, _, deps = line.partition(":")
        allowed[module.strip()] = set(deps.split()) | {module.strip()}

problems = []
src = os.path.join(root, "src")
for module in sorted(os.listdir(src)):
    if not os.path.isfile(os.path.join(src, module, "CMakeLists.txt")):
        continue
    if module not in allowed:
        problems.append("src/%s is not in tests/layering.txt" % module)
        continue
    for dirpath, _, files in os.walk(os.path.join(src, module)):
        for name in sorted(files):
            if not name.endswith((".cpp", ".hpp")):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    m = re.match(r'\s*#\s*include\s+"([a-z_]+)/', line)
                    if m and m.group(1) not in allowed[module]:
                        problems.append("%s:%d: %s may not include %s"
                                        % (os.path.relpath(path, root), n, module, m.group(1)))
for p in problems:
    print("FAIL:", p)
print("layering: %s" % ("ok" if not problems else "%d problems" % len(problems)))
sys.exit(1 if problems else 0)
