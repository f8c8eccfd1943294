"""Skull King rules as data: load an edition, resolve tricks, list legal plays, score games.

>>> import skullking
>>> ed = skullking.load_edition("skullking-2021")
>>> ed.resolve_trick(["PIR", "SK", "MER"]).reason
'the Skull King with a mermaid in the trick - the first mermaid wins'
"""

from __future__ import annotations

__version__ = "0.1.0"

from pathlib import Path
from typing import TYPE_CHECKING

from .cards import Card, Play
from .errors import (
    EditionError,
    ExpressionError,
    IllegalTrickError,
    NotationError,
    Problem,
    SheetError,
    SkullKingError,
)
from .trick import TrickResult

if TYPE_CHECKING:
    from .edition import Edition


def load_edition(id_or_path: str | Path) -> Edition:
    """Load a bundled edition by id (``"skullking-2021"``) or an edition file by path.

    Raises :class:`EditionError` listing every problem of the file, each located.
    """
    from .errors import EditionError as _EditionError
    from .loader import resolve_source
    from .resources import bundled_edition_files

    path = resolve_source(str(id_or_path))
    if path is None:
        known = ", ".join(bundled_edition_files())
        raise _EditionError(
            [Problem(file=str(id_or_path), line=0, column=0, message=f"no such edition or file (bundled: {known})")]
        )
    from .loader import load_path

    edition: Edition = load_path(path)
    return edition


def bundled_editions() -> list[tuple[str, str]]:
    """(id, title) of every bundled edition, sorted by id."""
    from .resources import bundled_edition_files

    return [(ident, load_edition(ident).title) for ident in bundled_edition_files()]


__all__ = [
    "Card",
    "EditionError",
    "ExpressionError",
    "IllegalTrickError",
    "NotationError",
    "Play",
    "Problem",
    "SheetError",
    "SkullKingError",
    "TrickResult",
    "__version__",
    "bundled_editions",
    "load_edition",
]
