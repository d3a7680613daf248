"""Scripted games of the e2e tests: (side, request lines of one mail, the umpire's answers).

The answers are what the referee must say to each line, in order; lines after the one that
makes the move are not ruled (the mail's later tries are not needed)."""

# CrazyKrieg (hidden crazyhouse) to checkmate, with a refused "Impossible." (1. Qh5 through
# the own e2 pawn), "No." for both sides (4. d4 leaves the king in check; 4... Qxb2 runs into
# the unseen knight on c3), any? answered "Try." and "No.", captures of a pawn and a queen,
# two drops (4. P@e2 blocking the check, 7. Q@d8#), and checks on the vertical and horizontal.
CRAZYKRIEG_MATE = {
    "variant": "crazykrieg",
    "hidden": True,
    "result": "1-0",
    "mails": [
        ("white", ["Qh5", "e4"], ["impossible", "legal"]),
        ("black", ["d5"], ["legal"]),
        ("white", ["any?", "exd5"], ["try", "legal"]),
        ("black", ["Qxd5"], ["legal"]),
        ("white", ["Nc3"], ["legal"]),
        ("black", ["any?", "Qe5+"], ["no", "legal"]),
        ("white", ["d4", "P@e2"], ["no", "legal"]),
        ("black", ["Qxb2", "Nf6"], ["no", "legal"]),
        ("white", ["d4"], ["legal"]),
        ("black", ["Qxd4"], ["legal"]),
        ("white", ["Qxd4"], ["legal"]),
        ("black", ["Bg4"], ["legal"]),
        ("white", ["Q@d8#"], ["legal"]),
    ],
    # The list view's queries (README "Mail protocol for players"), by mail number: answered
    # in the sender's reply, naming only what the sender may know (the leak rule holds).
    "queries": {3: ["p N", "s d", "rank 5", "l", "c"], 4: ["pieces Q", "file d", "last"],
                6: ["s 5", "p P", "clock"], 10: ["s d", "s 4", "l"]},
}

# Open Crazyhouse to checkmate: an illegal attempt, captures, a drop, checks, mate by a drop.
CRAZYHOUSE_MATE = {
    "variant": "crazyhouse",
    "hidden": False,
    "result": "1-0",
    "mails": [
        ("white", ["Ke2", "e4"], ["illegal", "legal"]),
        ("black", ["d5"], ["legal"]),
        ("white", ["exd5"], ["legal"]),
        ("black", ["Qxd5"], ["legal"]),
        ("white", ["Nc3"], ["legal"]),
        ("black", ["Qe5+"], ["legal"]),
        ("white", ["P@e2"], ["legal"]),
        ("black", ["Nf6"], ["legal"]),
        ("white", ["d4"], ["legal"]),
        ("black", ["Qxd4"], ["legal"]),
        ("white", ["Qxd4"], ["legal"]),
        ("black", ["Bg4"], ["legal"]),
        ("white", ["Q@d8#"], ["legal"]),
    ],
}

# Kriegspiel under ICC's Wild 16 rules (docs/rulesets.md): the automatic pawn-try count to both
# after every move ("One pawn try.", "No pawn tries."), refusals only "No." and told to the mover
# alone, a repeated refused attempt "No." again, captures naming pawn or piece; ended by
# resignation. `alter`: one announcement of the record changed, which `validate` must reject.
WILD16_RESIGN = {
    "variant": "kriegspiel",
    "hidden": True,
    "rules": "wild16",
    "result": "1-0",
    "mails": [
        ("white", ["e4"], ["legal"]),
        ("black", ["d5"], ["legal"]),
        ("white", ["exf5", "exf5", "exd5"], ["no", "no", "legal"]),
        ("black", ["Qxd5"], ["legal"]),
        ("white", ["Nc3"], ["legal"]),
        ("black", ["Qe5+"], ["legal"]),
        ("white", ["Be2"], ["legal"]),
        ("black", ["resign"], ["legal"]),
    ],
    "alter": ("pawn-tries count=1", "pawn-tries count=2"),
}

# Hidden crazyhouse under the RAND rules: the squares of the pawns that can capture to both
# ("A pawn try from e4."), a pawn capture from another square "Impossible." and heard by the
# opponent, "No." for both sides, captures and drops with the reserve identity, checkmate.
RAND_CRAZYHOUSE_MATE = {
    "variant": "crazyhouse",
    "hidden": True,
    "rules": "rand",
    "result": "1-0",
    "mails": [
        ("white", ["e4"], ["legal"]),
        ("black", ["d5"], ["legal"]),
        ("white", ["dxe3", "exd5"], ["impossible", "legal"]),
        ("black", ["Qxd5"], ["legal"]),
        ("white", ["Nc3"], ["legal"]),
        ("black", ["Qe5+"], ["legal"]),
        ("white", ["d4", "P@e2"], ["no", "legal"]),
        ("black", ["Qxb2", "Nf6"], ["no", "legal"]),
        ("white", ["d4"], ["legal"]),
        ("black", ["Qxd4"], ["legal"]),
        ("white", ["Qxd4"], ["legal"]),
        ("black", ["Bg4"], ["legal"]),
        ("white", ["Q@d8#"], ["legal"]),
    ],
    "alter": ("pawn-tries squares=e4", "pawn-tries squares=d2"),
}

SCRIPTS = {"crazykrieg-mate": CRAZYKRIEG_MATE, "crazyhouse-mate": CRAZYHOUSE_MATE,
           "wild16-resign": WILD16_RESIGN, "rand-crazyhouse-mate": RAND_CRAZYHOUSE_MATE}
