"""What every command of the ``skullking`` command line shares: its names, the usage
error, the writers of text and JSON output, reading standard input and loading the
edition a command names."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TextIO

import skullking
from skullking.core.errors import (
    EditionError,
    Problem,
    json_text,
    printable,
    shorten,
)
from skullking.core.limits import MAX_FILE_BYTES, MAX_ROUNDS, shown
from skullking.core.suggest import unknown

if TYPE_CHECKING:
    from skullking.edition import Edition


DEFAULT_EDITION = "skullking-2021"
PROG = "skullking"
#: What ``trick`` says to a trick of no cards (each way of giving one adds an example).
NO_CARDS = "no cards given"
#: How standard input is named in messages (``validate -``, ``score -``).
STDIN = "<stdin>"
ALLOW_PATHS_HELP = (
    "let an edition's 'extends' name an absolute path or a path that leaves its folder with '..' "
    "(only for files you trust)"
)


class UsageError(Exception):
    """A bad command line: printed as one ``skullking: error: ...`` line, exit 2."""


class TextOut(io.TextIOBase, TextIO):
    """The writer of every text output (``main`` gives it to the commands, for all but
    JSON, and writes errors through it): what is written goes on to ``stream`` with its
    control characters as escapes (:func:`~skullking.core.errors.printable`, newlines kept),
    so that a title, a name or a file name holding an escape sequence is shown, never
    obeyed by the terminal. A newline in a value that takes one line of the output (a
    name in a table, a title in ``validate``'s ok line) is escaped where that line is
    made (:func:`text_lines`)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(printable(text, lines=True))
        return len(text)

    @property
    def data(self) -> TextIO:
        """The stream itself, for data another program reads (:func:`data_stream`)."""
        return self._stream

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return self._stream.isatty()

    def writable(self) -> bool:
        return True

    def close(self) -> None:
        """Nothing: the stream is the caller's, and stays open."""


def text_lines(lines: Iterable[str]) -> str:
    """A text report of ``lines``, one an output line: a newline inside one (in a name or
    a title it quotes) is escaped, so that it never makes a line of its own."""
    return "".join(f"{printable(line)}\n" for line in lines)


def data_stream(out: TextIO) -> TextIO:
    """Where a command writes data for another program (a game record, a score sheet,
    JSON): the stream under ``out``'s escapes where ``out`` is a :class:`TextOut`. Data
    is written exact, in its own format's escapes (a name holding a control character
    reads back as the same name); only text for a person is escaped."""
    return out.data if isinstance(out, TextOut) else out


def write_json(out: TextIO, value: object) -> None:
    """``value`` as one line of JSON on ``out``, its strings exact
    (:func:`~skullking.core.errors.json_text`)."""
    out.write(json_text(value) + "\n")


def named_edition(name: str, args: argparse.Namespace) -> Edition:
    """The edition ``name`` (an id or a file), its ``extends`` read as ``--allow-paths`` says."""
    try:
        return skullking.load_edition(name, allow_paths=args.allow_paths)
    except EditionError as exc:
        if len(exc.problems) == 1 and exc.problems[0].line == 0 and exc.problems[0].file == name:
            # "no such file or bundled edition; did you mean ...?"
            raise UsageError(f"edition '{shorten(name)}': {exc.problems[0].message}") from None
        raise


def in_round(edition: Edition, number: int | None, players: int, option: str = "--round") -> Edition:
    """The edition's rules in round ``number`` (given as ``option``) at a table of
    ``players``. When no round is given: where the rules read only the players at the
    table (a second deck from nine players), those of any round at ``players``; else
    the rules as loaded (refused later, by name, where they change with the round)."""

    if number is None:
        return edition.at_round(1, players) if edition.round_reads == {"players"} else edition
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_ROUNDS + 1:
        raise UsageError(f"{option} {shown(number)}: a round is a whole number from 1 to {MAX_ROUNDS + 1}")
    return edition.at_round(number, players)


def read_stdin() -> bytes:
    """Standard input, at most one byte past the size limit (the reader sees it is too large)."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read(MAX_FILE_BYTES + 1)
        return data
    return sys.stdin.read(MAX_FILE_BYTES + 1).encode("utf-8")


def read_input(name: str, noun: str, what: str) -> tuple[str, str | Problem]:
    """The file name to report and the text of the input file ``name`` (``-``: standard
    input, reported as ``<stdin>``), read with bounded work: or the problem of one too
    large to be ``what`` ("a score sheet") or not UTF-8. Raises :class:`UsageError`
    (``cannot read NOUN 'NAME'``) for a file that cannot be read."""
    # (the readers bring the YAML parser: kept off the start-up of a command that reads no file)
    from skullking.reading.bounded import cut, read_bounded, too_large
    from skullking.reading.located import decode

    file = STDIN if name == "-" else name
    try:
        data, over = cut(read_stdin()) if name == "-" else read_bounded(name)
    except OSError as exc:
        raise UsageError(f"cannot read {noun} '{name}': {exc.strerror or exc}") from None
    if over:
        return file, too_large(file, data, what)
    return file, decode(data, file)


def known_option(option: str, what: str, value: str | None, known: Sequence[str]) -> None:
    """An option naming one of the edition's schemes, schedules or modules."""
    if value is not None and value not in known:
        raise UsageError(f"{option}: {unknown(what, value, known)}")
