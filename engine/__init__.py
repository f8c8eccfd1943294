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
from skullking.model.records import TrickResult

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.loading.named import bundled_editions, load_edition
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
    "load_edition": "skullking.loading.named",
    "bundled_editions": "skullking.loading.named",
}


def __getattr__(name: str) -> object:
    where = _LATER.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(where), name)
    globals()[name] = value  # (found once: later uses read it as any module attribute)
    return value


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
