"""The values a scheme's names can take: every combination of values of the names some
formulas read, over a set of rounds, keeping what ties them.

A formula of a scheme reads names (``bid``, ``won``, ``cards``, ``round`` ...), and in a
game each takes only some values, some tied to others: ``bid`` within the round's bid
range, ``won`` 0 to the cards dealt, ``total_bids`` the player's bid and the others'
within the range, ``bids_before`` what the bidders before can have bid, ``bonus`` what
the bonuses can add up to in the tricks won, the game so far that of a game's start in
round 1. A :class:`Search` lists every combination of values of some names (the
others left out), as a :class:`Values` gives them: its rounds (the table, the cards
dealt, the round's number and the schedule's length, the bid range) and the values of
the names no round fixes (the bonuses' sums, the alliance points, the wagers, the game
so far). A scheme's loads are none or one of them chosen, and ``made`` 0 or 1 whatever
the bid and tricks (more combinations than there are: what is true of all of them is
true of every game).

Two callers give the values: ``validate``'s analysis of the formulas gives every round
an edition's games can play and every value of the others
(:class:`skullking.analysis.formulas.Domain`: every combination, or a claim of
nothing), and :func:`skullking.scoring.paid.when_paid` a few rounds and values for a
scheme alone (a sample, quick enough to ask on every ``trick``).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from skullking.language.expr import PAST
from skullking.model.records import GAME_PLAYER_NAMES

#: The names about the round, the same for every player.
_ROUND_NAMES = frozenset({"cards", "round", "players", "rounds", "last_round"})
#: The names whose values cannot be bounded (points so far, the earlier rounds).
_UNBOUNDED = frozenset({"total", "previous_points", PAST})
_BIDS = frozenset({"bid", "total_bids", "position", "bids_before"})
_KNOWN = _ROUND_NAMES | _BIDS | {"won", "made", "bonus", "alliance", "wager"} | frozenset(GAME_PLAYER_NAMES)

State = dict[str, int]


class Round(NamedTuple):
    """A round some game plays, as the formulas see it: the table, the cards dealt, its
    number in a schedule of ``rounds``, its bid range (``low`` to ``high``)."""

    players: int
    cards: int
    number: int
    rounds: int
    low: int
    high: int
    tie_break: bool


class Values:
    """Where the values of a scheme's names come from: the ``rounds`` (each round's
    names, its bid range and the tricks that can be won in it), the ``alliance`` points
    and the ``wagers`` a player can have, the sums of the bonuses
    (:meth:`bonus_sums`) and the game so far (:meth:`game_values`), for a
    :class:`Search` to list. ``more_rounds``:
    whether rounds past these can be played (then ``round`` cannot be bounded);
    ``own_ranges``: whether each player's bid range follows the game so far (then the
    bids' values are those of a game's start alone)."""

    def __init__(
        self,
        rounds: list[Round],
        *,
        alliance: tuple[int, ...],
        wagers: tuple[int, ...],
        more_rounds: bool = False,
        own_ranges: bool = False,
    ) -> None:
        self.rounds = rounds
        self.alliance = alliance
        self.wagers = wagers
        #: Whether rounds past the first tie-break round can be played (a tie again).
        self.more_rounds = more_rounds
        #: Whether each player's range of a bid follows the game so far (the bids'
        #: values are then those of a game's start alone: not every one).
        self.own_ranges = own_ranges
        self.low = min((r.low for r in self.rounds), default=0)
        self.high = max((r.high for r in self.rounds), default=0)
        self.cards = max((r.cards for r in self.rounds), default=0)

    def bonus_sums(self, won: int) -> tuple[int, ...]:
        """Every value ``bonus`` can take with ``won`` tricks won."""
        raise NotImplementedError

    def bonus(self, r: Round, state: State) -> Iterator[None]:
        """``bonus``: every sum the bonuses can make in the tricks won."""
        for value in self.bonus_sums(state["won"]):
            state["bonus"] = value
            yield

    def game(self, names: Sequence[str], r: Round, state: State) -> Iterator[None]:
        """The names about the game so far (see :meth:`game_values`)."""
        for combination in itertools.product(*self.game_values(names, r)):
            state.update(zip(names, combination, strict=True))
            yield

    def game_values(self, names: Sequence[str], r: Round) -> list[Sequence[Any]]:
        """The values of each of ``names`` about the game so far in round ``r``: a game's
        start in round 1, else every value each can take (0 alone for the points so
        far, and no round for the earlier rounds, which cannot be bounded)."""
        if r.number == 1 and not r.tie_break:
            values: dict[str, Sequence[Any]] = dict.fromkeys(names, (0,))
            values["rank"] = (1,)
            values["deals"] = (0, 1)
            values[PAST] = ((),)
        else:
            values = {
                PAST: ((),),
                "total": (0,),
                "previous_points": (0,),
                "rank": range(1, r.players + 1),
                "last": (0, 1),
                "deals": (0, 1),
                "previous_bid": range(min(self.low, 0), self.high + 1),
                "previous_won": range(self.cards + 1),
            }
        return [values[n] for n in names]


class Search:
    """Every combination of values of ``names`` (as ``values`` gives them), as one
    :data:`State` mapping reused from one to the next (read it before the next).
    ``complete`` says whether they are every one the names can take: not with a name
    that cannot be bounded, nor with more than ``most`` of them (counted first,
    :meth:`size`: none is then listed)."""

    def __init__(self, values: Values, names: Iterable[str], loads: Sequence[str] = (), *, most: int) -> None:
        self.values = values
        self.names = frozenset(names)
        self.most = most
        self.loads = tuple(load for load in loads if load in self.names)
        unknown = {n for n in self.names - _KNOWN - set(self.loads) if not n.startswith("played_")}
        self.complete = not (
            unknown
            or self.names & _UNBOUNDED
            or ("round" in self.names and values.more_rounds)
            or (self.names & {*_BIDS, "previous_bid"} and values.own_ranges)
        )
        need = self.names
        #: Whether the names tell rounds apart by their players, cards, number, rounds,
        #: last round and bid range.
        self._tells = (
            bool(need & {"players", "total_bids", "position", "bids_before", "rank"}),
            bool(need & {"cards", "won", "bonus"}) or any(n.startswith("played_") for n in need),
            "round" in need,
            "rounds" in need,
            "last_round" in need,
            bool(need & _BIDS),
        )

    def __iter__(self) -> Iterator[State]:
        if self.size() > self.most:
            self.complete = False
            return
        yield from self._states()

    def size(self) -> int:
        """How many combinations there are (counted, not listed)."""
        need, values = self.names, self.values
        played = sum(1 for n in need if n.startswith("played_"))
        alike = len(values.alliance) if "alliance" in need else 1
        alike *= len(values.wagers) if "wager" in need else 1
        alike *= 2 if "made" in need else 1
        alike *= len(self.loads) + 1 if self.loads else 1
        game = [n for n in GAME_PLAYER_NAMES if n in need]
        total = 0
        for r in self._rounds():
            count = alike * (r.cards + 1) ** played * math.prod(len(v) for v in values.game_values(game, r))
            if need & _BIDS:
                span = r.high - r.low  # (a sum of k bids takes k * span + 1 values)
                if need & {"position", "bids_before"}:
                    others = "total_bids" in need
                    count *= sum(
                        (p * span + 1) * ((r.players - 1 - p) * span + 1 if others else 1) for p in range(r.players)
                    )
                elif "total_bids" in need:
                    count *= (r.players - 1) * span + 1
                count *= span + 1
            if "bonus" in need:
                count *= sum(len(values.bonus_sums(won)) for won in range(r.cards + 1))
            elif "won" in need:
                count *= r.cards + 1
            total += count
        return total

    def _states(self) -> Iterator[State]:
        need = self.names
        levels: list[Callable[[Round, State], Iterator[None]]] = []
        if need & _BIDS:
            levels.append(_bid)
        if need & {"position", "bids_before"}:
            levels.append(_turn)
        if "total_bids" in need:
            levels.append(_total)
        if need & {"won", "bonus"}:
            levels.append(_won)
        if "bonus" in need:
            levels.append(self.values.bonus)
        played = sorted(n for n in need if n.startswith("played_"))
        independent: list[tuple[str, Sequence[int]]] = []
        if "alliance" in need:
            independent.append(("alliance", self.values.alliance))
        if "wager" in need:
            independent.append(("wager", self.values.wagers))
        if "made" in need:  # (both, whatever the bid and tricks: every real pair among them)
            independent.append(("made", (0, 1)))
        if self.loads:
            levels.append(self._load)
        game = [n for n in GAME_PLAYER_NAMES if n in need]
        if game:
            levels.append(functools.partial(self.values.game, game))
        for r in self._rounds():
            state: State = {
                "cards": r.cards,
                "round": r.number,
                "players": r.players,
                "rounds": r.rounds,
                "last_round": int(r.number == r.rounds),
            }
            for _ in _nest(levels, 0, r, state):
                if not (played or independent):
                    yield state
                    continue
                ranges = [range(r.cards + 1)] * len(played) + [values for _, values in independent]
                names = [*played, *(name for name, _ in independent)]
                for values in itertools.product(*ranges):
                    state.update(zip(names, values, strict=True))
                    yield state

    def _rounds(self) -> Iterator[Round]:
        """The rounds, those alike in what the names tell apart once."""
        seen: set[tuple[int, ...]] = set()
        for r in self.values.rounds:
            key = self._key(r)
            if key not in seen:
                seen.add(key)
                yield r

    def _key(self, r: Round) -> tuple[int, ...]:
        """What of round ``r`` the names tell apart (rounds alike in it are tried once)."""
        players, cards, number, rounds, last, bids = self._tells
        return (
            r.players if players else 0,
            r.cards if cards else 0,
            r.number if number else int(r.number == 1 and not r.tie_break),
            r.rounds if rounds else 0,
            int(r.number == r.rounds) if last else 0,
            r.low if bids else 0,
            r.high if bids else 0,
        )

    def _load(self, r: Round, state: State) -> Iterator[None]:
        for chosen in (None, *self.loads):
            for load in self.loads:
                state[load] = int(load == chosen)
            yield


def _nest(levels: Sequence[Callable[[Round, State], Iterator[None]]], i: int, r: Round, state: State) -> Iterator[None]:
    if i == len(levels):
        yield
        return
    for _ in levels[i](r, state):
        yield from _nest(levels, i + 1, r, state)


def _bid(r: Round, state: State) -> Iterator[None]:
    for bid in range(r.low, r.high + 1):
        state["bid"] = bid
        yield


def _turn(r: Round, state: State) -> Iterator[None]:
    """``position`` in the bidding order and ``bids_before``, what the bidders before can bid."""
    for position in range(r.players):
        state["position"] = position
        for before in range(position * r.low, position * r.high + 1):
            state["bids_before"] = before
            yield


def _total(r: Round, state: State) -> Iterator[None]:
    """``total_bids``: the bid, the bids before it, and what the others can bid."""
    if "position" in state:
        others, known = r.players - 1 - state["position"], state["bid"] + state["bids_before"]
    else:
        others, known = r.players - 1, state["bid"]
    for total in range(known + others * r.low, known + others * r.high + 1):
        state["total_bids"] = total
        yield


def _won(r: Round, state: State) -> Iterator[None]:
    for won in range(r.cards + 1):
        state["won"] = won
        yield
