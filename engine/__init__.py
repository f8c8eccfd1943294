"""Skull King rules as data: load an edition, resolve tricks, list legal plays, score games.

>>> import skullking
>>> ed = skullking.load_edition("skullking-2021")
>>> ed.resolve_trick(["PIR", "SK", "MER"]).reason
'the Skull King with a mermaid in the trick - the first mermaid wins'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skullking.core.errors import (
    ContextError,
    EditionError,
    ExpressionError,
    FormulaError,
    GameError,
    IllegalTrickError,
    NotationError,
    Problem,
    RecordError,
    SheetError,
    SkullKingError,
)
from skullking.core.version import __version__
from skullking.model.cards import Card, Play
from skullking.tricks.interpreter import TrickResult

if TYPE_CHECKING:
    from pathlib import Path

    from skullking.edition import Edition
    from skullking.play.game import Game
    from skullking.play.randomplay import play_randomly
    from skullking.play.round import Decision, Phase, Round
    from skullking.rounds.context import GameSoFar
    from skullking.scoring.schemes import RoundScore
    from skullking.scoring.sheets.score import SheetScore

#: The names :mod:`skullking` gives on first use, and where they live: the round engine
#: and the edition load only when asked for (the command line's start-up path skips them).
_LATER = {
    "Edition": "skullking.edition",
    "Round": "skullking.play.round",
    "Phase": "skullking.play.round",
    "Decision": "skullking.play.round",
    "Game": "skullking.play.game",
    "GameSoFar": "skullking.rounds.context",
    "play_randomly": "skullking.play.randomplay",
    "SheetScore": "skullking.scoring.sheets.score",
    "RoundScore": "skullking.scoring.schemes",
}


def __getattr__(name: str) -> object:
    where = _LATER.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(where), name)


def load_edition(id_or_path: str | Path, *, allow_paths: bool = False) -> Edition:
    """Load a bundled edition by id (``"skullking-2021"``) or an edition file by path.

    The file's ``extends`` (and its bases') may name a bundled id or a file in the
    naming file's folder; ``allow_paths=True`` also lets them name absolute paths and
    paths that leave the folder with ``..`` (only for files you trust: a base is read
    from wherever they point).

    Raises :class:`EditionError` listing every problem of the file, each located.
    """
    from skullking.loading.stored import cached, cached_bundled

    name = str(id_or_path)
    edition: Edition | None = cached_bundled(name)
    if edition is not None:
        return edition
    from skullking.core.resources import bundled_edition_files, folder_given, resolve_source

    path = resolve_source(name)
    if path is None:
        from skullking.core.suggest import did_you_mean

        ids = list(bundled_edition_files())
        message = (
            folder_given(name)
            or f"no such file or bundled edition{did_you_mean(name, ids)} (bundled: {', '.join(ids)})"
        )
        raise EditionError([Problem(file=name, line=0, column=0, message=message)])
    edition = cached(path)
    if edition is None:
        from skullking.loading.loader import load_path

        bundled = name if name in bundled_edition_files() else None
        edition = load_path(path, use_cache=False, bundled=bundled, allow_paths=allow_paths)
    return edition


def bundled_editions() -> list[tuple[str, str]]:
    """(id, title) of every bundled edition, sorted by id."""
    from skullking.core.resources import bundled_edition_files

    return [(ident, load_edition(ident).title) for ident in bundled_edition_files()]


__all__ = [
    "Card",
    "ContextError",
    "Decision",
    "Edition",
    "EditionError",
    "ExpressionError",
    "FormulaError",
    "Game",
    "GameError",
    "GameSoFar",
    "IllegalTrickError",
    "NotationError",
    "Phase",
    "Play",
    "Problem",
    "RecordError",
    "Round",
    "RoundScore",
    "SheetError",
    "SheetScore",
    "SkullKingError",
    "TrickResult",
    "__version__",
    "bundled_editions",
    "load_edition",
    "play_randomly",
]
