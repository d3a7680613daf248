#!/usr/bin/env python3
"""The include allow-list of the modules (tests/layering.txt): every `#include "MODULE/..."` in
src/<module>/ must name the module itself or one it may depend on; every directory of src/ with
a CMakeLists.txt must be listed.

No include cycle inside a module: a component is x.hpp + x.cpp of one basename; a -> b when a
file of a includes "module/b.hpp". Every strongly connected set of two or more components is a
cycle and fails, named with its files.
usage: layering_check.py REPO_ROOT"""
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


def cycles_of(module_dir, module):
    """The include cycles among the components of one module: sorted lists of basenames."""
    components = {}
    for name in os.listdir(module_dir):
        if name.endswith((".cpp", ".hpp")):
            components.setdefault(name[:-4], []).append(name)
    include = re.compile(r'\s*#\s*include\s+"%s/([A-Za-z0-9_]+)\.hpp"' % re.escape(module))
    edges = {c: set() for c in components}
    for c, files in components.items():
        for name in files:
            with open(os.path.join(module_dir, name), encoding="utf-8") as f:
                for line in f:
                    m = include.match(line)
                    if m and m.group(1) != c and m.group(1) in components:
                        edges[c].add(m.group(1))
    # Tarjan's strongly connected components, iteratively (no recursion limit to meet).
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for root_component in sorted(components):
        if root_component in index:
            continue
        work = [(root_component, iter(sorted(edges[root_component])))]
        index[root_component] = low[root_component] = counter
        counter += 1
        stack.append(root_component)
        on_stack.add(root_component)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                scc = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    scc.append(w)
                    if w == v:
                        break
                if len(scc) > 1:
                    found.append(sorted(scc))
    return found


for module in sorted(allowed):
    module_dir = os.path.join(src, module)
    if not os.path.isdir(module_dir):
        continue
    for scc in cycles_of(module_dir, module):
        files = sorted(n for n in os.listdir(module_dir)
                       if n.endswith((".cpp", ".hpp")) and n[:-4] in scc)
        problems.append("include cycle in src/%s: %s" % (module, " ".join(files)))

for p in problems:
    print("FAIL:", p)
print("layering: %s" % ("ok" if not problems else "%d problems" % len(problems)))
sys.exit(1 if problems else 0)
