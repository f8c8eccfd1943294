"""The compiled resolver's trick-altering effects (see :mod:`skullking.tricks.compiled.resolver` for the
design): :func:`build_altered` binds the tables of a
:class:`~skullking.tricks.compiled.resolver.CompiledTricks` as closure variables and returns the function
that resolves a trick holding a trick-altering card; with its helpers, and the pick of
the best card of a group of suits by rank, which the deciders use too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import MethodType
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

from skullking.model.cards import Play
from skullking.tricks.compiled.fields import (
    _EFFECT_PLAYER,
    _HIGH,
    _LEFT_OF_EFFECT_PLAYER,
    _RANKS_HIGH,
    _RANKS_LOW,
    _WITHOUT_CARD,
    _WITHOUT_EFFECTS,
    Altered,
    _Effect,
    _new,
    _Ranks,
    own_bonus_ids,
)
from skullking.tricks.compiled.plans import no_winner
from skullking.tricks.interpreter import TrickResult

if TYPE_CHECKING:
    from skullking.tricks.compiled.resolver import CompiledTricks

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _bound(function: Callable[Concatenate[CompiledTricks, _P], _R], tricks: CompiledTricks) -> Callable[_P, _R]:
    """``function`` bound to ``tricks`` as a method is: a bound method, called as fast."""
    return MethodType(function, tricks)


def build_altered(tricks: CompiledTricks) -> Altered:
    """The function that resolves a trick with a trick-altering card (see
    :meth:`Resolver.resolve <skullking.tricks.interpreter.Resolver.resolve>`), given the trick,
    the leader, the players, its counts and its first counts."""
    alters_at, ones, allies = tricks.alters_at, tricks.ones, tricks.allies
    unit, effects = tricks.role_unit, tricks.effects
    effect_by_bit, effect_fields = tricks.effect_by_bit, tricks.effect_fields
    static_at, static_ids, static_ids_at = tricks.static_at, tricks.static_ids, tricks.static_ids_at
    (static_code_at, static_code_mask), paying = tricks.static_code, tricks.paying
    first_played, cancelled = tricks.first_played, tricks.resolver.cancelled
    deciders, next_leader, neutralize = tricks.deciders, _bound(_next_leader, tricks), _bound(_neutralize, tricks)
    bonuses, reference_bonuses, role_bonuses = tricks.bonuses, tricks.resolver.bonuses, tricks.role_bonuses
    keep, plan_for, next_plan, most = tricks._keep, tricks._plan_for, tricks._next_plan, tricks.edition.max_players
    decide_main, packed, best_by_rank = tricks.decide_main, tricks.packed, _best_by_rank

    def plan_nobody(
        key: tuple[int, ...], effect: _Effect, cards: Sequence[Play], active: int, counts: int, alone: bool
    ) -> None:
        found = next_plan(effect.strategies, cards, active, counts, alone)
        if found is not None:
            result = effect.nobody[0]
            keep(key, no_winner(found[0], found[1], result.rule, result.reason, most))

    def altered(
        cards: Sequence[Play], leader: int, players: int, counts: int, low: int, key: tuple[int, ...] | None
    ) -> TrickResult:
        before = counts
        roles: list[int] | None = None
        active = -1  # the card that takes effect (found when needed)
        if low >> alters_at & ones == 1:
            slot = effect_by_bit[(low & effect_fields).bit_length()]
        else:  # the one played first or last takes effect, the others play the cancelled role
            roles = []
            altering = []
            for i, play in enumerate(cards):
                roles.append(play.role_index)
                if play.alters:
                    altering.append(i)
            active = altering[0] if first_played else altering[-1]
            for i in altering:
                if i != active:
                    counts += unit[cancelled + 1] - unit[roles[i] + 1]
                    roles[i] = cancelled
            slot = cards[active].effect_index
        effect = effects[slot]
        if effect.destroys:
            if roles is None and key is None and effect.strategies[:1] == (_WITHOUT_EFFECTS,):
                # the common case, written out: who would have won without the card
                for active, play in enumerate(cards):  # noqa: B007
                    if play.alters:
                        break
                kept = list(cards)
                del kept[active]
                if kept:
                    index, _ = decide_main(kept, None, counts - packed[play])
                    if index >= 0:
                        return effect.nobody[(leader + index + (index >= active)) % players]
            if active < 0:
                active = _first_altering(cards)
            if key is not None:
                plan_nobody(key, effect, cards, active, before, roles is None)
            return effect.nobody[next_leader(effect.strategies, cards, active, leader, players, before, roles is None)]
        # neutralize: every special card but the effect's own and spared roles plays `becomes`
        _, _, nobody, becomes, spares, cancels_alliances, by_role, reads_roles, _, _, own, step = effect
        moved = False  # the counts of the cards that play `becomes` moved to it
        if roles is not None or by_role:
            if active < 0:
                active = _first_altering(cards)
            if roles is None:
                roles = [p.role_index for p in cards]
            for i, p in enumerate(cards):
                role = roles[i]
                if p.suit_index < 0 and i != active and role not in spares:
                    counts += unit[becomes + 1] - unit[role + 1]
                    roles[i] = becomes
            moved = True
        elif reads_roles:
            if own is None:
                own = cards[_first_altering(cards)].role_index
            counts, moved = neutralize(effect, counts, own), True
        if step is None:  # (the effect's only rule, when it picks by rank: decided here)
            index, step = deciders[slot + 1](cards, roles, counts)
        elif not low & step.field:
            index, step = -1, None
        else:
            how, arg = step.how, step.arg
            if how in (_RANKS_HIGH, _RANKS_LOW):
                index = best_by_rank(cards, counts, arg, how == _RANKS_HIGH, step.last)
            else:
                bits = counts >> arg[0] & arg[1]
                index = cards.index(arg[2][((bits if how == _HIGH else bits & -bits).bit_length()) - 1])
        if step is None:
            if active < 0:
                active = _first_altering(cards)
            if key is not None:
                plan_nobody(key, effect, cards, active, before, roles is None)
            return nobody[next_leader(effect.strategies, cards, active, leader, players, before, roles is None)]
        winner = (leader + index) % players
        ids: tuple[str, ...]
        if roles is not None:
            role = roles[index]
        else:
            won = cards[index]
            role = won.role_index
            if won.suit_index < 0 and role not in spares:
                if active < 0:
                    active = _first_altering(cards)
                if index != active:
                    role = becomes
        entries = role_bonuses[role + 1]
        points, ids = 0, ()
        if entries == ():  # the cards' own bonuses only
            if low & static_ids:
                points = counts >> static_at
                if points:
                    if low >> static_ids_at & ones == 1:
                        ids = paying[counts >> static_code_at & static_code_mask]
                    else:
                        ids = tuple(own_bonus_ids(cards))
        else:
            if not moved and entries:  # role bonuses count the roles as played
                if own is None:
                    own = cards[_first_altering(cards)].role_index
                counts = neutralize(effect, counts, own)
            paid = bonuses(cards, counts, role)
            if paid is None:
                if roles is None:
                    if active < 0:
                        active = _first_altering(cards)
                    roles = [
                        becomes if p.suit_index < 0 and i != active and p.role_index not in spares else p.role_index
                        for i, p in enumerate(cards)
                    ]
                paid = reference_bonuses(cards, roles, index)
                key = None  # (a bonus the pattern does not decide: no plan)
            points, ids = paid
        if key is not None:
            keep(key, plan_for(cards, index, step, points, ids, not cancels_alliances and low & allies))
        if not cancels_alliances and low & allies:
            alliances: tuple[tuple[int, int], ...] = ()
            for i, p in enumerate(cards):
                if p.allies and i != index:
                    alliances += (((leader + i) % players, winner),)
            rule = step.rule
            return _new(TrickResult, (winner, winner, points, alliances, rule.id, rule.description, index, ids))
        if points or ids:
            rule = step.rule
            return _new(TrickResult, (winner, winner, points, (), rule.id, rule.description, index, ids))
        return step.results[index][winner]

    return altered


def _neutralize(tricks: CompiledTricks, effect: _Effect, counts: int, own: int) -> int:
    """``counts`` with the special cards that play the effect's ``becomes`` role
    moved to it (those of the roles it does not spare, but the effect's own card,
    whose role is ``own``), the trick holding one trick-altering card."""
    ones = tricks.ones
    moved = 0
    for role, at, unit in effect.moves:
        times = (counts >> at & ones) - (role == own)
        if times:
            moved += times
            counts -= times * unit
    return counts + moved * effect.into


def _next_leader(
    tricks: CompiledTricks,
    strategies: tuple[int, ...],
    cards: Sequence[Play],
    active: int,
    leader: int,
    players: int,
    counts: int,
    alone: bool,
) -> int:
    """Who leads after a trick an effect left without a winner (see
    :meth:`Resolver._next_leader <skullking.tricks.interpreter.Resolver._next_leader>`); ``counts``
    are the trick's, before any card changed its role; ``alone``: the card at
    ``active`` is the trick's only trick-altering card."""
    for strategy in strategies:
        if strategy == _WITHOUT_EFFECTS:
            keep: list[int] | None = None
            if alone:
                kept = list(cards)
                del kept[active]
                rest = counts - tricks.packed[cards[active]]
            else:
                keep, kept, rest = [], [], counts
                for i, play in enumerate(cards):
                    if play.alters:
                        rest -= tricks.packed[play]
                    else:
                        keep.append(i)
                        kept.append(play)
            if not kept:
                continue
            index, _ = tricks.decide_main(kept, None, rest)
            if index >= 0:
                if keep is not None:
                    index = keep[index]
                elif index >= active:
                    index += 1
                return (leader + index) % players
        elif strategy == _WITHOUT_CARD:
            keep = [i for i in range(len(cards)) if i != active]
            seat = tricks.resolver.would_have_won(cards, keep, leader, players)
            if seat is not None:
                return seat
        elif strategy == _EFFECT_PLAYER:
            return (leader + active) % players
        elif strategy == _LEFT_OF_EFFECT_PLAYER:
            return (leader + active + 1) % players
        else:
            return leader
    return tricks.resolver.fallback_seat(len(cards), leader, players)


def _first_altering(cards: Sequence[Play]) -> int:
    """The position of the first trick-altering card of ``cards``."""
    for i, play in enumerate(cards):
        if play.alters:
            return i
    raise AssertionError("no trick-altering card")  # pragma: no cover


def _best_by_rank(cards: Sequence[Play], counts: int, ranks: _Ranks, high: bool, last: bool) -> int:
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
