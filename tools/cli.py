"""The ``skullking`` command line: editions, validate, trick, legal, explain, diff,
simulate, compare, schema, new, serve, vectors, conformance, score, replay.

Thin by design: each command parses its arguments, calls the library and prints a
text or JSON report. ``main(argv)`` returns the exit code and never raises for bad
input: 0 success, 1 ``validate`` found problems (``conformance``: vectors failed), 2
bad input (unknown card or edition, impossible trick, bad score sheet, usage errors),
3 an internal error (a bug, reported in one line; ``--debug`` adds the traceback).

Each command is a :class:`~skullking.tools.command.Command` (its summary, examples,
options and where the function that runs it is), declared in
:mod:`~skullking.tools.commands`; the parser is built from :data:`COMMANDS`, and a
command's module is imported only when the command runs
(:func:`~skullking.tools.command.runner`): :mod:`~skullking.tools.editionscmd`,
:mod:`~skullking.tools.validatecmd`, :mod:`~skullking.tools.explaincmd`,
:mod:`~skullking.tools.trickcmd` for ``trick`` and ``legal`` (with
:mod:`~skullking.tools.batch` for ``trick --batch``), :mod:`~skullking.tools.diffcmd`,
:mod:`~skullking.tools.simcmd` for ``simulate`` and ``compare``,
:mod:`~skullking.tools.laddercmd`, :mod:`~skullking.tools.authorcmd` for ``schema`` and
``new``, :mod:`~skullking.tools.servecmd`, :mod:`~skullking.tools.conformance` for
``vectors`` and ``conformance``, :mod:`~skullking.tools.sheetcmd` for ``score``,
:mod:`~skullking.tools.replaycmd`; :mod:`~skullking.tools.common` holds what they share.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import sys
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from skullking.core.errors import (
    EditionError,
    NotationError,
    Problem,
    RecordError,
    SheetError,
    SkullKingError,
    more_problems,
)
from skullking.core.suggest import did_you_mean
from skullking.core.version import __version__
from skullking.storage.cache import CacheWarning
from skullking.tools.command import Command, HelpFormatter, runner
from skullking.tools.commands import (
    COMPARE,
    CONFORMANCE,
    DIFF,
    EDITIONS,
    EXPLAIN,
    LADDER,
    LEGAL,
    NEW,
    REPLAY,
    SCHEMA,
    SCORE,
    SERVE,
    SIMULATE,
    TRICK,
    VALIDATE,
    VECTORS,
)
from skullking.tools.common import PROG, TextOut, UsageError, text_lines, write_json

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class _Parser(argparse.ArgumentParser):
    """argparse, with errors as one line (no usage block) and output to ``main``'s streams."""

    out: TextIO | None = None

    def error(self, message: str) -> NoReturn:
        import re

        choice = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if choice is not None:  # an unknown command or option value: the closest names
            message += did_you_mean(choice[1], re.findall(r"'([^']*)'", choice[2]))
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            (self.out or sys.stdout).write(message)


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


def build_parser(out: TextIO | None = None) -> argparse.ArgumentParser:
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
        parser = build_parser(text_out)
        try:
            args = parser.parse_args(argv)
        except UsageError as exc:
            return _fail(out, err, as_json, _refused_option(argv) or str(exc))
        except SystemExit as exc:  # --help and --version print, then exit 0
            return int(exc.code or 0)
        as_json = getattr(args, "format", "text") == "json"
        return runner(args.run)(args, out if as_json else text_out)
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
