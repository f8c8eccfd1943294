"""What every command of the ``skullking`` command line shares: its names, the usage
error, reading standard input and loading the edition a command names."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from skullking.errors import (
    EditionError,
    shorten,
)

if TYPE_CHECKING:
    from skullking.edition import Edition


DEFAULT_EDITION = "skullking-2021"
PROG = "skullking"
#: How standard input is named in messages (``validate -``, ``score -``).
STDIN = "<stdin>"
ALLOW_PATHS_HELP = (
    "let an edition's 'extends' name an absolute path or a path that leaves its folder with '..' "
    "(only for files you trust)"
)


class UsageError(Exception):
    """A bad command line: printed as one ``skullking: error: ...`` line, exit 2."""


def named_edition(name: str, args: argparse.Namespace) -> Edition:
    """The edition ``name`` (an id or a file), its ``extends`` read as ``--allow-paths`` says."""
    import skullking

    try:
        return skullking.load_edition(name, allow_paths=args.allow_paths)
    except EditionError as exc:
        if len(exc.problems) == 1 and exc.problems[0].line == 0 and exc.problems[0].file == name:
            # "no such file or bundled edition; did you mean ...?"
            raise UsageError(f"edition '{shorten(name)}': {exc.problems[0].message}") from None
        raise


def read_stdin() -> bytes:
    """Standard input, at most one byte past the size limit (the reader sees it is too large)."""
    from skullking.limits import MAX_FILE_BYTES

    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read(MAX_FILE_BYTES + 1)
        return data
    return sys.stdin.read(MAX_FILE_BYTES + 1).encode("utf-8")


def known_option(option: str, what: str, value: str | None, known: Sequence[str]) -> None:
    """An option naming one of the edition's schemes, schedules or modules."""
    from skullking.suggest import unknown

    if value is not None and value not in known:
        raise UsageError(f"{option}: {unknown(what, value, known)}")
