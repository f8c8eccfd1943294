"""The exception hierarchy: one root, and every bad-input error is also a ``ValueError``.

Each error carries enough to name the place of the problem: a file, a line and a
column where the input came from a file, or the offending token where it came from
the command line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

#: The most characters of a piece of input a message quotes: a longer one is cut, so
#: that a huge token (a 10 MB line) is never echoed back.
QUOTE_AT_MOST = 60


def shorten(text: str, limit: int = QUOTE_AT_MOST) -> str:
    r"""``text`` as messages quote it: cut after ``limit`` characters, and its control
    characters (a NUL byte, an escape) written as escapes, never sent to the terminal.

    >>> shorten("a\x00b")
    'a\\x00b'
    """
    shown = printable(text if len(text) <= limit else text[:limit])
    return shown if len(text) <= limit else f"{shown}... ({len(text)} characters)"


def printable(text: str) -> str:
    """``text`` with its control characters but the tab (a NUL byte, an escape
    sequence) written as escapes, so that a terminal shows them and never obeys them."""
    if not any(ord(c) < 32 or ord(c) == 127 for c in text):
        return text
    return "".join(c if c == "\t" or not (ord(c) < 32 or ord(c) == 127) else f"\\x{ord(c):02x}" for c in text)


class Problem(NamedTuple):
    """One located problem in an input file (1-based line and column; 0 when unknown).
    ``code`` names the kind of a warning that a file may allow (see
    :mod:`skullking.lint`); it is shown after the message, in brackets."""

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

    ``column`` is the 1-based column inside the expression text.
    """

    def __init__(self, message: str, *, column: int = 1) -> None:
        super().__init__(message)
        self.column = column


class FormulaError(SkullKingError, ValueError):
    """A formula of an edition that cannot give a value for the values it was given:
    a division by a value that is 0 there, or a result beyond
    :data:`~skullking.limits.MAX_VALUE`. The formula loaded; the values it met make it fail."""


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


class GameError(SkullKingError, ValueError):
    """A move a round in play cannot take: out of turn, a card not held, not following
    suit, a bid out of range, an answer no pending decision allows."""
