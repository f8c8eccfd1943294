"""The ``skullking`` command line: editions, validate, trick, legal, score, explain, diff,
simulate, vectors, conformance.

Thin by design: each command parses its arguments, calls the library and prints a
text or JSON report. ``main(argv)`` returns the exit code and never raises for bad
input: 0 success, 1 ``validate`` found problems (``conformance``: vectors failed), 2
bad input (unknown card or edition, impossible trick, bad score sheet, usage errors),
3 an internal error (a bug, reported in one line; ``--debug`` adds the traceback).

The parser, ``main`` and the small commands live here; the larger ones have modules of
their own (:mod:`~skullking.tools.batch` for ``trick --batch``,
:mod:`~skullking.tools.sheetcmd` for ``score``, :mod:`~skullking.tools.diffcmd`,
:mod:`~skullking.tools.authorcmd` for ``schema`` and ``new``,
:mod:`~skullking.tools.conformance` for ``vectors`` and ``conformance``), and
:mod:`~skullking.tools.common` holds what they share.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from skullking.core.errors import (
    EditionError,
    NotationError,
    Problem,
    RecordError,
    SheetError,
    SkullKingError,
    in_file_order,
    more_problems,
)
from skullking.core.limits import MAX_DIFF_TRICKS
from skullking.storage.cache import CacheWarning
from skullking.tools.authorcmd import cmd_new, cmd_schema
from skullking.tools.batch import trick_batch, trick_json
from skullking.tools.common import (
    ALLOW_PATHS_HELP,
    DEFAULT_EDITION,
    NO_CARDS,
    PROG,
    STDIN,
    TextOut,
    UsageError,
    in_round,
    named_edition,
    read_stdin,
    text_lines,
    write_json,
)
from skullking.tools.conformance import cmd_conformance, cmd_vectors
from skullking.tools.diffcmd import cmd_diff
from skullking.tools.replaycmd import cmd_replay
from skullking.tools.servecmd import cmd_serve
from skullking.tools.sheetcmd import cmd_score
from skullking.tools.simcmd import add_options as add_simulation_options

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from skullking.edition import Edition
    from skullking.tricks.interpreter import TrickResult


class _Parser(argparse.ArgumentParser):
    """argparse, with errors as one line (no usage block) and output to ``main``'s streams."""

    out: TextIO | None = None

    def error(self, message: str) -> NoReturn:
        import re

        from skullking.core.suggest import did_you_mean

        choice = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if choice is not None:  # an unknown command or option value: the closest names
            message += did_you_mean(choice[1], re.findall(r"'([^']*)'", choice[2]))
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            (self.out or sys.stdout).write(message)


# ---------------------------------------------------------------------- editions


def cmd_editions(args: argparse.Namespace, out: TextIO) -> int:
    import skullking

    editions = skullking.bundled_editions()
    if args.format == "json":
        write_json(out, [{"id": ident, "title": title} for ident, title in editions])
    else:
        width = max(len(ident) for ident, _ in editions)
        for ident, title in editions:
            out.write(f"{ident:<{width}}  {title}\n")
    return 0


# ---------------------------------------------------------------------- validate


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    """Every problem of every file, each file's in file order. A file that is not there
    is bad input (exit 2, after the other files are checked); ``-`` is standard input."""
    from pathlib import Path

    from skullking.analysis.lint import validate_file
    from skullking.core.resources import bundled_edition_files, exists, resolve_source
    from skullking.core.suggest import did_you_mean

    problems: list[Problem] = []
    missing = False
    text = args.format != "json"
    for given in args.files:
        name = STDIN if given == "-" else given
        if given == "-":
            edition, found = validate_file(Path(STDIN), text=read_stdin(), allow_paths=args.allow_paths)
        else:
            path = Path(name) if exists(Path(name)) else resolve_source(name)
            if path is None:
                missing = True
                message = "no such file or bundled edition" + did_you_mean(name, bundled_edition_files())
                found = [Problem(file=name, line=0, column=0, message=message)]
                edition = None
            else:
                edition, found = validate_file(path, allow_paths=args.allow_paths)
        found = in_file_order(found)
        problems.extend(found)
        if text:  # each file's report as soon as it is checked: a later crash or kill keeps it
            report = [str(p) for p in found]
            if edition is not None:
                warned = f", {len(found)} warning{'s' if len(found) != 1 else ''}" if found else ""
                report.append(f"{name}: ok ({edition.id}: {edition.title}{warned})")
            out.write(text_lines(report))
            out.flush()
    if not text:
        write_json(out, [p.as_json() for p in problems])
    if missing:
        return 2
    failing = ("error", "warning") if args.strict else ("error",)
    return 1 if any(p.severity in failing for p in problems) else 0


# ---------------------------------------------------------------------- trick


def trick_text(edition: Edition, cards: Sequence[Any], result: TrickResult) -> str:
    """``trick``'s text: who wins and why (the deciding rule's description), who a trick
    nobody wins counts for (an effect's ``counts_for``), the bonus and when the
    edition's default scheme pays it (``Bonus if the bid holds``, as its cases say:
    :func:`~skullking.scoring.paid.when_paid`), alliances and the next leader, a line
    each."""
    from skullking.scoring.paid import when_paid

    lines = []
    if result.winner is None:
        lines.append(f"Nobody wins the trick: {result.reason} [{result.rule}].")
        if result.counts_for is not None:
            lines.append(f"The trick counts for seat {result.counts_for} as a trick won.")
    else:
        card = cards[result.winning_card or 0]
        lines.append(f"Seat {result.winner} wins with {card}: {result.reason} [{result.rule}].")
    if result.bonus:
        ids = ", ".join(result.bonuses)
        lines.append(f"Bonus {when_paid(edition.scheme(), 'bonus').words()}: {result.bonus} ({ids}).")
    lines.extend(f"Alliance: seat {a} (alliance card) with seat {b}." for a, b in result.alliances)
    lines.append(f"Seat {result.next_leader} leads the next trick.")
    return text_lines(lines)


def cmd_trick(args: argparse.Namespace, out: TextIO) -> int:
    edition = named_edition(args.edition, args)
    if args.batch is not None:
        if args.cards:
            raise UsageError("give cards or --batch, not both")
        for option, value in (("--leader", args.leader), ("--players", args.players), ("--round", args.round)):
            if value is not None:
                raise UsageError(
                    f"{option} does not go with --batch: each line gives its own 'leader', 'players' and 'round'"
                )
        return trick_batch(edition, args.batch, out)
    if not args.cards:
        raise UsageError(f"{NO_CARDS} (e.g. skullking trick Y10 Y6 G14 B2)")
    cards = edition.parse_cards(args.cards)
    edition = in_round(edition, args.round, args.players or len(cards))
    result = edition.resolve_trick(edition.parse_cards(list(cards)), leader=args.leader or 0, players=args.players)
    if args.format == "json":
        write_json(out, trick_json(result))
    else:
        out.write(trick_text(edition, cards, result))
    return 0


# ---------------------------------------------------------------------- legal


def cmd_legal(args: argparse.Namespace, out: TextIO) -> int:
    edition = named_edition(args.edition, args)
    edition = in_round(edition, args.round, args.players or max(len(args.cards), edition.min_players))
    legal = edition.legal_plays(args.hand, edition.parse_cards(args.cards), players=args.players)
    codes = [str(p) for p in legal]
    if args.format == "json":
        write_json(out, {"legal": codes})
    else:
        suit = edition.led_suit(args.cards)
        led = f"led suit: {suit}" if suit else "no led suit: any card may be played"
        out.write(f"Legal: {' '.join(codes)} ({led})\n")
    return 0


# ---------------------------------------------------------------------- score


# ---------------------------------------------------------------------- explain, diff


def cmd_explain(args: argparse.Namespace, out: TextIO) -> int:
    from skullking.analysis.explain import explain

    edition = named_edition(_explained(args), args)
    if args.format == "json":
        write_json(out, {"id": edition.id, "markdown": explain(edition)})
    else:
        out.write(explain(edition))
    return 0


def _explained(args: argparse.Namespace) -> str:
    """The edition ``explain`` is asked for: its EDITION argument or ``--edition``, one
    of the two, else the default."""
    from skullking.core.errors import shorten

    given, option = args.given_edition, args.edition
    if args.more_editions:
        names = ", ".join(f"'{shorten(name)}'" for name in [given, *args.more_editions])
        raise UsageError(
            f"explain takes one edition, not {len(args.more_editions) + 1}: {names} (see '{PROG} explain --help')"
        )
    if given is not None and option is not None:
        raise UsageError(
            f"explain takes one edition: '{shorten(given)}' was given as EDITION and '{shorten(option)}' with "
            f"--edition; give it one way (see '{PROG} explain --help')"
        )
    chosen: str = given if given is not None else option if option is not None else DEFAULT_EDITION
    return chosen


# ---------------------------------------------------------------------- schema, new


# ---------------------------------------------------------------------- main


#: ``--round``'s help, on every command whose answer may depend on the round.
ROUND_HELP = (
    "the round the trick is played in, where the edition's rules change with the round (which suit is "
    "trump, what a bonus pays, which precedence rules hold); past the schedule: a tie-break round"
)


def _options(
    *,
    edition: bool = True,
    sheet: bool = False,
    argument: bool = False,
    paths: bool = True,
    formats: tuple[str, ...] = ("text", "json"),
) -> _Parser:
    """The options of a command (a fresh parent parser per command): ``--format``,
    ``--edition`` for the commands that play under one edition (not ``editions``,
    ``validate`` or ``diff``, whose editions are their arguments; left unset when the
    command also takes the edition as an ``argument`` or from a ``sheet``, which then
    decides), and ``--allow-paths`` for every command that loads an edition file."""
    common = _Parser(add_help=False)
    if paths:
        common.add_argument("--allow-paths", action="store_true", help=ALLOW_PATHS_HELP)
    if edition:
        if sheet:
            default = f"the sheet's 'edition', else {DEFAULT_EDITION}"
        elif argument:
            default = f"{DEFAULT_EDITION}; the same as the EDITION argument"
        else:
            default = DEFAULT_EDITION
        common.add_argument(
            "--edition",
            default=None if sheet or argument else DEFAULT_EDITION,
            metavar="ID|PATH",
            help=f"a bundled edition id or an edition file (default: {default})",
        )
    common.add_argument(
        "--format",
        choices=formats,
        default="text",
        help="output format; with json, errors too are JSON on standard output (default: text)",
    )
    return common


def _parser(out: TextIO | None = None) -> argparse.ArgumentParser:
    common = _options()
    plain = _options(edition=False)
    listing = _options(edition=False, paths=False)
    _Parser.out = out
    parser = _Parser(
        prog=PROG,
        description=(
            "Skull King rules as data: resolve tricks, list legal plays, score games, simulate games, "
            "validate, explain and compare edition files, start house rules, print the JSON Schemas, "
            "write conformance test vectors and run other programs against them."
        ),
    )
    from skullking import __version__

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--debug", action="store_true", help="on an internal error, print the traceback too (for a bug report)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=_Parser)

    p = sub.add_parser("editions", parents=[listing], help="list the bundled editions")
    p.set_defaults(run=cmd_editions)

    p = sub.add_parser("validate", parents=[plain], help="check edition files; report every problem with FILE:LINE:COL")
    p.add_argument("files", nargs="+", metavar="FILE", help="edition files (or bundled ids; '-' for stdin)")
    p.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 on warnings too (rules, bonuses, cards, effects, modules, schedules, formulas or overlay "
        "changes that cannot matter)",
    )
    p.set_defaults(run=cmd_validate)

    p = sub.add_parser("trick", parents=[common], help="resolve a trick: who wins, why, who leads next")
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
    p.set_defaults(run=cmd_trick)

    p = sub.add_parser("legal", parents=[common], help="which cards of a hand may be played on a trick")
    p.add_argument("--hand", required=True, metavar="CARD,CARD,...", help="the hand, comma-separated")
    p.add_argument(
        "--players", type=int, default=None, help="number of players (checks cards used only from N players)"
    )
    p.add_argument("--round", type=int, default=None, metavar="N", help=ROUND_HELP)
    p.add_argument("cards", nargs="*", metavar="CARD", help="the cards played so far in this trick")
    p.set_defaults(run=cmd_legal)

    p = sub.add_parser(
        "explain",
        parents=[_options(argument=True)],
        help="the edition's rules as Markdown, generated from its file",
        description="Print an edition's rules as Markdown, generated from its file: give the edition as "
        "EDITION or with --edition, not both.",
    )
    p.add_argument(
        "given_edition",
        nargs="?",
        metavar="EDITION",
        help=f"a bundled edition id or an edition file (default: {DEFAULT_EDITION})",
    )
    # Further editions, kept out of the help, only to refuse them by name.
    p.add_argument("more_editions", nargs="*", help=argparse.SUPPRESS)
    p.set_defaults(run=cmd_explain)

    p = sub.add_parser("diff", parents=[plain], help="what differs between two editions, and what it changes in play")
    p.add_argument("a", metavar="A", help="an edition id or file")
    p.add_argument("b", metavar="B", help="another edition id or file")
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
    p.set_defaults(run=cmd_diff)

    add_simulation_options(sub, _options(formats=("text", "json", "csv")), plain)

    p = sub.add_parser(
        "schema",
        help="print the JSON Schema of edition files, score sheets or conformance vectors (for editors and other "
        "tools)",
    )
    p.add_argument(
        "which",
        nargs="?",
        choices=("edition", "sheet", "vectors"),
        default="edition",
        help="which schema (default: edition)",
    )
    p.add_argument("--path", action="store_true", help="print where the installed schema file is instead")
    p.set_defaults(run=cmd_schema)

    p = sub.add_parser("new", help="start a house rule: write a commented overlay of an edition")
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
    p.set_defaults(run=cmd_new)

    p = sub.add_parser(
        "serve",
        help="start the score pad: a web page for keeping score at the table (needs the 'web' extra)",
        description="Serve the score pad: keep score of games under any bundled edition or house rule, "
        "check disputed tricks, read an edition's rules. Games are stored in a SQLite file.",
    )
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
    p.set_defaults(run=cmd_serve)

    p = sub.add_parser(
        "vectors",
        parents=[_options(edition=False)],
        help="write the edition's rules as conformance test vectors (JSON) any Skull King program can run",
        description="Write test vectors of an edition: tricks, legal plays and round scores, each with its "
        "expected answer, the source of its rule and feature tags. Without --out, one JSON document on "
        "standard output. The vectors are JSON whatever --format says; it sets how errors are written.",
    )
    p.add_argument("given_edition", metavar="EDITION", help="a bundled edition id or an edition file")
    p.add_argument(
        "--out", metavar="DIR", help="write tricks.json, legal.json and rounds.json into DIR (made if missing)"
    )
    p.add_argument(
        "--round",
        type=int,
        default=None,
        metavar="N",
        help="the vectors of the rules of round N, for an edition whose rules change with the round (each "
        "vector's input then gives its 'round')",
    )
    p.set_defaults(run=cmd_vectors)

    p = sub.add_parser(
        "conformance",
        parents=[_options()],
        help="run another Skull King program against the edition's test vectors, a report by rule",
        description="Run a program as a child: one request a line on its standard input (id, kind, edition, "
        "input), one answer a line on its standard output (id and output, or skip). The report groups the "
        "failures by the rule each vector checks, with the fields that differ. Exit 0 when every "
        "vector run passed, 1 when some failed, 2 for a usage error or a program that dies, writes what "
        "is not JSON, answers another id or is silent past --timeout.",
    )
    p.add_argument("--cmd", metavar="'PROGRAM ARGS'", help="the program to test, split as a shell would (no shell)")
    p.add_argument(
        "--self", action="store_true", help="test the engine's own adapter (python -m skullking.tools.adapter)"
    )
    p.add_argument(
        "--tags", metavar="T,...", help="run only the vectors with at least one of these feature tags (known tags)"
    )
    p.add_argument("--skip-tags", metavar="T,...", help="skip the vectors with any of these feature tags (known tags)")
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
    p.set_defaults(run=cmd_conformance)

    p = sub.add_parser("score", parents=[_options(sheet=True)], help="score a game sheet (YAML or JSON)")
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
    p.set_defaults(run=cmd_score)

    p = sub.add_parser("replay", parents=[_options(sheet=True)], help="replay a game record move by move and score it")
    p.add_argument("record", metavar="RECORD", help="the record file ('-' for stdin)")
    p.add_argument("--to-sheet", action="store_true", help="write the replayed game as a score sheet (YAML) instead")
    p.set_defaults(run=cmd_replay)
    return parser


def error_record(
    message: str, problems: Sequence[Problem] = (), token: str | None = None, more: int = 0
) -> dict[str, Any]:
    """The JSON record of an error (``--format json``): ``error``, and the ``file``,
    ``line`` and ``column`` it is at (``null`` where it has no place in a file). An
    error of several located problems gives the first one's, and lists them all in
    ``problems`` (each ``{file, line, column, message}``, as ``validate`` gives them),
    or the first of them and ``more_problems``, the count of the others (a record's);
    an unknown card or name on the command line adds the ``token``."""
    if not problems:
        record: dict[str, Any] = {"error": message, "file": None, "line": None, "column": None}
    else:
        first = problems[0]
        record = {
            "error": first.message,
            "file": first.file,
            "line": first.line or None,
            "column": first.column or None,
            "problems": [p.as_json() for p in problems],
        }
    if more:
        record["more_problems"] = more
    if token is not None:
        record["token"] = token
    return record


def _fail(
    out: TextIO,
    err: TextIO,
    as_json: bool,
    message: str,
    *,
    problems: Sequence[Problem] = (),
    token: str | None = None,
    more: int = 0,
) -> int:
    """Report an error of bad input (exit 2): one JSON record on ``out`` with
    ``--format json``, else the problems one a line (and ``more``, the count of those
    left out), or one ``skullking: error:`` line."""
    if as_json:
        write_json(out, error_record(message, problems, token, more))
    else:
        counted = [f"{PROG}: {more_problems(more)}"] if more else []
        err.write(text_lines([str(p) for p in problems] + counted or [f"{PROG}: error: {message}"]))
    return 2


#: The commands without --edition, and why: their editions are their arguments.
NO_EDITION = {
    "editions": "it lists every bundled edition",
    "validate": "it checks the files it is given",
    "diff": "it compares the two editions it is given",
    "vectors": "it writes the vectors of the edition it is given",
}


def _refused_edition(argv: Sequence[str]) -> str | None:
    """The message for ``--edition`` given to a command that takes none, else ``None``."""
    command = next((a for a in argv if not a.startswith("-")), None)
    if command in NO_EDITION and any(a == "--edition" or a.startswith("--edition=") for a in argv):
        return f"'{command}' takes no --edition: {NO_EDITION[command]} (see '{PROG} {command} --help')"
    return None


def _wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for JSON, read before (or without) parsing it."""
    from itertools import pairwise

    return "--format=json" in argv or ("--format", "json") in pairwise(argv)


def _degrade(stream: TextIO) -> None:
    """Let ``stream`` write any text: characters its encoding lacks (an ASCII terminal,
    ``PYTHONIOENCODING=ascii``) and undecodable bytes of a file name come out escaped."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):  # a stream that cannot change stays as it is
            reconfigure(errors="backslashreplace")


def _internal_error(out: TextIO, err: TextIO, as_json: bool, exc: BaseException, debug: bool) -> int:
    """Report a bug (exit 3): one line (a JSON record on ``out`` with ``--format json``),
    and the traceback on ``err`` with ``--debug``."""
    if debug:
        import traceback

        err.write("".join(traceback.format_exception(exc)))
    try:
        summary = " ".join(f"{type(exc).__name__}: {exc}".split())
    except Exception:  # an exception that cannot even say what it is (str() fails)
        summary = type(exc).__name__
    if len(summary) > 200:
        summary = summary[:200] + "..."
    hint = "" if debug else " (run with --debug for the traceback)"
    message = f"internal error: {summary}; please report{hint}"
    if as_json:
        write_json(out, error_record(message))
    else:
        err.write(f"{PROG}: {message}\n")
    return 3


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command line; return the exit code: 0 success, 1 ``validate`` found
    problems, 2 bad input or usage, 3 an internal error (a bug: one line, ``--debug``
    adds the traceback). The one place where exceptions become exit codes.

    Text output and errors are written through :class:`~skullking.tools.common.TextOut`
    (control characters escaped); JSON goes to ``out`` as it is, its strings exact."""
    if out is None:
        out = sys.stdout
        _degrade(out)
    if err is None:
        err = sys.stderr
        _degrade(err)
    with warnings.catch_warnings():
        # the cache's warnings as one line each (the cache says each once per process)
        warnings.simplefilter("always", CacheWarning)
        warnings.showwarning = functools.partial(_show_warning, err)
        return _main(argv, out, err)


def _show_warning(err: TextIO, message: Warning | str, category: type[Warning], *args: Any, **kwargs: Any) -> None:
    """Show a warning as one line ``skullking: warning: ...``."""
    err.write(text_lines([f"{PROG}: warning: {message}"]))


def _main(argv: Sequence[str] | None, out: TextIO, err: TextIO) -> int:
    text_out, err = TextOut(out), TextOut(err)
    argv = list(argv) if argv is not None else sys.argv[1:]
    debug = "--debug" in argv
    argv = [a for a in argv if a != "--debug"]  # taken anywhere on the line, before or after the command
    as_json = _wants_json(argv)
    try:
        parser = _parser(text_out)
        try:
            args = parser.parse_args(argv)
        except UsageError as exc:
            return _fail(out, err, as_json, _refused_edition(argv) or str(exc))
        except SystemExit as exc:  # --help and --version print, then exit 0
            return int(exc.code or 0)
        run: Callable[[argparse.Namespace, TextIO], int] = args.run
        as_json = getattr(args, "format", "text") == "json"
        return run(args, out if as_json else text_out)
    except UsageError as exc:
        return _fail(out, err, as_json, str(exc))
    except RecordError as exc:
        return _fail(out, err, as_json, str(exc), problems=exc.problems, more=exc.more)
    except (EditionError, SheetError) as exc:
        return _fail(out, err, as_json, str(exc), problems=exc.problems)
    except NotationError as exc:
        return _fail(out, err, as_json, str(exc), token=exc.token)
    except SkullKingError as exc:
        return _fail(out, err, as_json, str(exc))
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: never exit 1, which means "validate found problems"
        return _internal_error(out, err, as_json, exc, debug)


if __name__ == "__main__":
    raise SystemExit(main())
