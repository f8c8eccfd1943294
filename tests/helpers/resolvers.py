"""The trick resolvers every trick case runs against (the ``resolve_trick`` fixture of
conftest.py, one run of a test per resolver), as a parser library runs its suite
against each of its parsers: the reference interpreter
(:class:`~skullking.tricks.interpreter.Resolver`, ``Edition.interpret_trick``), the
compiled resolver as an edition starts, without plan tables (a short trick's plan learnt
in play: ``Edition.resolve_trick``), and the compiled resolver with the edition's plan
tables (every trick of up to four cards planned before play, as a large simulation
runs). All three are :class:`~skullking.tricks.protocol.TrickResolver`: the same answer,
or the same error."""

from __future__ import annotations

import weakref
from collections.abc import Sequence

from skullking.edition import Edition
from skullking.model.cards import Play
from skullking.model.records import TrickResult
from skullking.tricks.compiled import tables
from skullking.tricks.compiled.resolver import CompiledTricks
from skullking.tricks.protocol import TrickResolver

RESOLVERS = ("interpreter", "compiled", "compiled-tables")

#: Each edition's compiled resolver with its plan tables, made once.
_TABLED: weakref.WeakKeyDictionary[Edition, CompiledTricks] = weakref.WeakKeyDictionary()


class ResolveTrick:
    """Resolves a trick under an edition through one kind of trick resolver (of
    :data:`RESOLVERS`), called as :meth:`Edition.resolve_trick
    <skullking.edition.Edition.resolve_trick>` is: ``resolve_trick(edition, cards, leader=0,
    players=None)``."""

    def __init__(self, kind: str) -> None:
        assert kind in RESOLVERS
        self.kind = kind

    def __repr__(self) -> str:
        return f"ResolveTrick({self.kind!r})"

    def resolver(self, edition: Edition) -> TrickResolver:
        """The edition's trick resolver of this kind."""
        if self.kind == "interpreter":
            return edition.interpreter
        if self.kind == "compiled":
            assert edition.compiled.table is None, "the edition's own resolver was given plan tables"
            return edition.compiled
        tabled = _TABLED.get(edition)
        if tabled is None:  # (the table is built once per rules, then read from the test cache)
            tabled = _TABLED[edition] = CompiledTricks(edition, edition.interpreter)
            assert tables.plan_tricks(tabled)
        return tabled

    def __call__(
        self, edition: Edition, cards: str | Sequence[str | Play], leader: int = 0, players: int | None = None
    ) -> TrickResult:
        return self.resolver(edition).resolve_trick(cards, leader, players)
