"""Every command of the ``skullking`` command line as it is declared (a
:class:`~skullking.tools.command.Command` each): its name, summary, examples, its own
arguments and options, the shared options it takes, and where the function that runs
it is (``"module:function"``).

Starting the command line imports this module and no command's: the parser is built
from these declarations alone, and a command's module (``trickcmd``, ``sheetcmd``, ...)
is imported when that command runs, so that it imports what it uses at its top (two
commands that share a module, as ``simulate`` and ``compare`` do, import what both
use). What is here stays light: ``argparse``, the declarations and the words of the
help.
"""

from __future__ import annotations

import argparse

from skullking.core.limits import MAX_DIFF_TRICKS
from skullking.tools.command import Command, Shared
from skullking.tools.common import ALLOW_PATHS_HELP, DEFAULT_EDITION

# ---------------------------------------------------------------------- editions


EDITIONS = Command(
    "editions",
    "list the bundled editions",
    "skullking.tools.editionscmd:cmd_editions",
    examples=("editions", "editions --format json"),
    shared=Shared(edition=None, paths=False),
    refuses=(("--edition", "it lists every bundled edition"),),
)


# ---------------------------------------------------------------------- validate


def _validate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="edition files (or bundled ids; '-' for stdin)")
    p.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 on warnings too (rules, bonuses, cards, effects, modules, schedules, formulas or overlay "
        "changes that cannot matter)",
    )


VALIDATE = Command(
    "validate",
    "check edition files; report every problem with FILE:LINE:COL",
    "skullking.tools.validatecmd:cmd_validate",
    examples=("validate examples/house-rules/our-table.yaml", "validate --strict skullking-2021 bga"),
    arguments=_validate_arguments,
    shared=Shared(edition=None),
    refuses=(("--edition", "it checks the files it is given"),),
)


# ---------------------------------------------------------------------- trick


#: ``--round``'s help, on every command whose answer may depend on the round.
ROUND_HELP = (
    "the round the trick is played in, where the edition's rules change with the round (which suit is "
    "trump, what a bonus pays, which precedence rules hold); past the schedule: a tie-break round"
)


def _trick_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "cards", nargs="*", metavar="CARD", help="the cards in play order from the leader, e.g. Y10 SK TIG:PIR"
    )
    p.add_argument("--leader", type=int, default=None, help="seat of the player who led (default 0)")
    p.add_argument("--players", type=int, default=None, help="number of players (default: the number of cards)")
    p.add_argument("--round", type=int, default=None, metavar="N", help=ROUND_HELP)
    p.add_argument(
        "--batch",
        metavar="FILE",
        help="resolve one JSON trick per line of FILE ('-' for stdin), each line giving its leader and players",
    )


TRICK = Command(
    "trick",
    "resolve a trick: who wins, why, who leads next",
    "skullking.tools.trickcmd:cmd_trick",
    examples=("trick Y10 Y6 G14 B2", "trick PIR SK MER --leader 1 --players 4", "trick --format json KRAKEN Y12 SK"),
    arguments=_trick_arguments,
)


# ---------------------------------------------------------------------- legal


def _legal_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hand", required=True, metavar="CARD,CARD,...", help="the hand, comma-separated")
    p.add_argument(
        "--players", type=int, default=None, help="number of players (checks cards used only from N players)"
    )
    p.add_argument("--round", type=int, default=None, metavar="N", help=ROUND_HELP)
    p.add_argument("cards", nargs="*", metavar="CARD", help="the cards played so far in this trick")


LEGAL = Command(
    "legal",
    "which cards of a hand may be played on a trick",
    "skullking.tools.trickcmd:cmd_legal",
    examples=("legal --hand Y3,G5,E,TIG Y10", "legal --hand Y3,G5,B1 --players 4 G7 Y12"),
    arguments=_legal_arguments,
)


# ---------------------------------------------------------------------- explain


def _explain_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "given_edition",
        nargs="?",
        metavar="EDITION",
        help=f"a bundled edition id or an edition file (default: {DEFAULT_EDITION})",
    )
    # Further editions, kept out of the help, only to refuse them by name.
    p.add_argument("more_editions", nargs="*", help=argparse.SUPPRESS)


EXPLAIN = Command(
    "explain",
    "the edition's rules as Markdown, generated from its file",
    "skullking.tools.explaincmd:cmd_explain",
    examples=("explain skullking-2024", "explain examples/house-rules/our-table.yaml"),
    arguments=_explain_arguments,
    shared=Shared(edition="argument"),
    description="Print an edition's rules as Markdown, generated from its file: give the edition as "
    "EDITION or with --edition, not both.",
)


# ---------------------------------------------------------------------- diff


def two_editions(parser: argparse.ArgumentParser) -> None:
    """The arguments A and B of a command that sets two editions side by side."""
    parser.add_argument("a", metavar="A", help="an edition id or file")
    parser.add_argument("b", metavar="B", help="another edition id or file")


def _diff_arguments(p: argparse.ArgumentParser) -> None:
    two_editions(p)
    p.add_argument(
        "--sample",
        type=int,
        default=2000,
        help="random tricks of 4+ cards to play (default 2000; as many again from both decks when they differ)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=2021,
        help="seed of the random samples, of long tricks and of large grids (default 2021)",
    )
    p.add_argument(
        "--depth",
        type=int,
        default=3,
        help=f"play every trick of up to this many cards: 2 or 3 (default 3; past {MAX_DIFF_TRICKS:,} of them, "
        "a sample of that many)",
    )


DIFF = Command(
    "diff",
    "what differs between two editions, and what it changes in play",
    "skullking.tools.diffcmd:cmd_diff",
    examples=(
        "diff skullking-2021 skullking-2024",
        "diff skullking-2021 examples/house-rules/our-table.yaml --depth 2",
    ),
    arguments=_diff_arguments,
    shared=Shared(edition=None),
    refuses=(("--edition", "it compares the two editions it is given"),),
)


# ---------------------------------------------------------------------- simulate and compare


def game_options(p: argparse.ArgumentParser) -> None:
    """The options a game is played with: ``--seed``, ``--schedule``, ``--scoring``,
    ``--modules``, ``--no-abilities`` (``simulate``, ``compare`` and ``ladder``)."""
    p.add_argument("--seed", type=int, default=None, help="seed of the deals and moves (default: a random one)")
    p.add_argument("--schedule", metavar="SCHEDULE", help="round schedule (default: the edition's)")
    p.add_argument("--scoring", metavar="SCHEME", help="scoring scheme (default: the edition's)")
    p.add_argument("--modules", metavar="ID,ID,...", help="modules in play (default: those used at this count)")
    p.add_argument("--no-abilities", action="store_true", help="play without the pirates' abilities")


def run_options(p: argparse.ArgumentParser) -> None:
    """The options of where games are played: ``--jobs``, ``--cluster``,
    ``--cluster-timeout``, ``-q`` (``simulate``, ``compare`` and ``ladder``)."""
    p.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="worker processes, one a core at the most (default: every core); results do not change",
    )
    p.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play on the Dask cluster at ADDRESS (tcp://host:8786; needs the 'cluster' extra); same results",
    )
    p.add_argument(
        "--cluster-timeout",
        type=float,
        metavar="SECONDS",
        help="with --cluster: how long to wait for its scheduler to answer (default 30)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress line or note on standard error")


def _table(p: argparse.ArgumentParser) -> None:
    """The options ``simulate`` and ``compare`` share: the table, its bots and the run."""
    p.add_argument("--players", default="4", metavar="N|NAME,NAME,...", help="a player count or names (default 4)")
    p.add_argument(
        "--bots",
        metavar="BOT,BOT,...",
        help=(
            "the players' bots, one a seat, repeated to fill the table: random, heuristic, pimc (a search: "
            "pimc:50 searches 50 deals a decision, pimc:30ms as many as 30 ms of CPU allow; default 20 deals), "
            "or module:Class, a bot from outside (default: random)"
        ),
    )
    game_options(p)
    run_options(p)
    p.add_argument(
        "--plot",
        metavar="FILE.png|FILE.svg",
        help="also draw the scores and bid hit rates (needs the 'plot' extra)",
    )


def _simulate_arguments(p: argparse.ArgumentParser) -> None:
    _table(p)
    p.add_argument(
        "--games",
        type=int,
        default=None,
        help="play N games and print their statistics (from 1,000 games on, every trick of up to four "
        "cards is planned first: about 1.4 s the first time for an edition's rules, then read from the cache)",
    )
    p.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="one game: play only the first N rounds (default: all, then up to 10 rounds to break a tie)",
    )
    p.add_argument("--out", metavar="DIR", help="with --games: write every game as a score sheet into DIR")
    p.add_argument(
        "--records",
        action="store_true",
        help="with --out: write every game as a game record (game-000001.skr, deal included) instead of a sheet",
    )


def _compare_arguments(p: argparse.ArgumentParser) -> None:
    two_editions(p)
    _table(p)
    p.add_argument(
        "--games",
        type=int,
        default=1000,
        help="games to play under each (default 1000; from 1,000 on, each edition's short tricks are planned "
        "first, as simulate does)",
    )


SIMULATE = Command(
    "simulate",
    "play games with bots: one printed as a score sheet, or many (--games) as statistics",
    "skullking.tools.simcmd:cmd_simulate",
    examples=("simulate --players Ann,Bo,Cy --seed 7", "simulate --games 1000 --bots heuristic,random --seed 1"),
    arguments=_simulate_arguments,
    shared=Shared(formats=("text", "json", "csv")),
)

COMPARE = Command(
    "compare",
    "play the same deals with the same bots under two editions; compare the statistics",
    "skullking.tools.simcmd:cmd_compare",
    examples=("compare skullking-2021 skullking-2024 --games 200 --seed 1",),
    arguments=_compare_arguments,
    shared=Shared(edition=None),
    refuses=(("--edition", "it plays the two editions it is given"),),
)


# ---------------------------------------------------------------------- ladder


def _ladder_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "bots",
        nargs="+",
        metavar="BOT",
        help="the bots to rank: random, heuristic, pimc (pimc:50, pimc:30ms), or module:Class (a bot from outside)",
    )
    p.add_argument(
        "--deals",
        type=int,
        default=100,
        metavar="N",
        help="deals to play, each once for every rotation of the seats (default 100)",
    )
    p.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="seats at the table (default: one a bot, within the edition's player counts)",
    )
    p.add_argument("--rounds", type=int, default=None, metavar="N", help="play only the first N rounds of each game")
    game_options(p)
    run_options(p)


LADDER = Command(
    "ladder",
    "rank bots by duplicate matches (the same deals, the seats rotated): a rating on the Elo scale",
    "skullking.tools.laddercmd:cmd_ladder",
    examples=("ladder random heuristic pimc --deals 50 --seed 1", "ladder heuristic mybots.py:Careful --rounds 5"),
    arguments=_ladder_arguments,
)


# ---------------------------------------------------------------------- schema and new


def _schema_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "which",
        nargs="?",
        choices=("edition", "sheet", "vectors"),
        default="edition",
        metavar="WHICH",
        help="which schema: edition, sheet or vectors (default: edition)",
    )
    p.add_argument("--path", action="store_true", help="print where the installed schema file is instead")


SCHEMA = Command(
    "schema",
    "print the JSON Schema of edition files, score sheets or conformance vectors (for editors and other tools)",
    "skullking.tools.authorcmd:cmd_schema",
    examples=("schema > edition.schema.json", "schema sheet --path"),
    arguments=_schema_arguments,
    shared=Shared(edition=None, paths=False, formats=()),
    refuses=(("--format", "a schema is JSON"), ("--edition", "a schema is the same for every edition")),
)


def _new_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME", help="the new edition's id; the file is NAME.yaml")
    p.add_argument("--extends", required=True, metavar="ID|PATH", help="the edition it changes: a bundled id or a file")
    p.add_argument("--allow-paths", action="store_true", help=ALLOW_PATHS_HELP)
    p.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="where to write it: a file, a folder, or '-' for standard output (default: NAME.yaml here); "
        "an existing file is never overwritten",
    )


NEW = Command(
    "new",
    "start a house rule: write a commented overlay of an edition",
    "skullking.tools.authorcmd:cmd_new",
    examples=("new our-table --extends skullking-2021", "new quick --extends bga -o -"),
    arguments=_new_arguments,
    shared=Shared(edition=None, paths=False, formats=()),
    refuses=(("--edition", "the edition it changes is given with --extends"), ("--format", "it writes a YAML file")),
)


# ---------------------------------------------------------------------- serve


def _serve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host",
        default=None,
        help="address to listen on (default 127.0.0.1: this machine only; with --lan every address, 0.0.0.0); "
        "beyond this machine, changes need a key",
    )
    p.add_argument(
        "--lan",
        action="store_true",
        help="serve the phones on your local network: prints the pad's address and a QR code of its link with "
        "the pad's key (a phone that opens it can start games and enter scores; each game's page shows its own "
        "link for the others at the table; a phone without a key can only watch)",
    )
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; 0: a free one)")
    p.add_argument(
        "--allow-host",
        action="append",
        metavar="NAME",
        help="a further name (or address) the pad answers as, such as its DNS name or a reverse proxy's "
        "(repeatable); it always answers as the addresses it listens on, the loopback names when it "
        "listens there and this machine's host name when it listens on every address",
    )
    p.add_argument("--db", metavar="FILE", help="the games' database file (default: in your data folder)")
    p.add_argument(
        "--tls",
        action="store_true",
        help="serve over HTTPS, so that phones on the network can install the pad and open games offline "
        "(browsers allow neither over plain HTTP beyond this machine): with a certificate the pad makes and "
        "keeps beside the database, which each phone installs once (its address /pad.crt and fingerprint are "
        "printed), or with --cert and --key",
    )
    p.add_argument("--cert", metavar="FILE", help="serve over HTTPS with this certificate (PEM, its chain after it)")
    p.add_argument("--key", metavar="FILE", help="the private key of --cert (PEM, without a password)")
    p.add_argument(
        "--write-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="seconds a client may take none of an answer before its connection is dropped (default 60, at "
        "most 3600; the time starts again whenever it takes some)",
    )
    p.add_argument(
        "--client-connections",
        type=int,
        default=None,
        metavar="N",
        help="connections one address may hold at once (default 32, at most the connections held in all): "
        "more for a reverse proxy in front of the pad, through which every client comes from one address",
    )


SERVE = Command(
    "serve",
    "start the score pad: a web page for keeping score at the table (needs the 'web' extra)",
    "skullking.tools.servecmd:cmd_serve",
    examples=("serve", "serve --lan --tls"),
    arguments=_serve_arguments,
    shared=Shared(edition=None, paths=False, formats=()),
    description="Serve the score pad: keep score of games under any bundled edition or house rule, "
    "check disputed tricks, read an edition's rules. Games are stored in a SQLite file.",
    refuses=(
        ("--edition", "each game at the pad chooses its own edition"),
        ("--format", "it serves web pages"),
    ),
)


# ---------------------------------------------------------------------- vectors and conformance


def _vectors_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("given_edition", metavar="EDITION", help="a bundled edition id or an edition file")
    p.add_argument(
        "--out",
        metavar="DIR",
        help="write tricks.json, legal.json, rounds.json, games.json and vectors.json (the four in one, with what "
        "their codes mean) into DIR (made if missing)",
    )
    p.add_argument(
        "--round",
        type=int,
        default=None,
        metavar="N",
        help="the vectors of the rules of round N, for an edition whose rules change with the round (each "
        "vector's input then gives its 'round')",
    )


VECTORS = Command(
    "vectors",
    "write the edition's rules as conformance test vectors (JSON) any Skull King program can run",
    "skullking.tools.conformance:cmd_vectors",
    examples=("vectors skullking-2021 --out vectors/", "vectors bga > bga-vectors.json"),
    arguments=_vectors_arguments,
    shared=Shared(edition=None),
    description="Write test vectors of an edition: tricks, legal plays, round scores and whole rounds, each with its "
    "expected answer, the source of its rule and feature tags. Without --out, one JSON document on "
    "standard output. The vectors are JSON whatever --format says; it sets how errors are written.",
    refuses=(("--edition", "it writes the vectors of the edition it is given"),),
)


def _conformance_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cmd", metavar="'PROGRAM ARGS'", help="the program to test, split as a shell would (no shell)")
    p.add_argument(
        "--self", action="store_true", help="test the engine's own adapter (python -m skullking.tools.adapter)"
    )
    p.add_argument(
        "--tags", metavar="T,...", help="run only the vectors with at least one of these feature tags (known tags)"
    )
    p.add_argument("--skip-tags", metavar="T,...", help="skip the vectors with any of these feature tags (known tags)")
    p.add_argument(
        "--kinds",
        metavar="K,...",
        help="the kinds of vector to run: tricks, legal, rounds, games, or all (default tricks,legal,rounds: the "
        "kinds every program knows; games are whole rounds played from a deal)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="seconds the program has to read each request and answer it (default 10, at most 3600)",
    )
    p.add_argument(
        "--round",
        type=int,
        default=None,
        metavar="N",
        help="run the vectors of the rules of round N, for an edition whose rules change with the round",
    )


CONFORMANCE = Command(
    "conformance",
    "run another Skull King program against the edition's test vectors, a report by rule",
    "skullking.tools.conformance:cmd_conformance",
    examples=("conformance --cmd 'node adapter.js' --edition skullking-2024", "conformance --self --tags kraken"),
    arguments=_conformance_arguments,
    description="Run a program as a child: one request a line on its standard input (id, kind, edition, "
    "input), one answer a line on its standard output (id and output, or skip). The report groups the "
    "failures by the rule each vector checks, with the fields that differ. Exit 0 when every "
    "vector run passed, 1 when some failed, 2 for a usage error or a program that dies, writes what "
    "is not JSON, answers another id or is silent past --timeout.",
)


# ---------------------------------------------------------------------- score


def _score_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("sheet", metavar="SHEET", help="the sheet file ('-' for stdin)")
    p.add_argument("--scoring", metavar="SCHEME", help="scoring scheme (default: the sheet's, else the edition's)")
    p.add_argument(
        "--schedule",
        metavar="SCHEDULE",
        help="round schedule, e.g. whirlpool-twice (default: the sheet's, else the edition's)",
    )
    p.add_argument(
        "--to-record",
        action="store_true",
        help="write the sheet's game as a game record instead (a round with 'tricks' as its play, "
        "one with 'won' as its results, the round in progress as its bids; a house rule's file "
        "carried inline, so that the record alone replays)",
    )


SCORE = Command(
    "score",
    "score a game sheet (YAML or JSON)",
    "skullking.tools.sheetcmd:cmd_score",
    examples=("score examples/sheets/harbour-night.yaml", "score game.yaml --scoring rascal --format json"),
    arguments=_score_arguments,
    shared=Shared(edition="sheet"),
)


# ---------------------------------------------------------------------- replay


def _replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="RECORD", help="the record file ('-' for stdin)")
    p.add_argument("--to-sheet", action="store_true", help="write the replayed game as a score sheet (YAML) instead")


REPLAY = Command(
    "replay",
    "replay a game record move by move and score it",
    "skullking.tools.replaycmd:cmd_replay",
    examples=("replay examples/records/three-rounds.skr", "replay game.skr --to-sheet > game.yaml"),
    arguments=_replay_arguments,
    shared=Shared(edition="sheet"),
)
