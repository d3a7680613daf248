#!/usr/bin/env python3
"""The rule set is a type (referee::RuleSet) everywhere but at the edges (issue 18, "Types at
the edges only"): the literal "crazykrieg" may stand in src/ only where it is not a rule set.
Each allowed use is listed below by file name (not path, so a file may move between modules)
and a fragment of its line, with the reason. Comment lines are not code and are skipped.
usage: rule_set_literal_check.py REPO_ROOT"""
import os
import sys

LITERAL = '"crazykrieg"'
ALLOWED = [
    # The rule-set table itself: the one place the rule set's name is written.
    ("rule_set.cpp", '{RuleSet::CrazyKrieg, "crazykrieg",'),
    # The variant "crazykrieg" (hidden crazyhouse), not the rule set.
    ("game_files.cpp", 'n == "crazykrieg"'),
    ("command_problems.cpp", '{"kriegspiel", "crazykrieg"}'),
    ("bot_command.cpp", 'name == "crazykrieg"'),
    ("umpire_command.cpp", 'name == "crazykrieg"'),
    ("serve_bench.cpp", 'spec.variant = "crazykrieg";'),
    ("mail_bench.cpp", 'spec.variant = hidden ? "crazykrieg"'),
    ("mail_bench.cpp", 'spec.variant = "crazykrieg";'),
    # The rating pool of hidden crazyhouse, named after the variant (README "Ratings").
    ("ratings.cpp", 'return "crazykrieg";'),
    # The program's name: its log lines, its argv[0], its data and configuration directories.
    ("mail_pass.cpp", 'std::string line = "crazykrieg";'),
    ("serve_bench.cpp", 'execl(self.c_str(), "crazykrieg"'),
    ("data_files.cpp", '/ "share" / "crazykrieg" /'),
    ("config_location.cpp", 'etc / "crazykrieg" / "crazykrieg.conf"'),
    ("config_location.cpp", '/ "share" / "crazykrieg" /'),
    ("config_location.cpp", '(exe_dir / "crazykrieg")'),
]

root = sys.argv[1]
problems = []
for dirpath, _, files in os.walk(os.path.join(root, "src")):
    for name in sorted(files):
        if not name.endswith((".cpp", ".hpp")):
            continue
        path = os.path.join(dirpath, name)
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if LITERAL not in line or line.lstrip().startswith("//"):
                    continue
                if any(name == file and fragment in line for file, fragment in ALLOWED):
                    continue
                problems.append("%s:%d: %s (a rule set? use referee::RuleSet)" %
                                (os.path.relpath(path, root), number, line.strip()))
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
