"""What resolves the tricks of an edition: :class:`TrickResolver`, the one interface of
the two trick resolvers, the reference interpreter
(:class:`skullking.tricks.interpreter.Resolver`, behind :meth:`Edition.interpret_trick
<skullking.edition.Edition.interpret_trick>`) and the compiled resolver
(:class:`skullking.tricks.compiled.resolver.CompiledTricks`, behind
:meth:`Edition.resolve_trick <skullking.edition.Edition.resolve_trick>`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from skullking.model.cards import Play
    from skullking.model.records import TrickResult


class TrickResolver(Protocol):
    """A trick resolver of one edition."""

    def resolve_trick(
        self, cards: str | Sequence[str | Play], leader: int = 0, players: int | None = None
    ) -> TrickResult:
        """Resolve one trick: ``cards`` (text, or plays of the edition) in play order, the
        i-th played by seat ``(leader + i) % players``; ``players`` defaults to the
        number of cards. The same answer from every resolver, or the same
        :class:`~skullking.core.errors.IllegalTrickError` for a trick that cannot happen
        (or :class:`~skullking.core.errors.NotationError` for a card that is not the
        edition's)."""
        ...
