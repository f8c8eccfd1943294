"""The exception hierarchy: one root, and every bad-input error is also a ``ValueError``.

Each error carries enough to name the place of the problem: a file, a line and a
column where the input came from a file, or the offending token where it came from
the command line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

#: The most characters of a piece of input a message quotes: a longer one is cut, so
#: that a huge token (a 10 MB line) is never echoed back.
QUOTE_AT_MOST = 60


#: The most problems of one record an error lists: the rest are counted
#: (:class:`RecordError`), so that a record of 20,000 rounds without their ``end``
#: gives 20 lines and a count, not 20,000 lines.
PROBLEMS_AT_MOST = 20
#: The most characters of a message about a record (:class:`RecordError`): a longer one
#: is cut as :func:`shorten` cuts a quote, after each of its long words is.
MESSAGE_AT_MOST = 400

#: A run of characters without white space that :func:`brief` cuts: longer than any
#: word a message says of its own (a fingerprint in quotes takes 66), and than a quote
#: :func:`shorten` has cut already (at 100 characters at the most).
_LONG_WORD = re.compile(r"\S{201,}")


def brief(message: str) -> str:
    """``message`` with every value it quotes at a length a line can show: each run of
    more than 200 characters without white space cut as :func:`shorten` cuts it, then
    the whole cut after :data:`MESSAGE_AT_MOST` characters (a name of spaces and letters
    is a long value too).

    >>> brief("its Rules " + "a" * 900_000)
    'its Rules aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa... (900000 characters)'
    """
    cut = _LONG_WORD.sub(lambda found: shorten(found[0]), message)
    return cut if len(cut) <= MESSAGE_AT_MOST else shorten(cut, MESSAGE_AT_MOST)


def shorten(text: str, limit: int = QUOTE_AT_MOST) -> str:
    r"""``text`` as messages quote it: cut after ``limit`` characters, and its control
    characters (a NUL byte, an escape) written as escapes, never sent to the terminal.

    >>> shorten("a\x00b")
    'a\\x00b'
    """
    shown = printable(text if len(text) <= limit else text[:limit])
    return shown if len(text) <= limit else f"{shown}... ({len(text)} characters)"


#: The characters output never carries as they are, but tab and newline: the C0 controls
#: (escape sequences start with ESC: one can move the cursor up and erase the lines a
#: warning was on, or write the clipboard), DEL, the C1 controls (U+009B starts a sequence
#: as ESC [ does), and the bidirectional embeddings, overrides and isolates, which show
#: text in another order than it is stored (a name that reads ``exe.txt`` can be
#: ``txt.exe``). Written as a regular expression's character class.
_CONTROLS = r"\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
#: The characters :func:`printable` escapes in text that is one line, and in text of lines.
_IN_A_LINE = re.compile(f"[\\n{_CONTROLS}]")
_IN_LINES = re.compile(f"[{_CONTROLS}]")


def _escape(found: re.Match[str]) -> str:
    code = ord(found[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, lines: bool = False) -> str:
    r"""``text`` with the characters a terminal would obey, or that would disguise the
    text, written as escapes, as Python writes them (``\x1b``, ``\x9b``, ``\u202e``):
    shown, never obeyed. Tabs stay; newlines stay with ``lines`` (text of several lines,
    a report), and are escaped too without it (one line: a message, a title in a line),
    so that a newline in a name never makes a line of its own.

    >>> printable("\x1b[1A\x1b[2Kok\n")
    '\\x1b[1A\\x1b[2Kok\\x0a'
    >>> printable("a\tb\nc\u202e", lines=True)
    'a\tb\nc\\u202e'
    """
    return (_IN_LINES if lines else _IN_A_LINE).sub(_escape, text)


def json_text(value: object) -> str:
    r"""``value`` as one line of JSON, every string exact: the characters
    :func:`printable` escapes that JSON would write as they are (DEL, the C1 controls,
    the bidirectional overrides) written as JSON escapes (``\u009b``), which read back as
    the same strings; other text (a Japanese card name) as it is.

    >>> json_text({"name": "P\x9bat"})
    '{"name": "P\\u009bat"}'
    """
    import json

    return unicode_escapes(json.dumps(value, ensure_ascii=False))


def unicode_escapes(text: str) -> str:
    r"""``text`` with each character :func:`printable` escapes written ``\uXXXX``: the
    escape JSON's strings and YAML's double-quoted texts share, which reads back as the
    character itself (so only where every such character is inside one).

    >>> unicode_escapes('"R\u202eev"')
    '"R\\u202eev"'
    """
    return _IN_LINES.sub(lambda found: f"\\u{ord(found[0]):04x}", text)


def has_controls(text: str) -> bool:
    """Whether ``text`` holds a character :func:`printable` escapes."""
    return _IN_LINES.search(text) is not None


class Problem(NamedTuple):
    """One located problem in an input file (1-based line and column; 0 when unknown).
    ``code`` names the kind of a warning that a file may allow (see
    :mod:`skullking.analysis.lint`); it is shown after the message, in brackets."""

    file: str
    line: int
    column: int
    message: str
    severity: str = "error"
    code: str = ""

    def __str__(self) -> str:
        prefix = "warning: " if self.severity == "warning" else ""
        suffix = f" [{self.code}]" if self.code else ""
        if self.line == 0:  # no position in the file (a file that is not there)
            return f"{self.file}: {prefix}{self.message}{suffix}"
        return f"{self.file}:{self.line}:{self.column}: {prefix}{self.message}{suffix}"

    def as_json(self) -> dict[str, object]:
        """The ``{file, line, column, message}`` record of ``validate --format json``
        (with ``severity`` for a warning, and its ``code`` when it has one)."""
        record: dict[str, object] = {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }
        if self.severity != "error":
            record["severity"] = self.severity
        if self.code:
            record["code"] = self.code
        return record


def in_file_order(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` sorted by file, line and column, each reported once (two checks that
    find the same problem at the same place say it once)."""
    return sorted(dict.fromkeys(problems), key=lambda p: (p.file, p.line, p.column))


class SkullKingError(Exception):
    """Root of every error this package raises on purpose."""


class NotationError(SkullKingError, ValueError):
    """A card or trick written in a way the edition does not understand.

    ``token`` is the offending piece of input, quoted in the message.
    """

    def __init__(self, message: str, *, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class IllegalTrickError(SkullKingError, ValueError):
    """A trick that cannot happen: more copies of a card than the deck has, more cards
    than players, an undeclared Tigress, and the like."""


class ExpressionError(SkullKingError, ValueError):
    """A formula or condition that does not parse or does not type-check.

    ``column`` is the 1-based column inside the expression text; ``name`` the name the
    place does not offer, when that is the problem.
    """

    def __init__(self, message: str, *, column: int = 1, name: str | None = None) -> None:
        super().__init__(message)
        self.column = column
        self.name = name


class FormulaError(SkullKingError, ValueError):
    """A formula of an edition that cannot give a value for the values it was given:
    a division by a value that is 0 there, or a result beyond
    :data:`~skullking.core.limits.MAX_VALUE`. The formula loaded; the values it met make it fail."""


class ContextError(SkullKingError, ValueError):
    """A formula of an edition reads the game so far (the previous round, the standings)
    where it is not known: a round played alone, out of its game, or after a sheet's
    round that does not say what the name needs. ``reported``: not known because an
    earlier round of the sheet has problems of its own (already said)."""

    def __init__(self, message: str, *, reported: bool = False) -> None:
        super().__init__(message)
        self.reported = reported


class EditionError(SkullKingError, ValueError):
    """An edition file (or one of its bases) with problems; ``problems`` lists them all,
    in file order."""

    def __init__(self, problems: list[Problem]) -> None:
        problems = in_file_order(problems)
        self.problems = [p for p in problems if p.severity == "error"] or problems
        self.warnings = [p for p in problems if p.severity == "warning"]
        super().__init__("\n".join(str(p) for p in self.problems))


class SheetError(SkullKingError, ValueError):
    """A score sheet with problems; ``problems`` lists them all, each located, in file order."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = in_file_order(problems)
        super().__init__("\n".join(str(p) for p in problems))


class RecordError(SkullKingError, ValueError):
    """A game record (:mod:`skullking.language.record`) that does not read or does not
    replay; ``problems`` lists the first :data:`PROBLEMS_AT_MOST` located problems, in
    file order, each message :func:`brief`; ``more`` counts the problems left out."""

    def __init__(self, problems: list[Problem]) -> None:
        ordered = in_file_order(problems)
        self.problems = [p._replace(message=brief(p.message)) for p in ordered[:PROBLEMS_AT_MOST]]
        self.more = len(ordered) - len(self.problems)
        lines = [str(p) for p in self.problems]
        if self.more:
            lines.append(more_problems(self.more))
        super().__init__("\n".join(lines))


def more_problems(count: int) -> str:
    """The line that counts the problems an error leaves out."""
    return f"and {count:,} more problem{'' if count == 1 else 's'} (the first {PROBLEMS_AT_MOST} are shown)"


class GameError(SkullKingError, ValueError):
    """A move a round in play cannot take: out of turn, a card not held, not following
    suit, a bid out of range, an answer no pending decision allows."""
