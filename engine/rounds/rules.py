"""What play and the scoring read of an edition besides its :class:`~skullking.model.rules.Rules`:
:class:`GameRules`.

It lives here, the lowest stage that can name all it declares: the trick resolvers of
the stage below, and the game so far (:class:`~skullking.rounds.context.GameSoFar`) the
rules of a round may be worked out after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from skullking.model.rules import Rules

if TYPE_CHECKING:
    from collections.abc import Mapping

    from skullking.rounds.context import GameSoFar
    from skullking.tricks.compiled.resolver import CompiledTricks
    from skullking.tricks.interpreter import Resolver


class GameRules(Rules, Protocol):
    """An edition's :class:`~skullking.model.rules.Rules` with its two trick resolvers
    and the rules of each round: what a round played move by move and a score sheet read
    of an edition (each member documented on :class:`~skullking.edition.Edition`)."""

    interpreter: Resolver
    compiled: CompiledTricks
    bound: Mapping[str, Any] | None

    def at_round(
        self,
        number: int,
        players: int,
        *,
        cards: int | None = None,
        schedule: str | None = None,
        so_far: GameSoFar | None = None,
    ) -> GameRules: ...
