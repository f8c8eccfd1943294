"""Skull King rules as data: load an edition, resolve tricks, list legal plays, score games.

>>> import skullking
>>> ed = skullking.load_edition("skullking-2021")
>>> ed.resolve_trick(["PIR", "SK", "MER"]).reason
'the Skull King with a mermaid in the trick - the first mermaid wins'
"""

from __future__ import annotations

__version__ = "0.1.0"

from typing import TYPE_CHECKING

from .cards import Card, Play
from .errors import (
    EditionError,
    ExpressionError,
    FormulaError,
    GameError,
    IllegalTrickError,
    NotationError,
    Problem,
    SheetError,
    SkullKingError,
)
from .trick import TrickResult

if TYPE_CHECKING:
    from pathlib import Path

    from .edition import Edition
    from .game import Decision, Phase, Round


def __getattr__(name: str) -> object:
    # The round engine loads on first use: the command line's start-up path skips it.
    if name in ("Round", "Phase", "Decision"):
        from . import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_edition(id_or_path: str | Path, *, allow_paths: bool = False) -> Edition:
    """Load a bundled edition by id (``"skullking-2021"``) or an edition file by path.

    The file's ``extends`` (and its bases') may name a bundled id or a file in the
    naming file's folder; ``allow_paths=True`` also lets them name absolute paths and
    paths that leave the folder with ``..`` (only for files you trust: a base is read
    from wherever they point).

    Raises :class:`EditionError` listing every problem of the file, each located.
    """
    from .cache import cached, cached_bundled

    name = str(id_or_path)
    edition: Edition | None = cached_bundled(name)
    if edition is not None:
        return edition
    from .resources import bundled_edition_files, resolve_source

    path = resolve_source(name)
    if path is None:
        from .suggest import did_you_mean

        ids = list(bundled_edition_files())
        message = f"no such file or bundled edition{did_you_mean(name, ids)} (bundled: {', '.join(ids)})"
        raise EditionError([Problem(file=name, line=0, column=0, message=message)])
    edition = cached(path)
    if edition is None:
        from .loader import load_path

        bundled = name if name in bundled_edition_files() else None
        edition = load_path(path, use_cache=False, bundled=bundled, allow_paths=allow_paths)
    return edition


def bundled_editions() -> list[tuple[str, str]]:
    """(id, title) of every bundled edition, sorted by id."""
    from .resources import bundled_edition_files

    return [(ident, load_edition(ident).title) for ident in bundled_edition_files()]


__all__ = [
    "Card",
    "Decision",
    "EditionError",
    "ExpressionError",
    "FormulaError",
    "GameError",
    "IllegalTrickError",
    "NotationError",
    "Phase",
    "Play",
    "Problem",
    "Round",
    "SheetError",
    "SkullKingError",
    "TrickResult",
    "__version__",
    "bundled_editions",
    "load_edition",
]
