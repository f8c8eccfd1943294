"""The compiled resolver's main function (see :mod:`skullking.tricks.compiled.resolver` for the design):
:func:`build_resolver` binds the tables of a :class:`~skullking.tricks.compiled.resolver.CompiledTricks`
as closure variables and returns :meth:`Edition.resolve_trick
<skullking.edition.Edition.resolve_trick>`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skullking.model.cards import Cards
from skullking.tricks.compiled.fields import (
    _ANY_FIRST,
    _HIGH,
    _IMPOSSIBLE,
    _LED_HIGH,
    _NO_FACTS,
    _NO_RULE,
    _ROLE_FIRST,
    _SEEN,
    PLANNED,
    Resolve,
    _new,
    own_bonus_ids,
    union,
)
from skullking.tricks.compiled.plans import no_winner
from skullking.tricks.interpreter import TrickResult

if TYPE_CHECKING:
    from skullking.tricks.compiled.resolver import CompiledTricks


def build_resolver(tricks: CompiledTricks) -> Resolve:
    """The resolver function, its tables bound as closure variables. The main rules'
    common picks are written out here (see :meth:`CompiledTricks._decider
    <skullking.tricks.compiled.resolver.CompiledTricks._decider>`); the others are the decider's."""
    packed, bias, hot, checks, needs = tricks.packed, tricks.bias, tricks.hot, tricks.checks, tricks.needs
    unique_at, unique_mask, unique_count_at, unique_count_mask = tricks.unique
    low_players, high_players = tricks.edition.min_players, tricks.edition.max_players
    check, need_of = tricks.resolver.check, tricks._need
    validate, unusual, altered, decide = tricks._validate, tricks._unusual, tricks.altered, tricks.decide_main
    ones, alters, allies = tricks.ones, tricks.alters, tricks.allies
    static_at, static_ids, static_ids_at = tricks.static_at, tricks.static_ids, tricks.static_ids_at
    (static_code_at, static_code_mask), paying = tricks.static_code, tricks.paying
    role_bonuses, role_bonus_mask, reference_bonuses = (
        tricks.role_bonuses,
        tricks.role_bonus_mask,
        tricks.resolver.bonuses,
    )
    fallback_seat, holds, lead, regions = tricks.resolver.fallback_seat, tricks.holds, tricks.lead, tricks.regions
    pass_on = tricks.resolver.pass_on_character
    # by the lowest bit's position + 1: (how, arg, the mask that clears the rule's
    # field, condition, rule, results, step); a list decided rule by rule has none
    picks: tuple[Any, ...] = tuple(
        None if step is None else (step.how, step.arg, ~step.field, step.condition, step.rule, step.results, step)
        for step in tricks.by_bit[0]
    )
    fields = 0 if tricks.ordered[0] else union(step.field for step in tricks.steps[0])
    unknown = -2 if tricks.ordered[0] else -1  # the pick before any rule: -2, the decider's
    payable = [tricks.static_ids | mask for mask in tricks.role_bonus_mask]
    fallback_position, most = tricks.resolver.fallback_position, tricks.edition.max_players
    plans = tricks.plans
    plans_get, plan_for, keep, planned = plans.get, tricks._plan_for, tricks._keep, PLANNED
    own = frozenset(tricks.packed)
    # Plays not parsed may find their pattern's plan first when a pattern tells all
    # that makes a trick possible but a card played twice: no module needs more
    # players than the edition's fewest, no named card can be declared two ways.
    quick = all(need <= tricks.edition.min_players for need in tricks.module_players.values()) and not any(
        k.individuals and k.declarations for k in tricks.edition.kinds
    )

    me = tricks
    first_kept = (_ROLE_FIRST, _ANY_FIRST)

    def resolve(cards: Any, leader: int = 0, players: int | None = None) -> TrickResult:
        key: tuple[int, ...] | None
        fresh: tuple[int, ...] | None = None
        owner, counts, need, key = cards.facts if cards.__class__ is Cards else _NO_FACTS
        if owner is not me:  # not parsed by this edition
            count = len(cards)
            key = None
            if quick and count <= planned:  # a short trick of this edition's plays, its plan kept
                try:
                    key = tuple([play.pattern for play in cards])  # (kept for the look-up below)
                    plan = plans_get(key)
                except AttributeError:  # (text)
                    plan = None
                if plan is not None and plan is not _SEEN and own.issuperset(cards) and len(set(cards)) == count:
                    # (the plan's pattern makes a possible trick: only a card twice is not seen)
                    seats = count if players is None else players
                    if not (0 < count <= seats and low_players <= seats <= high_players and 0 <= leader < seats):
                        check(cards, leader, seats)
                    return plan(cards, leader, seats)
            # add the counts up
            counts = bias
            try:
                for play in cards:
                    counts += packed[play]
            except (KeyError, TypeError):  # text, or plays of another edition
                return unusual(cards, leader, players)
            # (_need, written out)
            if counts & checks or (counts >> unique_at & unique_mask).bit_count() != (
                counts >> unique_count_at & unique_count_mask
            ):
                need = _IMPOSSIBLE
            else:
                need = need_of(counts, cards) if counts & needs else 1
        count = len(cards)
        seats = count if players is None else players
        if not (0 < count <= seats and low_players <= seats <= high_players and 0 <= leader < seats):
            check(cards, leader, seats)
        if need > seats:
            validate(cards, seats)
        if count <= planned:  # a short trick: its pattern's plan, if one was kept
            if key is None:
                key = tuple([play.pattern for play in cards])
            plan = plans_get(key)
            if plan is None:  # seen first: kept as seen, its plan built if it comes back
                if len(plans) >= me.limit:
                    me._restart()
                plans[key] = _SEEN
                fresh, key = key, None  # (unless its plan costs nothing to keep: see below)
            elif plan is not _SEEN:
                return plan(cards, leader, seats)
        else:
            key = None
        low = counts & hot
        if low & alters:
            return altered(cards, leader, seats, counts, low, key)
        # The main rules (see CompiledTricks._decider); index -2: the decider's pick.
        left = low & fields
        index = unknown
        while left:
            how, arg, clear, condition, rule, results, step = picks[(left & -left).bit_length()]
            left &= clear
            if condition is not None:
                read = low & condition[0]
                value = condition[1].get(read)
                if value is None:
                    value = holds(condition, read)
                if not value:
                    continue
            if how == _ROLE_FIRST:
                for index, play in enumerate(cards):  # noqa: B007
                    if play.role_index == arg:
                        break
                break
            if how == _HIGH:
                index = cards.index(arg[2][(counts >> arg[0] & arg[1]).bit_length() - 1])
                break
            if how == _LED_HIGH:
                passed = False
                for play in cards:
                    suit = lead[play]
                    if suit >= 0:
                        break
                    if suit == -1 and (not passed or not pass_on):
                        suit = -1
                        break
                    passed = True
                else:
                    suit = -1
                if suit < 0:
                    continue
                at, mask, at_rank, _ = regions[suit]
                index = cards.index(at_rank[(counts >> at & mask).bit_length() - 1])
                break
            if how == _ANY_FIRST:
                index = 0
                break
            index = -2
            break
        if index == -2:
            index, step = decide(cards, None, counts)
            if step is not None:
                rule, results = step.rule, step.results
        if index < 0:
            if key is not None:
                keep(key, no_winner(fallback_position(count), 0, "", _NO_RULE, most))
            return _new(TrickResult, (None, fallback_seat(count, leader, seats), 0, (), "", _NO_RULE, None, ()))
        winner = (leader + index) % seats
        role = cards[index].role_index + 1
        entries = role_bonuses[role]
        points = 0
        ids: tuple[str, ...] = ()
        if entries is None:
            points, ids = reference_bonuses(cards, [p.role_index for p in cards], index)
        elif low & payable[role]:  # (else nothing pays: no points, no ids)
            if low & static_ids:
                points = counts >> static_at
                if low >> static_ids_at & ones == 1:
                    ids = paying[counts >> static_code_at & static_code_mask]
                else:
                    ids = tuple(own_bonus_ids(cards))
            if low & role_bonus_mask[role]:
                for bonus, value, at in entries:
                    times = low >> at & ones
                    if times:
                        points += value * times
                        ids += (bonus,) * times
            elif not points and not entries:
                ids = ()  # as the reference: no ids when neither pays
        if key is not None and entries is not None:
            keep(key, plan_for(cards, index, step, points, ids, low & allies))
        elif (
            fresh is not None and entries is not None and step.how in first_kept and not (points or ids or low & allies)
        ):
            # a rule that picks a card by its place, paying nothing: the plan is the
            # step's own (nothing to build), kept at the first sight of the pattern
            keep(fresh, plan_for(cards, index, step, 0, (), 0))
        if low & allies:
            alliances: tuple[tuple[int, int], ...] = ()
            for i, play in enumerate(cards):
                if play.allies and i != index:
                    alliances += (((leader + i) % seats, winner),)
            return _new(TrickResult, (winner, winner, points, alliances, rule.id, rule.description, index, ids))
        if points or ids:
            return _new(TrickResult, (winner, winner, points, (), rule.id, rule.description, index, ids))
        return results[index][winner]  # type: ignore[no-any-return]

    return resolve
