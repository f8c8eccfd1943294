"""The compiled resolver's plans (see :mod:`skullking.tricks.compiled.resolver` for the design): the
outcome of a short trick's pattern kept as a small function (:mod:`skullking.tricks.compiled.plans`)
that serves every later trick of that pattern, and the bounded store of them.
:class:`Plans` is a part of :class:`~skullking.tricks.compiled.resolver.CompiledTricks`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skullking.model.cards import Play
from skullking.tricks.compiled.fields import (
    _ANY_FIRST,
    _EFFECT_PLAYER,
    _HIGH,
    _LED_HIGH,
    _LEFT_OF_EFFECT_PLAYER,
    _OTHER,
    _RANKS_HIGH,
    _RANKS_LOW,
    _ROLE_FIRST,
    _WITHOUT_CARD,
    _WITHOUT_EFFECTS,
    Decide,
    Step,
)
from skullking.tricks.compiled.plans import LIMIT, Plan, Selector, fixed, ranked
from skullking.tricks.interpreter import Resolver

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.tricks.compiled.tables import Table


class Plans:
    """Building and keeping plans (a part of
    :class:`~skullking.tricks.compiled.resolver.CompiledTricks`: see the module's description)."""

    if TYPE_CHECKING:  # what the compiled tricks hold that these methods use
        edition: Edition
        resolver: Resolver
        packed: dict[Play, int]
        plans: dict[tuple[int, ...], Plan]
        decide_main: Decide

    #: The plan tables kept (:mod:`skullking.tricks.compiled.tables`), ``None`` before any.
    table: Table | None = None
    #: Plans kept before starting afresh: :data:`~skullking.tricks.compiled.plans.LIMIT` beyond the tables'.
    limit = LIMIT

    def _keep(self, key: tuple[int, ...], plan: Plan | None) -> None:
        """Keep ``plan`` for the pattern ``key`` (a bounded cache)."""
        if plan is not None:
            if len(self.plans) >= self.limit:
                self._restart()
            self.plans[key] = plan

    def _restart(self) -> None:
        """Forget the plans kept in play (too many to keep), not the tables'."""
        self.plans.clear()
        if self.table is not None:
            from skullking.tricks.compiled.tables import install

            install(self, self.table)  # type: ignore[arg-type]

    def _selector(self, cards: Sequence[Play], index: int, step: Step) -> Selector | None:
        """What picks the card at ``index`` that ``step``'s rule picked, in any trick of
        the pattern of ``cards``: that position, or the positions of the cards it picks
        the highest (lowest) among; ``None`` for a rule that picks another way."""
        how = step.how
        if how in (_ROLE_FIRST, _ANY_FIRST):
            return index
        if how == _OTHER:
            return None
        group = step.suits if how in (_RANKS_HIGH, _RANKS_LOW) else (cards[index].suit_index,)
        positions = [i for i, p in enumerate(cards) if p.suit_index in group]
        if len(positions) == 1:
            return index
        if step.last:
            positions.reverse()
        return (tuple(positions), 1 if how in (_HIGH, _LED_HIGH, _RANKS_HIGH) else -1)

    def _plan_for(
        self, cards: Sequence[Play], index: int, step: Step, points: int, ids: tuple[str, ...], allied: int
    ) -> Plan | None:
        """The plan of the pattern of ``cards``, won by the card at ``index`` under
        ``step``'s rule with ``points`` (``ids``; role bonuses counted, not matched, so
        that every card of the pattern a rule picks the highest of wins the same), its
        alliances formed if ``allied`` (not 0); ``None`` for a rule that picks another way."""
        selector = self._selector(cards, index, step)
        if selector is None:
            return None
        rule, most = step.rule, self.edition.max_players
        loots: tuple[int, ...] = ()
        if allied:  # (a card the rule picks the highest of is numbered: never an alliance card)
            for i, play in enumerate(cards):
                if play.allies and i != index:
                    loots += (i,)
        if isinstance(selector, int):
            if not (points or ids or loots):  # the rule's results as they are (kept by the step)
                plan = step.plans[index]
                if plan is None:
                    plan = step.plans[index] = fixed(index, 0, (), (), rule.id, rule.description, most)
                return plan
            return fixed(index, points, ids, loots, rule.id, rule.description, most)
        outcome = (points, ids, loots)
        return ranked(selector, tuple((w, outcome) for w in sorted(selector[0])), rule.id, rule.description, most)

    def _next_plan(
        self, strategies: tuple[int, ...], cards: Sequence[Play], active: int, counts: int, alone: bool
    ) -> tuple[Selector, int] | None:
        """:meth:`_next_leader` for any trick of the pattern of ``cards``: what picks the
        next leader's position, and how many seats on; ``None`` when a strategy looks at
        another trick-altering card."""
        for strategy in strategies:
            if strategy == _WITHOUT_EFFECTS:
                keep = [i for i, p in enumerate(cards) if not p.alters]
                if not keep:
                    continue
                rest = counts - sum(self.packed[p] for p in cards if p.alters)
                kept = [cards[i] for i in keep]
                index, step = self.decide_main(kept, None, rest)
                if step is not None:
                    selector = self._selector(kept, index, step)
                    if selector is None:
                        return None
                    if isinstance(selector, int):
                        return keep[selector], 0
                    return (tuple(keep[i] for i in selector[0]), selector[1]), 0
            elif strategy == _WITHOUT_CARD:
                return None
            elif strategy == _EFFECT_PLAYER:
                return active, 0
            elif strategy == _LEFT_OF_EFFECT_PLAYER:
                return active, 1
            else:
                return 0, 0
        return self.resolver.fallback_position(len(cards)), 0
