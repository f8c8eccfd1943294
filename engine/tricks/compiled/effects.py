"""The compiled resolver's trick-altering effects (see :mod:`skullking.tricks.compiled.resolver`
for the design): :class:`Effects` resolves a trick that holds a trick-altering card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from skullking.model.cards import Play
from skullking.model.records import NextLeader, TrickResult
from skullking.tricks.compiled.fields import (
    Altered,
    CompiledEffect,
    Fields,
    Step,
    Won,
)
from skullking.tricks.compiled.plans import no_winner

if TYPE_CHECKING:
    from skullking.tricks.compiled.decide import Decider
    from skullking.tricks.compiled.memo import PlanMemo
    from skullking.tricks.interpreter import Resolver


class Effects:
    """The trick-altering effects of one edition, compiled onto its counts (its
    :class:`~skullking.tricks.compiled.fields.Fields`' :attr:`effects
    <skullking.tricks.compiled.fields.Fields.effects>`): which card takes effect, the
    roles it changes (their counts moved from field to field), the effect's own
    precedence list (its :class:`~skullking.tricks.compiled.decide.Decider`), and who
    leads when nobody wins (the plan of such a pattern kept in the memo), as
    :meth:`Resolver.resolve <skullking.tricks.interpreter.Resolver.resolve>` does. A
    trick the effect leaves to a card to win goes back to the resolver, which pays it as
    any won trick. :attr:`resolve` is the function the resolver calls."""

    def __init__(self, fields: Fields, deciders: Sequence[Decider], memo: PlanMemo, reference: Resolver) -> None:
        #: ``resolve(cards, leader, players, counts, low, key)``, given the trick's
        #: counts, its first counts (``counts & fields.hot``) and its pattern's key when
        #: its plan is to be kept (else ``None``): the result of a trick nobody wins, or
        #: what decided a won one (:data:`~skullking.tricks.compiled.fields.Won`).
        self.resolve: Altered = _altered(fields, deciders, memo, reference)


def _altered(fields: Fields, deciders: Sequence[Decider], memo: PlanMemo, reference: Resolver) -> Altered:
    """The function :attr:`Effects.resolve`, the parts' tables bound as closure variables."""
    alters_at, ones, allies = fields.alters_at, fields.ones, fields.allies
    unit, effects, packed = fields.role_unit, fields.effects, fields.packed
    rows: list[tuple[Any, ...]] = [tuple(effect) for effect in effects]  # (plain tuples: unpacked faster)
    effect_by_bit, effect_fields = fields.effect_by_bit, fields.effect_fields
    role_bonuses = fields.role_bonuses
    active_effect, neutralized = reference.active_effect, reference.neutralized
    would_have_won, walk, resolve = reference.would_have_won, reference.next_leader, reference.resolve
    decide_main, decide = deciders[0].decide, [decider.decide for decider in deciders]
    keep, next_plan, most = memo.keep, memo.next_plan, memo.edition.max_players

    def neutralize(effect: CompiledEffect, counts: int, own: int) -> int:
        """``counts`` with the special cards that play the effect's ``becomes`` role
        moved to it (those of the roles it does not spare, but the effect's own card,
        whose role is ``own``), the trick holding one trick-altering card."""
        moved = 0
        for role, at, card in effect.moves:
            times = (counts >> at & ones) - (role == own)
            if times:
                moved += times
                counts -= times * card
        return counts + moved * effect.into

    def next_leader(
        strategies: tuple[NextLeader, ...],
        cards: Sequence[Play],
        active: int,
        leader: int,
        players: int,
        counts: int,
        alone: bool,
    ) -> int:
        """The seat that leads after a trick an effect left without a winner: the walk of
        :meth:`Resolver.next_leader <skullking.tricks.interpreter.Resolver.next_leader>`,
        who would have won without the trick-altering cards found from the counts;
        ``counts`` are the trick's, before any card changed its role; ``alone``: the card
        at ``active`` is the trick's only trick-altering card."""

        def without(strategy: NextLeader) -> int | None:
            if strategy is not NextLeader.WOULD_HAVE_WON_WITHOUT_EFFECTS:  # without the effect's card
                return would_have_won(cards, [i for i in range(len(cards)) if i != active])
            keep: list[int] | None = None
            if alone:
                kept = list(cards)
                del kept[active]
                rest = counts - packed[cards[active]]
            else:
                keep, kept, rest = [], [], counts
                for i, play in enumerate(cards):
                    if play.alters:
                        rest -= packed[play]
                    else:
                        keep.append(i)
                        kept.append(play)
            if not kept:
                return None
            index, _ = decide_main(kept, None, rest)
            if index < 0:
                return None
            if keep is not None:
                return keep[index]
            return index + 1 if index >= active else index

        position, on = walk(strategies, len(cards), active, without)
        return (leader + position + on) % players

    def altered(
        cards: Sequence[Play], leader: int, players: int, counts: int, low: int, key: tuple[int, ...] | None
    ) -> TrickResult | Won:
        before = counts
        roles: list[int] | None = None
        active = -1  # the card that takes effect (found when needed)
        if low >> alters_at & ones == 1:
            slot = effect_by_bit[(low & effect_fields).bit_length()]
        else:  # several: the one that takes effect is the reference's, the others' roles change
            roles = [p.role_index for p in cards]
            active, _ = active_effect(cards, roles)
            for i, play in enumerate(cards):
                if play.alters and i != active:
                    counts += unit[roles[i] + 1] - unit[play.role_index + 1]
            slot = cards[active].effect_index
        effect = effects[slot]
        row = rows[slot]
        destroys, strategies, _, becomes, spares, cancels_alliances, by_role, reads_roles, _, _, own, counted = row
        moved = False  # the counts of the cards that play `becomes` moved to it
        step: Step | None
        if destroys:
            index, step = -1, None
        else:  # neutralize: every special card but the effect's own and spared roles plays `becomes`
            if roles is not None or by_role:
                if active < 0:
                    active = _first_altering(cards)
                played = [p.role_index for p in cards] if roles is None else roles
                roles = neutralized(slot, cards, played, active)
                for was, now in zip(played, roles, strict=True):
                    if was != now:
                        counts += unit[now + 1] - unit[was + 1]
                moved = True
            elif reads_roles:
                if own is None:
                    own = cards[_first_altering(cards)].role_index
                counts, moved = neutralize(effect, counts, own), True
            index, step = decide[slot + 1](cards, roles, counts)
        if step is None:  # nobody wins
            if counted:  # (a trick that may count for somebody: the reference's, no plan kept)
                return resolve(cards, leader, players)
            if active < 0:
                active = _first_altering(cards)
            if key is not None:
                found = next_plan(strategies, cards, active, before)
                if found is not None:
                    keep(key, no_winner(found[0], found[1], effect.nobody[0].rule, effect.nobody[0].reason, most))
            return effect.nobody[next_leader(strategies, cards, active, leader, players, before, roles is None)]
        if roles is not None:
            role = roles[index]
        else:
            winning = cards[index]
            role = winning.role_index
            if winning.suit_index < 0 and role not in spares:
                if active < 0:
                    active = _first_altering(cards)
                if index != active:
                    role = becomes
        entries = role_bonuses[role + 1]
        if entries is None:  # (a bonus the counts do not pay: the reference's, by these roles)
            if roles is None:
                if active < 0:
                    active = _first_altering(cards)
                roles = neutralized(slot, cards, [p.role_index for p in cards], active)
        elif entries and not moved:  # role bonuses count the roles as the effect gives them
            if own is None:
                own = cards[_first_altering(cards)].role_index
            counts = neutralize(effect, counts, own)
        return index, step, counts, role, roles, not cancels_alliances and low & allies

    return altered


def _first_altering(cards: Sequence[Play]) -> int:
    """The position of the first trick-altering card of ``cards``."""
    for i, play in enumerate(cards):
        if play.alters:
            return i
    raise AssertionError("no trick-altering card")  # pragma: no cover
