"""Compiled trick plans: the edition's rules turned into lookup structures.

Which rule decides a trick, which cards it chooses among, who leads when nobody wins,
which role-based bonuses and alliances a winner collects: all of that depends on the
*pattern* of the trick (which roles, suits and effects are where), not on the ranks
of its numbered cards. A :class:`Planner` therefore interprets the rules once per
pattern (with :class:`~skullking.trick.Resolver`, the reference interpreter) and keeps
the outcome as a small closure, a *plan*; a trick then costs a dictionary look-up and,
where the rule picks the highest or lowest card, a comparison of ranks.

Plans are built on first use and kept per edition (a bounded cache). A differential
test checks that plans and the reference interpreter agree on every trick.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any

from .cards import Play
from .errors import IllegalTrickError, NotationError
from .model import EffectKind, NextLeader, Pick
from .trick import Resolver, TrickResult

if TYPE_CHECKING:
    from .edition import Edition

#: A selector: a fixed position, or (positions, +1 for the highest rank / -1 for the
#: lowest); ties go to the card played first.
Selector = int | tuple[tuple[int, ...], int]
Plan = Callable[[Sequence[Play], int, int], TrickResult]

_new = tuple.__new__
PATTERN = attrgetter("pattern")
_RANK = attrgetter("rank")
_LIMIT = 100_000  # plans (and patterns seen once) kept per edition before starting afresh

# Pattern ids are unique across every edition loaded in this process, so a play of
# another edition never finds this edition's plan.
_pattern_ids = itertools.count(1)


def new_pattern_id() -> int:
    """A fresh id for one pattern class of plays (see ``Play.pattern``)."""
    return next(_pattern_ids)


def _select(selector: Selector, cards: Sequence[Play]) -> int:
    if selector.__class__ is int:
        return selector
    positions, direction = selector  # type: ignore[misc]
    best = positions[0]
    rank = cards[best].rank
    for i in positions[1:]:
        other = cards[i].rank
        if (other > rank) if direction > 0 else (other < rank):
            best, rank = i, other
    return best


def _selector(found: list[int], pick: Pick) -> Selector:
    if pick is Pick.FIRST or len(found) == 1:
        return found[0]
    if pick is Pick.LAST:
        return found[-1]
    return (tuple(found), 1 if pick is Pick.HIGHEST else -1)


def _through(selector: Selector, keep: list[int]) -> Selector:
    """A selector over a subset of the trick, mapped back to the trick's positions."""
    if isinstance(selector, int):
        return keep[selector]
    positions, direction = selector
    return (tuple(keep[i] for i in positions), direction)


class Planner:
    """Builds and keeps an edition's trick plans."""

    def __init__(self, edition: Edition, resolver: Resolver) -> None:
        self.edition = edition
        self.resolver = resolver
        self.plans: dict[tuple[int, ...], Plan] = {}
        # Patterns in which one card could stand twice (a suit, or a kind with named
        # copies, repeats): tricks of these are checked for copies on every call.
        self.repeats: set[tuple[int, ...]] = set()
        self.seen: set[tuple[int, ...]] = set()  # patterns met once, without a plan yet
        # Cards from modules used only from some player count on: special card id ->
        # that count, and the patterns holding such cards -> the count they need.
        min_players = {m.id: m.min_players for m in edition.modules}
        self.module_players = {k.id: min_players[k.module] for k in edition.kinds if min_players[k.module] > 1}
        self.seats = edition.max_players
        dynamic = [b for d in resolver.dynamic for b in d]
        # Role-based bonuses are fixed per pattern unless a pattern looks at ranks.
        self.rank_bonuses = any(
            p.ranks is not None for b in dynamic for p in (*b.captured, *([b.winner] if b.winner else []))
        )

    # ------------------------------------------------------------------ entry

    def miss(self, key: tuple[int, ...], cards: Sequence[Play], leader: int, players: int) -> TrickResult:
        """Resolve a trick whose pattern has no plan yet. The first time a pattern is
        seen the rules are interpreted directly; a plan is built the second time, so
        that patterns met once (most tricks of seven or eight cards are unique) do not
        pay for a plan they never use. Raises for cards that are not this edition's,
        undeclared, or more copies than the deck has."""
        plays = self.edition.plays
        for card in cards:
            if plays.get(card.code) is not card:
                raise NotationError(f"'{card.code}' is not a card of edition '{self.edition.id}'", token=card.code)
        self.resolver.check_copies(cards)
        self.resolver.check_declared(cards)
        need = max((self.module_players.get(p.card.kind or "", 1) for p in cards), default=1)
        if need > players:
            self.check_players(cards, players)
        if key not in self.seen:
            if len(self.seen) >= _LIMIT:
                self.seen.clear()
            self.seen.add(key)
            return self.resolver.resolve(cards, leader, players)
        built = self._build(list(cards))
        if need > self.edition.min_players:  # only such patterns pay for the check
            built = _guarded(built, need, self.check_players)
        unique = [p.pattern for p in cards if p.numbered or self.edition.kind(p.card.kind or "").individuals]
        if len(self.plans) >= _LIMIT:
            self.plans.clear()
            self.repeats.clear()
        self.plans[key] = built
        if len(unique) != len(set(unique)):
            self.repeats.add(key)
        return built(cards, leader, players)

    def check_players(self, cards: Sequence[Play], players: int) -> None:
        """Raise for a card whose module is not used with ``players`` players."""
        for card in cards:
            need = self.module_players.get(card.card.kind or "", 1)
            if need > players:
                kind = self.edition.kind(card.card.kind or "")
                raise IllegalTrickError(
                    f"'{card.code}' is not used with {players} players (module '{kind.module}' is used from {need})"
                )

    # ------------------------------------------------------------------ building

    def _outcome(self, cards: list[Play]) -> tuple[Any, ...]:
        """(winner selector or None, rule id, reason, effective roles, alliances kept,
        effect) of a trick, interpreted symbolically."""
        r = self.resolver
        roles = [p.role_index for p in cards]
        altering = [i for i, p in enumerate(cards) if p.alters]
        if not altering:
            rule, found, pick = r.candidates(r.main, cards, roles)
            if rule is None:
                return None, "", "no precedence rule finds a winner", roles, True, None, None
            return _selector(found, pick), rule.id, rule.description, roles, True, None, None
        active, effect = r.active_effect(cards, roles)
        if effect.kind is EffectKind.DESTROY_TRICK:
            return None, effect.id, effect.description, roles, False, effect, active
        roles = r.neutralized(effect.slot, cards, roles, active)
        rule, found, pick = r.candidates(r.effect_rules[effect.slot], cards, roles)
        if rule is None:
            reason = f"{effect.description}; no card wins, the trick is discarded"
            return None, effect.id, reason, roles, False, effect, active
        return _selector(found, pick), rule.id, rule.description, roles, not effect.cancels_alliances, effect, active

    def _winner_selector(self, cards: list[Play], keep: list[int]) -> Selector | None:
        if not keep:
            return None
        selector = self._outcome([cards[i] for i in keep])[0]
        return None if selector is None else _through(selector, keep)

    def _next_leader(self, cards: list[Play], effect: Any, active: int) -> tuple[Selector, int]:
        for strategy in effect.next_leader:
            if strategy is NextLeader.WOULD_HAVE_WON_WITHOUT_EFFECTS:
                selector = self._winner_selector(cards, [i for i, p in enumerate(cards) if not p.alters])
            elif strategy is NextLeader.WOULD_HAVE_WON_WITHOUT_CARD:
                selector = self._winner_selector(cards, [i for i in range(len(cards)) if i != active])
            elif strategy is NextLeader.EFFECT_PLAYER:
                return active, 0
            elif strategy is NextLeader.LEFT_OF_EFFECT_PLAYER:
                return active, 1
            else:
                return 0, 0
            if selector is not None:
                return selector, 0
        return self.resolver.fallback_position(len(cards)), 0

    def _build(self, cards: list[Play]) -> Plan:
        winner, rule, reason, roles, allies, effect, active = self._outcome(cards)
        if winner is None:
            fallback = (self.resolver.fallback_position(len(cards)), 0)
            selector, offset = fallback if effect is None else self._next_leader(cards, effect, active)
            return _no_winner(selector, offset, rule, reason, self.seats)
        positions = [winner] if isinstance(winner, int) else list(winner[0])
        info = {}
        for w in positions:
            loots = tuple(i for i, p in enumerate(cards) if p.allies and i != w) if allies else ()
            points, ids = self.resolver.bonuses(cards, roles, w)  # the 14s are in the pattern too
            info[w] = (points, ids, loots)
        if self.rank_bonuses:
            return _with_runtime_bonus(winner, info, rule, reason, self.resolver, tuple(roles))
        if isinstance(winner, int):
            return _fixed(winner, *info[winner], rule, reason, self.seats)
        return _ranked(winner, tuple(sorted(info.items())), rule, reason, self.seats)


# ---------------------------------------------------------------------- plans


def _results(w: int, points: int, ids: tuple[str, ...], rule: str, reason: str, seats: int) -> tuple[TrickResult, ...]:
    """The results of a won trick without alliances, one per winning seat: results are
    immutable, so a plan hands out these shared ones instead of building new ones."""
    return tuple(_new(TrickResult, (s, s, points, (), rule, reason, w, ids)) for s in range(seats))


def _guarded(plan: Plan, need: int, check: Callable[[Sequence[Play], int], None]) -> Plan:
    """A plan for a pattern holding cards used only from ``need`` players on."""

    def guarded(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
        if players < need:
            check(cards, players)
        return plan(cards, leader, players)

    return guarded


@functools.cache
def _no_winner(selector: Selector, offset: int, rule: str, reason: str, seats: int) -> Plan:
    results = tuple(_new(TrickResult, (None, s, 0, (), rule, reason, None, ())) for s in range(seats))
    if isinstance(selector, int):
        position = selector + offset

        def fixed(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
            return results[(leader + position) % players]

        return fixed

    def ranked(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
        return results[(leader + _select(selector, cards) + offset) % players]

    return ranked


@functools.cache
def _fixed(
    w: int, points: int, ids: tuple[str, ...], loots: tuple[int, ...], rule: str, reason: str, seats: int
) -> Plan:
    # Plans are shared between patterns with the same outcome (functools.cache): a few
    # hundred closures serve every trick, which keeps them in the processor's caches.
    if not loots:
        results = _results(w, points, ids, rule, reason, seats)

        def plain(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
            return results[(leader + w) % players]

        return plain

    def allied(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
        seat = (leader + w) % players
        alliances = tuple(((leader + i) % players, seat) for i in loots)
        return _new(TrickResult, (seat, seat, points, alliances, rule, reason, w, ids))

    return allied


@functools.cache
def _ranked(
    selector: tuple[tuple[int, ...], int],
    info: tuple[tuple[int, tuple[int, tuple[str, ...], tuple[int, ...]]], ...],
    rule: str,
    reason: str,
    seats: int,
) -> Plan:
    positions, direction = selector
    outcomes = dict(info)
    if all(not outcomes[p][2] for p in positions):
        tables = {p: _results(p, outcomes[p][0], outcomes[p][1], rule, reason, seats) for p in positions}
        if len(positions) == 2:  # the common case, written out
            a, b = positions
            table_a, table_b = tables[a], tables[b]
            if direction > 0:

                def highest_of_two(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
                    if cards[a].rank >= cards[b].rank:
                        return table_a[(leader + a) % players]
                    return table_b[(leader + b) % players]

                return highest_of_two

        take = itemgetter(*positions)
        best = max if direction > 0 else min

        def quiet(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
            ranks = [*map(_RANK, take(cards))]
            w = positions[ranks.index(best(ranks))]  # ties: the card played first
            return tables[w][(leader + w) % players]

        return quiet

    def plan(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
        w = _select(selector, cards)
        points, ids, loots = outcomes[w]
        seat = (leader + w) % players
        alliances = tuple(((leader + i) % players, seat) for i in loots) if loots else ()
        return _new(TrickResult, (seat, seat, points, alliances, rule, reason, w, ids))

    return plan


def _with_runtime_bonus(
    selector: Selector,
    info: dict[int, tuple[int, tuple[str, ...], tuple[int, ...]]],
    rule: str,
    reason: str,
    resolver: Resolver,
    roles: tuple[int, ...],
) -> Plan:
    """A plan for editions whose role bonuses also look at ranks: bonuses per trick."""

    def plan(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
        w = _select(selector, cards)
        _, _, loots = info[w]
        seat = (leader + w) % players
        bonus, captured = resolver.bonuses(cards, list(roles), w)
        alliances = tuple(((leader + i) % players, seat) for i in loots) if loots else ()
        return _new(TrickResult, (seat, seat, bonus, alliances, rule, reason, w, captured))

    return plan
