"""Trick plans: the outcome of a short trick's *pattern*, kept for the next trick of it.

Which rule decides a trick, which cards it chooses among, who leads when nobody wins,
which role-based bonuses and alliances a winner collects: all of that depends on the
*pattern* of the trick (which roles, suits and effects are where), not on the ranks
of its numbered cards. When :mod:`skullking.tricks.compiled.resolver` resolves a short trick (few
cards: their patterns come back often, where a trick of seven or eight cards almost
never repeats one), it keeps what it found as a small closure, a *plan*, built from
the rule that decided and the cards it chose among; the next trick of that pattern
costs a dictionary look-up and, where the rule picks the highest or lowest card, a
comparison of ranks. Plans are shared between patterns with the same outcome, and
kept per edition (a bounded cache).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from operator import attrgetter, itemgetter
from typing import Any, ParamSpec

from skullking.model.cards import Play
from skullking.model.records import TrickResult

#: A selector: a fixed position, or (positions, +1 for the highest rank / -1 for the
#: lowest); ties go to the card played first.
Selector = int | tuple[tuple[int, ...], int]
Plan = Callable[[Sequence[Play], int, int], TrickResult]

_new = tuple.__new__
PATTERN = attrgetter("pattern")
_RANK = attrgetter("rank")
#: Plans kept per edition before starting afresh (beyond its plan tables, which stay:
#: see skullking.tricks.compiled.tables).
LIMIT = 100_000
#: How each plan was built: its builder's name and arguments (JSON data), by plan, so
#: that a plan table can be stored and built again in another process.
SPECS: dict[Plan, tuple[str, tuple[Any, ...]]] = {}

# Pattern ids are unique across every edition loaded in this process, so a play of
# another edition never finds this edition's plan.
_pattern_ids = itertools.count(1)


def new_pattern_id() -> int:
    """A fresh id for one pattern class of plays (see ``Play.pattern``)."""
    return next(_pattern_ids)


def select(selector: Selector, cards: Sequence[Play]) -> int:
    """The position a selector picks in ``cards``."""
    if isinstance(selector, int):
        return selector
    positions, direction = selector
    best = positions[0]
    rank = cards[best].rank
    for i in positions[1:]:
        other = cards[i].rank
        if (other > rank) if direction > 0 else (other < rank):
            best, rank = i, other
    return best


# ---------------------------------------------------------------------- plans

_P = ParamSpec("_P")


def _recorded(build: Callable[_P, Plan]) -> Callable[_P, Plan]:
    """``build``, each plan built once per arguments (plans are shared between patterns
    with the same outcome: a few hundred closures serve every trick, which keeps them in
    the processor's caches) and recorded in :data:`SPECS`."""

    make: Callable[..., Plan] = build

    @functools.cache
    def recorded(*args: Any) -> Plan:
        plan = make(*args)
        SPECS[plan] = (build.__name__, args)
        return plan

    return functools.wraps(build)(recorded)  # type: ignore[return-value]


def _results(w: int, points: int, ids: tuple[str, ...], rule: str, reason: str, seats: int) -> tuple[TrickResult, ...]:
    """The results of a won trick without alliances, one per winning seat: results are
    immutable, so a plan hands out these shared ones instead of building new ones."""
    return tuple(_new(TrickResult, (s, s, points, (), rule, reason, w, ids, s)) for s in range(seats))


@_recorded
def no_winner(selector: Selector, offset: int, rule: str, reason: str, seats: int) -> Plan:
    """The plan of a trick nobody wins: the next leader is the card ``selector`` picks,
    ``offset`` seats on."""
    results = tuple(_new(TrickResult, (None, s, 0, (), rule, reason, None, (), None)) for s in range(seats))
    if isinstance(selector, int):
        position = selector + offset

        def fixed(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
            return results[(leader + position) % players]

        return fixed

    def ranked(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
        return results[(leader + select(selector, cards) + offset) % players]

    return ranked


@_recorded
def fixed(
    w: int, points: int, ids: tuple[str, ...], loots: tuple[int, ...], rule: str, reason: str, seats: int
) -> Plan:
    """The plan of a trick the card at ``w`` wins, with ``points`` (``ids``) and the
    alliance cards at ``loots``."""
    if not loots:
        results = _results(w, points, ids, rule, reason, seats)

        def plain(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
            return results[(leader + w) % players]

        return plain

    def allied(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
        seat = (leader + w) % players
        alliances = tuple(((leader + i) % players, seat) for i in loots)
        return _new(TrickResult, (seat, seat, points, alliances, rule, reason, w, ids, seat))

    return allied


@_recorded
def ranked(
    selector: tuple[tuple[int, ...], int],
    info: tuple[tuple[int, tuple[int, tuple[str, ...], tuple[int, ...]]], ...],
    rule: str,
    reason: str,
    seats: int,
) -> Plan:
    """The plan of a trick won by the highest (lowest) of the cards at ``selector``'s
    positions; ``info`` gives the points, ids and alliance cards of each."""
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
        w = select(selector, cards)
        points, ids, loots = outcomes[w]
        seat = (leader + w) % players
        alliances = tuple(((leader + i) % players, seat) for i in loots) if loots else ()
        return _new(TrickResult, (seat, seat, points, alliances, rule, reason, w, ids, seat))

    return plan
