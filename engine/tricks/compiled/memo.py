"""The compiled resolver's memo (see :mod:`skullking.tricks.compiled.resolver` for the
design): the outcome of a short trick's pattern kept as a plan
(:mod:`skullking.tricks.compiled.plans`) that serves every later trick of that pattern, the
bounded store of them, and the plan tables installed in it
(:mod:`skullking.tricks.compiled.tables`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skullking.model.cards import Play
from skullking.model.records import NextLeader, TrickResult
from skullking.tricks.compiled.fields import Fields, Step, StepPick
from skullking.tricks.compiled.plans import LIMIT, Plan, Selector, fixed, ranked

if TYPE_CHECKING:
    from skullking.model.rules import Rules
    from skullking.tricks.compiled.decide import Decide
    from skullking.tricks.compiled.tables import Table
    from skullking.tricks.interpreter import Resolver

#: Tricks of at most this many cards keep their pattern's plan (and every pattern of
#: them is in the plan tables, skullking.tricks.compiled.tables): of 50,000 random tricks
#: of four cards, 86 % of the next 50,000 find their pattern seen before; of five cards
#: 54 %, of six 19 %, of eight 0.5 %. Five-player games of new deals measured 4-15 %
#: slower with plans for five cards than without, over 4,500 games: their patterns (1.9
#: million tuples) come back too seldom to pay for the plans' building.
PLANNED = 4
#: The picks whose card a plan keeps by its position, the one it cannot keep, and those
#: of the highest card (held here: a pattern's first trick asks for each, and a member
#: read through its enum costs about six times as much).
_BY_POSITION = (StepPick.ROLE_FIRST, StepPick.ANY_FIRST)
_OTHER = StepPick.OTHER
_HIGHEST = (StepPick.HIGH, StepPick.LED_HIGH, StepPick.RANKS_HIGH)


class _Unplanned(Exception):
    """A next leader no plan can give (see :meth:`PlanMemo.next_plan`)."""


def SEEN(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
    """The mark of a pattern seen once, without a plan yet (never called)."""
    raise AssertionError("a pattern seen once has no plan")  # pragma: no cover


class PlanMemo:
    """The plans of one edition's compiled resolver, by pattern (the plays' pattern ids
    of a trick of at most :data:`PLANNED` cards): a plan, or :func:`SEEN` for a pattern
    met once. Bounded: past :attr:`limit` plans the ones kept in play go, the plan
    tables' stay. It builds the plans too, from what decided a trick of the pattern."""

    def __init__(self, edition: Rules, fields: Fields, decide_main: Decide, reference: Resolver) -> None:
        self.edition = edition
        self._packed, self._decide_main, self._reference = fields.packed, decide_main, reference
        self._seats = edition.max_players
        # By step number and the winning card's position: the plan of a trick the step's
        # rule decides without bonus nor alliances, built when first needed
        self._plain: list[list[Plan | None]] = [[None] * self._seats for steps in fields.steps for _ in steps]
        #: The plans kept, by pattern.
        self.plans: dict[tuple[int, ...], Plan] = {}
        #: The plan tables installed (:mod:`skullking.tricks.compiled.tables`), ``None`` before any.
        self.table: Table | None = None
        #: Plans kept before starting afresh: :data:`~skullking.tricks.compiled.plans.LIMIT` beyond the tables'.
        self.limit = LIMIT

    def keep(self, key: tuple[int, ...], plan: Plan | None) -> None:
        """Keep ``plan`` for the pattern ``key`` (a bounded cache)."""
        if plan is not None:
            if len(self.plans) >= self.limit:
                self.restart()
            self.plans[key] = plan

    def install(self, table: Table, plans: dict[tuple[int, ...], Plan], limit: int) -> None:
        """Keep the plan tables ``table`` (checked), whose ``plans`` these are, and at
        most ``limit`` plans from now on."""
        self.plans.update(plans)
        self.table, self.limit = table, limit

    def restart(self) -> None:
        """Forget the plans kept in play (too many to keep), not the tables'."""
        self.plans.clear()
        if self.table is not None:
            # (a cycle: skullking.tricks.compiled.tables imports this module)
            from skullking.tricks.compiled.tables import plans_of

            self.plans.update(plans_of(self.edition, self.table))

    def selector(self, cards: Sequence[Play], index: int, step: Step) -> Selector | None:
        """What picks the card at ``index`` that ``step``'s rule picked, in any trick of
        the pattern of ``cards``: that position, or the positions of the cards it picks
        the highest (lowest) among; ``None`` for a rule that picks another way."""
        how = step.how
        if how in _BY_POSITION:
            return index
        if how == _OTHER:
            return None
        # the cards it picks the highest (lowest) among, as the reference finds them (in
        # the order ties are broken in): numbered cards, whose roles it does not read
        positions = self._reference.among(step.reference, cards)
        if len(positions) == 1:
            return index
        return (tuple(positions), 1 if how in _HIGHEST else -1)

    def plain(self, index: int, step: Step) -> Plan:
        """The plan of a pattern whose card at ``index`` wins by ``step``'s rule, paying
        nothing and forming no alliance (the rule's results as they are), kept for
        every pattern it serves."""
        plain = self._plain[step.number]
        plan = plain[index]
        if plan is None:
            rule = step.rule
            plan = plain[index] = fixed(index, 0, (), (), rule.id, rule.description, self._seats)
        return plan

    def plan_for(
        self, cards: Sequence[Play], index: int, step: Step, points: int, ids: tuple[str, ...], allied: int
    ) -> Plan | None:
        """The plan of the pattern of ``cards``, won by the card at ``index`` under
        ``step``'s rule with ``points`` (``ids``; role bonuses counted, not matched, so
        that every card of the pattern a rule picks the highest of wins the same), its
        alliances formed if ``allied`` (not 0); ``None`` for a rule that picks another way."""
        selector = self.selector(cards, index, step)
        if selector is None:
            return None
        rule, most = step.rule, self._seats
        loots: tuple[int, ...] = ()
        if allied:  # (a card the rule picks the highest of is numbered: never an alliance card)
            for i, play in enumerate(cards):
                if play.allies and i != index:
                    loots += (i,)
        if isinstance(selector, int):
            if not (points or ids or loots):
                return self.plain(index, step)
            return fixed(index, points, ids, loots, rule.id, rule.description, most)
        outcome = (points, ids, loots)
        return ranked(selector, tuple((w, outcome) for w in sorted(selector[0])), rule.id, rule.description, most)

    def next_plan(
        self, strategies: tuple[NextLeader, ...], cards: Sequence[Play], active: int, counts: int
    ) -> tuple[Selector, int] | None:
        """Who leads after a trick of the pattern of ``cards`` that an effect leaves
        without a winner: the walk of :meth:`Resolver.next_leader
        <skullking.tricks.interpreter.Resolver.next_leader>`, who would have won without
        the trick-altering cards answered by what picks him in any trick of the pattern;
        ``None`` when that cannot be planned (a strategy that looks at another
        trick-altering card, a rule that picks another way)."""

        def without(strategy: NextLeader) -> Selector | None:
            if strategy is not NextLeader.WOULD_HAVE_WON_WITHOUT_EFFECTS:
                raise _Unplanned
            keep = [i for i, p in enumerate(cards) if not p.alters]
            if not keep:
                return None
            rest = counts - sum(self._packed[p] for p in cards if p.alters)
            kept = [cards[i] for i in keep]
            index, step = self._decide_main(kept, None, rest)
            if step is None:
                return None
            selector = self.selector(kept, index, step)
            if selector is None:
                raise _Unplanned
            if isinstance(selector, int):
                return keep[selector]
            return tuple(keep[i] for i in selector[0]), selector[1]

        try:
            return self._reference.next_leader(strategies, len(cards), active, without)
        except _Unplanned:
            return None
