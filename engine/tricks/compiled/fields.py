"""What the modules of the compiled resolver share (see :mod:`skullking.tricks.compiled.resolver` for the
design): the numbers of a rule's picks and of the next-leader strategies, the limits and
marks of the resolver, the types of its functions, and the records of the rules and
effects compiled."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from skullking.model.cards import Play
from skullking.model.records import NextLeader, Rule
from skullking.tricks.compiled.plans import Plan
from skullking.tricks.interpreter import TrickResult

_new = tuple.__new__
#: How a rule picks (a step's ``how``): the first card of a role; the highest or
#: lowest card of one suit, from its region; the same of the led suit; the same of
#: several suits, from the rank fields; the first card; any other pick (the last card
#: of a role...), the reference's way.
_ROLE_FIRST, _HIGH, _LOW, _LED_HIGH, _LED_LOW, _RANKS_HIGH, _RANKS_LOW, _ANY_FIRST, _OTHER = range(9)
#: Who leads after a trick an effect leaves without a winner, as numbers.
_STRATEGIES = {strategy: number for number, strategy in enumerate(NextLeader)}
_WITHOUT_EFFECTS = _STRATEGIES[NextLeader.WOULD_HAVE_WON_WITHOUT_EFFECTS]
_WITHOUT_CARD = _STRATEGIES[NextLeader.WOULD_HAVE_WON_WITHOUT_CARD]
_EFFECT_PLAYER = _STRATEGIES[NextLeader.EFFECT_PLAYER]
_LEFT_OF_EFFECT_PLAYER = _STRATEGIES[NextLeader.LEFT_OF_EFFECT_PLAYER]
#: Tricks of at most this many cards keep their pattern's plan (see skullking.tricks.compiled.plans; and
#: every pattern of them is in the plan tables, skullking.tricks.compiled.tables): of 50,000 random
#: tricks of four cards, 86 % of the next 50,000 find their pattern seen before; of five
#: cards 54 %, of six 19 %, of eight 0.5 %. Five-player games of new deals measured
#: 4-15 % slower with plans for five cards than without, over 4,500 games: their
#: patterns (1.9 million tuples) come back too seldom to pay for the plans' building.
PLANNED = 4
_NO_RULE = "no precedence rule finds a winner"
#: More players than any edition seats (see CompiledTricks._need).
_IMPOSSIBLE = 1 << 30
#: What a trick not parsed by an edition knows of itself: nothing.
_NO_FACTS: tuple[object, int, int, tuple[int, ...]] = (None, 0, 0, ())


def union(masks: Iterable[int]) -> int:
    """The bits of ``masks`` together: a mask of the counts is an OR of fields, never a
    sum, which would carry into the next field when two name the same one (two role
    bonuses counting one role)."""
    found = 0
    for mask in masks:
        found |= mask
    return found


def own_bonus_ids(cards: Sequence[Play]) -> list[str]:
    """The ids of the bonuses the cards of a trick pay by themselves (their own
    bonuses, a 14's), in play order: what the counts say only when one card pays."""
    found: list[str] = []
    for play in cards:
        if play.static_bonus_ids:
            found += play.static_bonus_ids
    return found


def _SEEN(cards: Sequence[Play], leader: int, players: int) -> TrickResult:
    """The mark of a pattern seen once, without a plan yet (never called)."""
    raise AssertionError("a pattern seen once has no plan")  # pragma: no cover


#: (mask of the counts read, remembered values, the condition, (name position, field shift), ...)
Condition = tuple[int, dict[int, bool], Any, tuple[tuple[int, int], ...]]
Resolve = Callable[..., TrickResult]
Decide = Callable[[Sequence[Play], "list[int] | None", int], tuple[int, "Step | None"]]
Altered = Callable[[Sequence[Play], int, int, int, int, "tuple[int, ...] | None"], TrickResult]


class Step(NamedTuple):
    """A precedence rule compiled."""

    how: int
    #: _ROLE_FIRST: the role; _HIGH, _LOW: the suit's region; _RANKS_*: the ranks'.
    arg: Any
    #: The rule's field in the counts (all its bits).
    field: int
    condition: Condition | None
    rule: Rule
    #: The results when this rule decides, without bonus nor alliances, by the winning
    #: card's position and the winner's seat (shared: results are immutable).
    results: tuple[tuple[TrickResult, ...], ...]
    #: Highest or lowest, ties to the card played last.
    last: bool
    #: _RANKS_*: the suits of the group.
    suits: tuple[int, ...]
    #: By the winning card's position, the plan of a trick this rule decides without
    #: bonus nor alliances (built when first needed).
    plans: list[Plan | None]


class _Region(NamedTuple):
    """A suit's region of the counts: where it starts, its mask, the play at each bit,
    and the rank of the first bit."""

    at: int
    mask: int
    plays: tuple[Play | None, ...]
    low: int


class _Ranks(NamedTuple):
    """The region of a group of suits by rank: a bit per suit of the group for each
    rank, from the lowest. Where it starts, its mask, the suits of the group, and the
    play at each bit."""

    at: int
    mask: int
    suits: int
    plays: tuple[Play | None, ...]


class _Effect(NamedTuple):
    """A trick-altering effect compiled."""

    destroys: bool
    #: Who leads when nobody wins (_STRATEGIES numbers).
    strategies: tuple[int, ...]
    #: The results when nobody wins, by the next leader's seat.
    nobody: tuple[TrickResult, ...]
    becomes: int
    spares: frozenset[int]
    cancels_alliances: bool
    #: The effect's rules pick by role: they need the plays' roles.
    by_role: bool
    #: The effect's rules read role counts (a condition, a rule of a role).
    reads_roles: bool
    #: The roles (-1: none) whose cards play ``becomes``: (role, its count's field, a
    #: card of it in counts); ``becomes``' card in counts.
    moves: tuple[tuple[int, int, int], ...]
    into: int
    #: The role of every card with this effect (None: they differ).
    own: int | None
    #: The effect's only rule, when it has one, without condition, that picks the best
    #: of numbered cards by rank (decided here, without the decider).
    only: Step | None
