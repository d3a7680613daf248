"""The club of the site tests (tests/site/site_test.py, tests/html/html_check.py): a finished
open crazyhouse game (captures: pockets), a finished hidden crazykrieg game, a hidden kriegspiel
game and an open chess game in progress, a loop tournament (rated games, some finished), a
hidden crazyhouse game in progress, a casual group stage whose final is under way and a team
match just started, written by `crazykrieg site` into <path>/site."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
from cli_harness import Cli, deliver, expect, reply_address  # noqa: E402

P = {"Ann": "ann@example.test", "Ben": "ben@example.test", "Cat": "cat@example.test",
     "Dan": "dan@example.test"}


def build_club(binary, templates, path, hidden_move):
    """The club, in `path`; `hidden_move` is White's first move in hidden game 3. Returns the
    Cli, the site folder, the clock (each call one minute on) and play(game, player, line)."""
    cli = Cli(binary, path, templates)
    inbox = os.path.join(path, "var", "inbox")
    for name, address in P.items():
        cli.ck("player", "add", name, address)
    clock = [0]

    def now():
        clock[0] += 1
        return f"2026-12-01T{clock[0] // 60 + 8:02d}:{clock[0] % 60:02d}:00Z"

    starts = {}

    def new(gid, *args):
        cli.ck("game", "new", *args, "--now", now(), "--templates", templates)
        starts[gid] = cli.new_mails()

    def play(gid, who, line):
        to, subject = reply_address(starts[gid], P[who], f"#{gid}] New game")
        deliver(inbox, P[who], to, "Re: " + subject, [line])
        cli.serve_at(now())

    new(1, "--variant", "crazyhouse", "--white", P["Ann"], "--black", P["Ben"])
    for who, move in [("Ann", "e4"), ("Ben", "d5"), ("Ann", "exd5"), ("Ben", "Qxd5"),
                      ("Ann", "Nc3"), ("Ben", "resign")]:
        play(1, who, move)
    new(2, "--variant", "crazyhouse", "--hidden", "--white", P["Ann"], "--black", P["Cat"])
    for who, move in [("Ann", "e4"), ("Cat", "e5"), ("Ann", "Nf3"), ("Cat", "Nc6"),
                      ("Ann", "resign")]:
        play(2, who, move)
    new(3, "--variant", "chess", "--hidden", "--white", P["Ben"], "--black", P["Cat"])
    play(3, "Ben", hidden_move)
    new(4, "--variant", "chess", "--white", P["Dan"], "--black", P["Ann"])
    play(4, "Dan", "d4")
    cli.ck("tournament", "new", "--name", "Winter Cup", "--variant", "loop", P["Ann"], P["Ben"],
           P["Cat"], "--now", now(), "--templates", templates)
    new(8, "--variant", "crazyhouse", "--hidden", "--white", P["Dan"], "--black", P["Cat"])
    play(8, "Dan", "e4")
    # A casual group stage (docs/knockout.md): 2 groups of 2 (games 9 and 10); White resigns
    # both, so the final (games 11 and 12) is in progress: the page shows groups and bracket.
    cli.ck("tournament", "new", "--name", "Spring Groups", "--variant", "crazyhouse", "--casual",
           "--system", "groups", "--group-size", "2", "--advance", "1", P["Ann"], P["Ben"],
           P["Cat"], P["Dan"], "--now", now(), "--templates", templates)
    group_mails = cli.new_mails()
    for gid in (9, 10):
        for to, subject, raw in group_mails:
            if f"#{gid}] New game" in subject and "you play White" in subject:
                white = to[to.index("<") + 1:to.index(">")]
                reply, _ = reply_address(group_mails, white, f"#{gid}] New game")
                deliver(inbox, white, reply, "Re: " + subject, ["resign"])
    cli.serve_at(now())
    # A team match (docs/teams.md), started: its page shows the match and every board.
    cli.ck("tournament", "new", "--name", "Team Cup", "--variant", "chess", "--casual",
           "--system", "teams", "--games", "1", "--team", f"Red={P['Ann']},{P['Ben']}",
           "--team", f"Blue={P['Cat']},{P['Dan']}", "--now", now(), "--templates", templates)
    cli.ck("tournament", "start", "team-cup", "--now", now(), "--templates", templates)
    cli.new_mails()
    out = cli.ck("site", "site", "--templates", templates)
    expect("file(s) written" in out, f"site: {out!r}")
    return cli, os.path.join(path, "site"), now, play
