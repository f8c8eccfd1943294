"""The ``skullking`` command line: editions, validate, trick, legal, explain, diff,
simulate, compare, schema, new, serve, vectors, conformance, score, replay.

Thin by design: each command parses its arguments, calls the library and prints a
text or JSON report. ``main(argv)`` returns the exit code and never raises for bad
input: 0 success, 1 ``validate`` found problems (``conformance``: vectors failed), 2
bad input (unknown card or edition, impossible trick, bad score sheet, usage errors),
3 an internal error (a bug, reported in one line; ``--debug`` adds the traceback).

Each command is a :class:`~skullking.tools.command.Command` (its summary, examples,
options and the function that runs it) declared beside that function; the parser is
built from :data:`COMMANDS`. ``main`` and the small commands live here; the larger ones
have modules of their own (:mod:`~skullking.tools.batch` for ``trick --batch``,
:mod:`~skullking.tools.sheetcmd` for ``score``, :mod:`~skullking.tools.replaycmd`,
:mod:`~skullking.tools.diffcmd`, :mod:`~skullking.tools.simcmd` for ``simulate`` and
``compare``, :mod:`~skullking.tools.authorcmd` for ``schema`` and ``new``,
:mod:`~skullking.tools.servecmd`, :mod:`~skullking.tools.conformance` for ``vectors``
and ``conformance``), and :mod:`~skullking.tools.common` holds what they share.
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
from skullking.core.version import __version__
from skullking.core.words import counted
from skullking.storage.cache import CacheWarning
from skullking.tools.authorcmd import NEW, SCHEMA
from skullking.tools.batch import trick_batch, trick_json
from skullking.tools.command import Command, HelpFormatter, Shared
from skullking.tools.common import (
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
from skullking.tools.conformance import CONFORMANCE, VECTORS
from skullking.tools.diffcmd import DIFF
from skullking.tools.laddercmd import LADDER
from skullking.tools.replaycmd import REPLAY
from skullking.tools.servecmd import SERVE
from skullking.tools.sheetcmd import SCORE
from skullking.tools.simcmd import COMPARE, SIMULATE

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from skullking.edition import Edition
    from skullking.model.records import TrickResult


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


EDITIONS = Command(
    "editions",
    "list the bundled editions",
    cmd_editions,
    examples=("editions", "editions --format json"),
    shared=Shared(edition=None, paths=False),
    refuses=(("--edition", "it lists every bundled edition"),),
)


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
    cmd_validate,
    examples=("validate examples/house-rules/our-table.yaml", "validate --strict skullking-2021 bga"),
    arguments=_validate_arguments,
    shared=Shared(edition=None),
    refuses=(("--edition", "it checks the files it is given"),),
)


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


#: ``--round``'s help, on every command whose answer may depend on the round.
ROUND_HELP = (
    "the round the trick is played in, where the edition's rules change with the round (which suit is "
    "trump, what a bonus pays, which precedence rules hold); past the schedule: a tie-break round"
)


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
    if args.players is None and len(cards) < edition.min_players:
        table = max(edition.min_players, min(4, edition.max_players))
        example = " ".join([PROG, "trick", *map(str, cards), "--players", str(table)])
        raise UsageError(
            f"{counted(len(cards), 'card')} and no --players: without it the table is as large as the trick, and "
            f"this edition is for {edition.min_players} to {edition.max_players} players; give the table's size "
            f"with --players (e.g. {example})"
        )
    edition = in_round(edition, args.round, args.players or len(cards))
    result = edition.resolve_trick(edition.parse_cards(list(cards)), leader=args.leader or 0, players=args.players)
    if args.format == "json":
        write_json(out, trick_json(result))
    else:
        out.write(trick_text(edition, cards, result))
    return 0


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
    cmd_trick,
    examples=("trick Y10 Y6 G14 B2", "trick PIR SK MER --leader 1 --players 4", "trick --format json KRAKEN Y12 SK"),
    arguments=_trick_arguments,
)


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
    cmd_legal,
    examples=("legal --hand Y3,G5,E,TIG Y10", "legal --hand Y3,G5,B1 --players 4 G7 Y12"),
    arguments=_legal_arguments,
)


# ---------------------------------------------------------------------- explain


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
    cmd_explain,
    examples=("explain skullking-2024", "explain examples/house-rules/our-table.yaml"),
    arguments=_explain_arguments,
    shared=Shared(edition="argument"),
    description="Print an edition's rules as Markdown, generated from its file: give the edition as "
    "EDITION or with --edition, not both.",
)


# ---------------------------------------------------------------------- main


#: Every command, in the order ``skullking --help`` lists them.
COMMANDS: tuple[Command, ...] = (
    EDITIONS,
    VALIDATE,
    TRICK,
    LEGAL,
    EXPLAIN,
    DIFF,
    SIMULATE,
    COMPARE,
    LADDER,
    SCHEMA,
    NEW,
    SERVE,
    VECTORS,
    CONFORMANCE,
    SCORE,
    REPLAY,
)


def _parser(out: TextIO | None = None) -> argparse.ArgumentParser:
    """The parser of the command line: the program's own options, then each of
    :data:`COMMANDS` with its options (:meth:`~skullking.tools.command.Command.register`)."""
    _Parser.out = out
    parser = _Parser(
        prog=PROG,
        description=(
            "Skull King rules as data: resolve tricks, list legal plays, score games, simulate games, "
            "validate, explain and compare edition files, start house rules, print the JSON Schemas, "
            "write conformance test vectors and run other programs against them."
        ),
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("-V", "--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--debug", action="store_true", help="on an internal error, print the traceback too (for a bug report)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=_Parser)
    for command in COMMANDS:
        command.register(sub)
    return parser


#: The end of ``skullking --help``: the exit codes, and where each command's help is.
EPILOG = f"""exit codes:
  0  success
  1  validate found problems (with --strict, warnings too); conformance: vectors failed
  2  bad input or usage: one line naming what is wrong and where
  3  an internal error (a bug): one line; --debug adds the traceback

'{PROG} COMMAND --help' gives a command's options and examples."""


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


def _refused_option(argv: Sequence[str]) -> str | None:
    """The message for a shared option (``--edition``, ``--format``) given to a command
    that takes none, where the command says why, else ``None``."""
    name = next((a for a in argv if not a.startswith("-")), None)
    command = next((c for c in COMMANDS if c.name == name), None)
    if command is None:
        return None
    for option, why in command.refuses:
        if any(a == option or a.startswith(f"{option}=") for a in argv):
            return f"'{name}' takes no {option}: {why} (see '{PROG} {name} --help')"
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
            return _fail(out, err, as_json, _refused_option(argv) or str(exc))
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
