#!/usr/bin/env python3
# `crazykrieg umpire` command line (docs/cli.md, docs/referee-protocol.md): names case-insensitive, the aliases
# kriegspiel and crazykrieg, exit 2 with one line on stderr for a wrong command line, exit 0
# otherwise (whatever the requests were). Closing line: `N passed, N failed`.
import json
import subprocess
import sys

binary = sys.argv[1]
passed = failed = 0


def run(args, stdin=""):
    p = subprocess.run([binary, "umpire"] + args, input=stdin, capture_output=True, text=True,
                       timeout=30)
    return p.returncode, p.stdout, p.stderr


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


for bad in (["--variant", "nope"], [], ["--variant", "chess", "--rules", "nope"],
            ["--variant", "chess", "--rules", "berkeley"], ["--variant", "chess", "--bogus"],
            ["--variant", "crazyhouse", "--fen", "not a fen"]):
    code, out, err = run(bad, "e4\n")
    check(code == 2 and out == "" and err.count("\n") == 1, "usage error for %s: %d %r" % (bad, code, err))

# Aliases and case: kriegspiel = chess --hidden, crazykrieg = crazyhouse --hidden.
for args, hidden in ((["--variant", "KriegSpiel"], True), (["--variant", "CRAZYKRIEG"], True),
                     (["--variant", "Crazyhouse"], False), (["--variant", "chess", "--hidden"], True),
                     (["--variant", "crazyhouse", "--hidden", "--rules", "CrazyKrieg"], True),
                     (["--variant", "chessgi", "--hidden", "--rules", "Berkeley-Any"], True),
                     (["--variant", "kriegspiel", "--rules", "WILD16"], True)):
    code, out, _ = run(args, "e4\n\n# comment\nhello\n")
    lines = [json.loads(l) for l in out.splitlines()]
    ok = code == 0 and len(lines) == 2 and lines[1]["n"] == 2 and lines[1]["answer"] == "error"
    if ok:
        black_view = lines[0]["views"]["black"]
        ok = ("P" in black_view) != hidden
    check(ok, "umpire %s: %d %r" % (args, code, out[:200]))

code, out, _ = run(["--variant", "crazyhouse", "--hidden", "--fen",
                    "6nk/7p/4N3/8/8/8/8/4K3[P] w - - 0 1"], "P@g7\n")
check(code == 0 and json.loads(out)["result"] == "1-0", "--fen start: %r" % out[:200])

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
