#!/usr/bin/env python3
"""CTest entry: plays one scripted game through the Maildir default and checks every mail.

usage: run_games.py CRAZYKRIEG_BINARY WORK_DIR TEMPLATES_DIR SCRIPT_NAME
Exit 0 when the game ends as scripted and no mail breaks a rule of ckplay.py's docstring."""
import email.message
import email.policy
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ckplay  # noqa: E402
import games  # noqa: E402


def rebuild(raw, text_fn, html_fn):
    """The same mail with its text and HTML parts changed (headers kept)."""
    old = ckplay.parse(raw)
    new = email.message.EmailMessage()
    for k, v in old.items():
        if not k.lower().startswith("content-") and k.lower() != "mime-version":
            new[k] = v
    new.set_content(text_fn(old.get_body(("plain",)).get_content()))
    new.add_alternative(html_fn(old.get_body(("html",)).get_content()), subtype="html")
    return new.as_bytes(policy=email.policy.SMTP)


def leak_selftest(club, templates):
    """The checker must catch doctored mails: it is what makes the e2e game tests able to fail."""
    outgoing = [raw for _, raw in club.transport.all_outgoing()]
    mails = [r for r in outgoing if ckplay.parse(r)["To"].addresses[0].addr_spec ==
             "alice@example.test" and "turn" in str(ckplay.parse(r)["Message-ID"])]
    if not mails:
        return ["selftest: no turn mail to White found"]
    raw = mails[0]
    msg = ckplay.parse(raw)
    game = re.search(r"#(\d+)\]", str(msg["Subject"])).group(1)
    root = str(msg["In-Reply-To"]).strip()
    everything = {f + r for f in "abcdefgh" for r in "12345678"}
    same = lambda x: x  # noqa: E731
    cases = [
        ("unchanged", raw, None),
        ("a square in the text", rebuild(raw, lambda t: t + "\nA bishop stands on h6.\n", same),
         "LEAK: text names h6"),
        ("a square in the HTML", rebuild(raw, same, lambda h: h.replace(
            "</body>", "<p>Knight on <b>h6</b></p></body>")), "LEAK: html names h6"),
        ("an opponent piece on the text board", rebuild(raw, lambda t: re.sub(
            r"(?m)^( 6 .*) \.(\r?)$", r"\1 n\2", t), same), "LEAK: text board"),
        ("an opponent piece on the HTML board", rebuild(raw, same, lambda h: re.sub(
            r'(<td title="h6"[^>]*>)</td>', "\\1\u265e\ufe0e</td>", h)), "LEAK: html board"),
        ("a long text line", rebuild(raw, lambda t: t + "x" * 79 + "\n", same), "79 columns"),
    ]
    problems = []
    for name, mail, expect in cases:
        c = ckplay.Checker(templates, game, True, {"white": "alice@example.test",
                                                   "black": "bob@example.test"})
        c.allowed["white"] = everything - {"h6"}
        c.root["white"] = root
        c.check("white", mail)
        found = [p for p in c.problems if expect and expect in p]
        if expect is None and c.problems:
            problems.append("selftest %s: unexpected %s" % (name, c.problems))
        elif expect is not None and not found:
            problems.append("selftest %s: not caught (%s)" % (name, c.problems))
    print("leak checker selftest: %d cases, %d failed" % (len(cases), len(problems)))
    return problems


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    binary, work, templates, name = sys.argv[1:]
    work = os.path.join(work, name)
    shutil.rmtree(work, ignore_errors=True)
    club = ckplay.Club(os.path.abspath(binary), work, templates)
    problems = ckplay.play_script(club, club.binary, games.SCRIPTS[name])
    if games.SCRIPTS[name]["hidden"]:
        problems += leak_selftest(club, templates)
    for p in problems:
        print("FAIL:", p)
    print("%s: %s" % (name, "ok" if not problems else "%d problems" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
