"""The compiled resolver's deciders (see :mod:`skullking.tricks.compiled.resolver` for the
design): a :class:`Decider` finds the rule of one precedence list that decides a trick,
from the trick's counts, and the card it picks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from skullking.model.cards import Play
from skullking.tricks.compiled.fields import Ranks, Region, Step, StepPick, union

if TYPE_CHECKING:
    from skullking.tricks.interpreter import CompiledRule, Resolver

# The picks as module constants: the deciders compare a step's pick with them for every
# trick they decide (a member read through its enum costs about six times as much).
_ROLE_FIRST, _HIGH, _LOW, _ANY_FIRST = StepPick.ROLE_FIRST, StepPick.HIGH, StepPick.LOW, StepPick.ANY_FIRST
_RANKS_HIGH, _RANKS_LOW, _OTHER, _LED_HIGH = StepPick.RANKS_HIGH, StepPick.RANKS_LOW, StepPick.OTHER, StepPick.LED_HIGH

#: ``decide(cards, roles, counts)``: the position of the winning card (-1 when none)
#: and the step of the rule that picked it (``None``); ``roles`` are the plays' roles
#: when an effect changed them, else ``None``.
Decide = Callable[[Sequence[Play], "list[int] | None", int], tuple[int, "Step | None"]]


class Decider:
    """The rules of one precedence list (the main list, or a neutralize effect's),
    decided as the reference decides them (:meth:`Resolver.decide
    <skullking.tricks.interpreter.Resolver.decide>`): the first rule whose condition holds
    and that finds a card picks the winner. The counts tell which rules find a card
    (their fields) and the values of the conditions (remembered by the counts they
    read), and most picks: the first card of a role, the highest or lowest card of a
    suit or of several suits, the first card. The reference is asked for the led suit
    and for the other picks. A list with a condition that may divide by zero is the
    reference's to decide, every condition asked in turn, so that the error comes where
    it would. :attr:`decide` is the function the resolver calls."""

    def __init__(
        self,
        steps: tuple[Step, ...],
        by_bit: tuple[Step | None, ...],
        ordered: bool,
        regions: Sequence[Region],
        reference: Resolver,
        rules: list[CompiledRule],
    ) -> None:
        #: The list's rules compiled, in order.
        self.steps = steps
        #: The list is decided by the reference, rule by rule (``rules``: as it reads them).
        self.ordered = ordered
        self.decide: Decide = (
            _in_order(steps, rules, reference) if ordered else _by_counts(steps, by_bit, regions, reference)
        )


def _by_counts(
    steps: tuple[Step, ...], by_bit: tuple[Step | None, ...], regions: Sequence[Region], reference: Resolver
) -> Decide:
    """:attr:`Decider.decide` from the counts: the rules whose fields count a card, in
    order (the lowest set bit first), each asked its condition."""
    fields = union(step.field for step in steps)
    led_suit, pick = reference.led_suit, reference.pick
    # By a bit's position + 1, what its step's loop reads, in a plain tuple (unpacked
    # and indexed faster than a named one, as is a region): how it picks, its argument,
    # the mask that clears its field, its condition's mask, remembered values and
    # itself (None: no condition), ties to the last played, the rule as the reference
    # reads it, and the step.
    plain = [tuple(region) for region in regions]
    picks: tuple[Any, ...] = tuple(
        None
        if step is None
        else (
            step.how,
            tuple(step.arg) if isinstance(step.arg, tuple) else step.arg,
            step.clear,
            0 if step.condition is None else step.condition.mask,
            None if step.condition is None else step.condition.values,
            step.condition,
            step.last,
            step.reference,
            step,
        )
        for step in by_bit
    )

    def decide(cards: Sequence[Play], roles: list[int] | None, counts: int) -> tuple[int, Step | None]:
        left = counts & fields
        while left:
            how, arg, clear, mask, values, condition, last, read, step = picks[(left & -left).bit_length()]
            left &= clear
            if condition is not None:
                key = counts & mask
                value = values.get(key)
                if value is None:
                    value = condition.holds(key)
                if not value:
                    continue
            if how == _ROLE_FIRST:
                if roles is not None:
                    return roles.index(arg), step
                for i, play in enumerate(cards):
                    if play.role_index == arg:
                        return i, step
            if how > _OTHER:  # the led suit's highest or lowest: that suit's
                suit = led_suit(cards)
                if suit < 0:
                    continue
                how, arg = (_HIGH if how == _LED_HIGH else _LOW), plain[suit]
            if how == _HIGH:
                return cards.index(arg[2][(counts >> arg[0] & arg[1]).bit_length() - 1]), step
            if how == _ANY_FIRST:
                return 0, step
            if how == _LOW:
                bits = counts >> arg[0] & arg[1]
                return cards.index(arg[2][(bits & -bits).bit_length() - 1]), step
            if how in (_RANKS_HIGH, _RANKS_LOW):
                return _best_by_rank(cards, counts, arg, how == _RANKS_HIGH, last), step
            index = pick(read, cards, roles)
            if index >= 0:
                return index, step
        return -1, None

    return decide


def _in_order(steps: tuple[Step, ...], rules: list[CompiledRule], reference: Resolver) -> Decide:
    """:attr:`Decider.decide` by the reference's own loop over ``rules``."""
    by_id = {step.rule.id: step for step in steps}
    reference_decide = reference.decide

    def decide(cards: Sequence[Play], roles: list[int] | None, counts: int) -> tuple[int, Step | None]:
        index, rule = reference_decide(rules, cards, [p.role_index for p in cards] if roles is None else roles)
        return (-1, None) if rule is None else (index, by_id[rule.id])

    return decide


def _best_by_rank(cards: Sequence[Play], counts: int, ranks: Ranks, high: bool, last: bool) -> int:
    """The position of the highest (``high``, else lowest) card of a group of several
    suits, from the group's region by rank; of several cards of that rank, the one
    played first (``last``: last)."""
    at, mask, per, at_bit = ranks
    bits = counts >> at & mask
    rank = ((bits if high else bits & -bits).bit_length() - 1) // per * per
    suits = bits >> rank & (1 << per) - 1
    if not suits & (suits - 1):  # one card of that rank
        return cards.index(at_bit[rank + suits.bit_length() - 1])
    positions = [cards.index(at_bit[rank + bit]) for bit in range(per) if suits >> bit & 1]
    return max(positions) if last else min(positions)
