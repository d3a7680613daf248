"""One move of a club game through an installed crazykrieg, run from `/` (README "Finding its
files": no command depends on the working directory once --config is given). Shared by
install_test.py and package_test.py.

play_one_move(binary, club, local_mail, as_user=None, config=...): writes CLUB/crazykrieg.conf
(relative paths, so under CLUB), registers two players, starts a game, White replies "e4" to the
game-start mail (scripts/local-mail.py), `serve --once` referees it; checks that the game shows
Black to move and that Black was mailed, and that `crazykrieg site CLUB/site` builds the pages.
as_user: run every command as that user (runuser).
config=None: no --config at all (the binary finds its configuration itself, README
"Configuration"); CLUB is then the folder holding the Maildirs inbox/ and outbox/.
Returns (config, game id).

play_reply(binary, config, var, local_mail, game, player, move, to_move, as_user): PLAYER answers
its newest mail with MOVE, `serve --once`, the game shows TO_MOVE to move."""
import os
import subprocess
import sys


# The system's python3: another user may not reach an interpreter under root's home.
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(argv, as_user=None, check=True):
    if as_user:
        argv = ["runuser", "-u", as_user, "--"] + argv
    r = subprocess.run(argv, cwd="/", capture_output=True, text=True, timeout=120)
    if check and r.returncode != 0:
        fail(f"{' '.join(argv)} exited {r.returncode}\n{r.stdout}{r.stderr}")
    return r


def write_config(club):
    config = os.path.join(club, "crazykrieg.conf")
    with open(config, "w") as f:
        f.write("[store]\ndir = var/games\n[mail]\ninbox = var/inbox\noutbox = var/outbox\n"
                "secret_file = var/secret\nreferee_address = referee@club.example\n")
    return config


def play_one_move(binary, club, local_mail, as_user=None, config=...):
    if config is ...:
        config = write_config(club)
        var = os.path.join(club, "var")
    else:
        var = club
    with_config = ["--config", config] if config else []
    ck = lambda *a: run([binary, *a, *with_config], as_user)
    local_mail = os.path.abspath(local_mail)
    mail = lambda *a: run([PYTHON, local_mail, "--var", var, *a], as_user)
    ck("player", "add", "White", "white@example.test")
    ck("player", "add", "Black", "black@example.test")
    game = ck("game", "new", "--variant", "crazykrieg", "--white", "white@example.test",
              "--black", "black@example.test").stdout.split()[-1]
    if "you play White" not in mail("read", "white@example.test").stdout:
        fail("White's game-start mail")
    mail("reply", "white@example.test", "e4")
    ck("serve", "--once")
    show = ck("game", "show", game, "--as", "referee").stdout
    if "to move: black" not in show:
        fail(f"after 1. e4 the game shows Black to move:\n{show}")
    if "White has moved." not in mail("read", "black@example.test").stdout:
        fail("Black's turn mail")
    # The full site build finds the installed templates like every other command (issue 18).
    site = os.path.join(club, "site")
    ck("site", site)
    games = os.path.join(site, "games")
    if not os.path.isfile(os.path.join(site, "index.html")) or not os.listdir(games):
        fail(f"crazykrieg site {site} wrote no index.html or no game page")
    return config, game


def play_reply(binary, config, var, local_mail, game, player, move, to_move, as_user=None):
    with_config = ["--config", config] if config else []
    run([PYTHON, os.path.abspath(local_mail), "--var", var, "reply", player, move], as_user)
    run([binary, "serve", "--once", *with_config], as_user)
    show = run([binary, "game", "show", game, "--as", "referee", *with_config], as_user).stdout
    if f"to move: {to_move}" not in show:
        fail(f"after {move} the game shows {to_move} to move:\n{show}")
