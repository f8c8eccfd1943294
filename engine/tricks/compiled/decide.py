"""The compiled resolver's deciders (see :mod:`skullking.tricks.compiled.resolver` for the design): the
rule that decides a trick and the card it picks, worked out rule by rule where the
resolver's own tables do not tell (a pick the tables do not hold, a list of rules whose
conditions must be asked in turn), and the conditions' values remembered by the counts
they read. :class:`Deciders` is a part of :class:`~skullking.tricks.compiled.resolver.CompiledTricks`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skullking.model.cards import Play
from skullking.model.records import Among, Pick, Rule, Ties
from skullking.tricks.compiled.effects import _best_by_rank
from skullking.tricks.compiled.fields import (
    _ANY_FIRST,
    _HIGH,
    _LED_HIGH,
    _LED_LOW,
    _LOW,
    _RANKS_HIGH,
    _RANKS_LOW,
    _ROLE_FIRST,
    Condition,
    Decide,
    Step,
    _Region,
    union,
)
from skullking.tricks.interpreter import Resolver, _pick

if TYPE_CHECKING:
    from skullking.edition import Edition

#: The most remembered values of one condition before starting afresh.
_MEMO_LIMIT = 1 << 16


class Deciders:
    """Deciding rule by rule (a part of :class:`~skullking.tricks.compiled.resolver.CompiledTricks`: see
    the module's description)."""

    if TYPE_CHECKING:  # what the compiled tricks hold that these methods use
        edition: Edition
        resolver: Resolver
        ones: int
        regions: list[_Region]
        lead: dict[Play, int]

    def _decider(self, steps: tuple[Step, ...], by_bit: tuple[Step | None, ...]) -> Decide:
        """The function that decides a trick by the rules ``steps``: given the plays,
        their roles when an effect changed them (else ``None``) and the counts, the
        position of the winning play (-1 when none) and the rule's step (``None``)."""
        fields = union(step.field for step in steps)
        holds, regions, take, lead = self.holds, self.regions, self._take, self.lead
        pass_on = self.resolver.pass_on_character

        def decide(cards: Sequence[Play], roles: list[int] | None, counts: int) -> tuple[int, Step | None]:
            left = counts & fields
            while left:
                step = by_bit[(left & -left).bit_length()]
                how, arg, field, condition, _, _, last, _, _ = step  # type: ignore[misc]
                left &= ~field
                if condition is not None:
                    key = counts & condition[0]
                    value = condition[1].get(key)
                    if value is None:
                        value = holds(condition, key)
                    if not value:
                        continue
                if how == _ROLE_FIRST:
                    if roles is not None:
                        return roles.index(arg), step
                    for i, play in enumerate(cards):
                        if play.role_index == arg:
                            return i, step
                if how in (_LED_HIGH, _LED_LOW):
                    passed = False
                    for play in cards:
                        suit = lead[play]
                        if suit >= 0:
                            break
                        if suit == -1 and (not passed or not pass_on):
                            break
                        passed = True
                    else:
                        suit = -1
                    if suit < 0:
                        continue
                    how, arg = (_HIGH if how == _LED_HIGH else _LOW), regions[suit]
                if how == _HIGH:
                    return cards.index(arg[2][(counts >> arg[0] & arg[1]).bit_length() - 1]), step
                if how == _LOW:
                    bits = counts >> arg[0] & arg[1]
                    return cards.index(arg[2][(bits & -bits).bit_length() - 1]), step
                if how in (_RANKS_HIGH, _RANKS_LOW):
                    return _best_by_rank(cards, counts, arg, how == _RANKS_HIGH, last), step
                if how == _ANY_FIRST:
                    return 0, step
                index = take(step.rule, cards, roles)  # type: ignore[union-attr]
                if index >= 0:
                    return index, step
            return -1, None

        return decide

    def _take(self, rule: Rule, cards: Sequence[Play], roles: list[int] | None) -> int:
        """The position of the card ``rule`` picks (-1 when its group is empty), the
        reference's way: the picks the tables have no shortcut for."""
        if roles is None:
            roles = [p.role_index for p in cards]
        names = self.edition.role_names
        if rule.of in names:
            found = [i for i, r in enumerate(roles) if r == names.index(rule.of)]
        elif rule.of == Among.ANY:
            found = list(range(len(cards)))
        elif rule.of == Among.TRUMP:
            found = [i for i, p in enumerate(cards) if p.suit_index >= 0 and p.trump]
        elif rule.of == Among.NUMBERED:
            found = [i for i, p in enumerate(cards) if p.suit_index >= 0]
        else:
            led = self.resolver.led_suit(cards) if rule.of == Among.LED_SUIT else -1
            found = [
                i for i, p in enumerate(cards) if p.suit_index >= 0 and (p.suit_index == led or p.card.suit == rule.of)
            ]
        if not found:
            return -1
        reverse = rule.ties is Ties.LAST_PLAYED and rule.pick in (Pick.HIGHEST, Pick.LOWEST)
        return _pick(found[::-1] if reverse else found, cards, rule.pick)

    def _in_order(self, steps: tuple[Step, ...]) -> Decide:
        """A decider that goes rule by rule, every condition in turn (one may raise), as
        the reference does."""

        def decide(cards: Sequence[Play], roles: list[int] | None, counts: int) -> tuple[int, Step | None]:
            for step in steps:
                condition = step.condition
                if condition is not None:
                    key = counts & condition[0]
                    value = condition[1].get(key)
                    if value is None:
                        value = self.holds(condition, key)
                    if not value:
                        continue
                if counts & step.field:
                    index = self._take(step.rule, cards, roles)
                    if index >= 0:
                        return index, step
            return -1, None

        return decide

    def holds(self, condition: Condition, key: int) -> bool:
        """A precedence condition's value for the counts ``key`` (remembered)."""
        _, memo, when, reads = condition
        values = [0] * len(when.names)
        for position, at in reads:
            values[position] = (key >> at) & self.ones
        value = bool(when.call(values))
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        memo[key] = value
        return value
