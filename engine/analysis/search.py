"""A search bot: Perfect Information Monte Carlo, as the bridge programs GIB and Kermit play.

For each question with more than one answer (a bid, a load, a play, a declaration
made with a play, any decision an ability asks for), :class:`PimcBot` deals the cards
its seat has not seen again at random, consistently with everything it has seen
(:func:`~skullking.play.views.samples`: the voids, the hand sizes, the ghost's pile,
the exchanges), and plays each deal out from every candidate answer: a copy of the
dealt round (:meth:`~skullking.play.round.Round.copy`, never a replay), the answer
made, then every move left made by heuristic bots
(:class:`~skullking.analysis.bots.HeuristicBot`), its own included. The answer with the
best mean of the seat's own points for the round wins; for a bid that mean is the
bid's expected points. Every candidate meets the same deals (their differences are
not drowned by the luck of the deal), and a tie goes to the answer the heuristic
would give.

    >>> import random, skullking
    >>> from skullking.play.round import Round
    >>> from skullking.analysis.bots import make_bots, play_round
    >>> ed = skullking.load_edition("skullking-2021")
    >>> round_ = Round(ed, ["Ann", "Bo", "Cy"], number=3, seed=3)
    >>> play_round(round_, make_bots(["pimc:4", "heuristic", "heuristic"], round_.players, seed=1))
    >>> round_.phase.value
    'over'

The budget is the deals a question is searched over (``samples``, default
:data:`SAMPLES`), optionally a time in milliseconds of CPU a question may take
(``milliseconds``): then deals are played out one after the other, every candidate
on each, until either runs out (at least one deal always). With a number of deals
only, the bot is deterministic for its random generator's seed; with a time it is
not (a faster machine plays more deals). As a ``--bots`` name (:func:`parse`):
``pimc`` (20 deals), ``pimc:50`` (50 deals), ``pimc:30ms`` (as many deals as 30 ms
allow, at most :data:`MAX_SAMPLES`), ``pimc:50:30ms`` (both).

Candidates: every legal answer, but for a bid the heuristic's own bid, the bids up to
two either side of it and a bid of nothing (the bids far from what a hand can take
never pay, and a bid's search costs a round played out a deal each), and for an
exchange with more than :data:`MAX_CANDIDATES` ways to discard, the sets made of the
weakest and the strongest cards of the hand, by the heuristic's measure of strength
(the heuristic's own set first).

Where it differs from GIB: GIB played each deal out with every hand open (a
double-dummy solver); here each deal is played out by heuristic bots that see only
their own seat of it, so a playout never plays as if it knew a hand (less of PIMC's
strategy fusion), and the others are assumed to play as the heuristic does. The deals
are drawn evenly among those the view allows: what the others' bids say about their
hands is not used to weight them (``samples``' ``weight`` could). It maximises its own
points for the round, not its place in the game, and never plays to hide or to find
out what a hand holds.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from skullking.analysis.bots import HeuristicBot, declarations_of, play_round, strengths
from skullking.core.errors import GameError
from skullking.model.records import EXCHANGE
from skullking.play.views import SeatView, samples

if TYPE_CHECKING:
    from skullking.analysis.bots import Bot
    from skullking.model.cards import Play
    from skullking.play.round import Decision, Round

__all__ = ["MAX_CANDIDATES", "MAX_SAMPLES", "SAMPLES", "PimcBot", "parse"]

_T = TypeVar("_T")

#: Deals a question is searched over, by default.
SAMPLES = 20
#: The most deals a question is searched over under a time budget.
MAX_SAMPLES = 500
#: The most exchanges (sets of cards to discard) searched; beyond, see the module.
MAX_CANDIDATES = 16
#: Bids searched either side of the heuristic's own bid.
BID_SPREAD = 2


class PimcBot:
    """Perfect Information Monte Carlo (see the module's description): ``samples`` deals
    a question, or, given ``milliseconds``, as many of them as that much CPU time
    allows a question (at most ``samples``, at least one)."""

    def __init__(self, rng: random.Random, *, samples: int = SAMPLES, milliseconds: float | None = None) -> None:
        if samples < 1:
            raise GameError(f"a search needs at least one deal a question, not {samples}")
        if milliseconds is not None and milliseconds <= 0:
            raise GameError(f"a search needs some time a question, not {milliseconds} ms")
        self.rng = rng
        self.samples = samples
        self.milliseconds = milliseconds
        # the players of the playouts: the heuristic draws nothing at random, so one
        # serves every seat of every playout
        self._heuristic = HeuristicBot(random.Random(0))

    # -- the questions ----------------------------------------------------

    def bid(self, view: SeatView, options: Sequence[int]) -> int:
        if len(options) == 1:
            return options[0]
        first = self._heuristic.bid(view, options)
        near = [b for b in options if b == 0 or abs(b - first) <= BID_SPREAD]
        candidates = [first, *(b for b in near if b != first)]
        seat = view.seat
        return self._search(view, candidates, lambda r, b: r.bid(seat, b))

    def load(self, view: SeatView, options: Sequence[str]) -> str:
        if len(options) == 1:
            return options[0]
        first = self._heuristic.load(view, options)
        seat = view.seat
        return self._search(view, _first(first, options), lambda r, load: r.load(seat, load))

    def play(self, view: SeatView, options: Sequence[Play]) -> Play:
        if len(options) == 1:
            return options[0]
        first = self._heuristic.play(view, options)
        seat = view.seat
        return self._search(view, _first(first, options), lambda r, play: r.play(seat, play))

    def decide(self, view: SeatView, decision: Decision) -> Any:
        first = self._heuristic.decide(view, decision)
        if decision.kind == EXCHANGE:
            candidates = _exchanges(view, decision, list(first))
        else:
            candidates = _first(first, decision.options)
        if len(candidates) == 1:
            return candidates[0]
        seat = view.seat
        return self._search(view, candidates, lambda r, answer: r.decide(seat, answer))

    # -- the search ---------------------------------------------------------

    def _search(self, view: SeatView, candidates: Sequence[_T], move: Callable[[Round, _T], None]) -> _T:
        """The candidate with the best mean of the seat's points over the deals (the
        first, the heuristic's, on a tie)."""
        seat = view.seat
        players: dict[str, Bot] = dict.fromkeys(view.players, self._heuristic)
        deadline = None if self.milliseconds is None else time.process_time() + self.milliseconds / 1000
        totals = [0.0] * len(candidates)
        deals = samples(view, self.rng, self.samples) if deadline is None else _lazy(view, self.rng, self.samples)
        for dealt in deals:
            for i, candidate in enumerate(candidates):
                totals[i] += _outcome(dealt, seat, candidate, move, players)
            if deadline is not None and time.process_time() >= deadline:
                break
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def _outcome(
    dealt: Round, seat: str, candidate: _T, move: Callable[[Round, _T], None], players: Mapping[str, Bot]
) -> float:
    """The seat's points in a copy of ``dealt`` with ``candidate`` made and the rest
    played out by ``players``."""
    round_ = dealt.copy()
    move(round_, candidate)
    play_round(round_, players)
    return float(round_.score().points[seat])


def _lazy(view: SeatView, rng: random.Random, count: int) -> Iterator[Round]:
    """Up to ``count`` deals, made one at a time (a time budget may stop early)."""
    for _ in range(count):
        yield samples(view, rng, 1)[0]


def _first(first: _T, options: Sequence[_T]) -> list[_T]:
    return [first, *(o for o in options if o != first)]


def _exchanges(view: SeatView, decision: Decision, first: list[Play]) -> list[Any]:
    """The sets of cards an exchange may discard, the heuristic's own (``first``) first:
    every one when there are at most :data:`MAX_CANDIDATES`, else those made of the
    weakest and the strongest cards of the hand (by their strength, as the heuristic
    measures it), at most :data:`MAX_CANDIDATES` of them."""
    hand, number = list(decision.options), decision.number
    every = list(itertools.combinations(range(len(hand)), number))
    if len(every) > MAX_CANDIDATES:
        table = strengths(view.edition, view.modules, len(view.seats))
        power = [max(table.get(p.code, 0.0) for p in declarations_of(view.edition, play)) for play in hand]
        ranked = sorted(range(len(hand)), key=lambda i: power[i])
        ends = sorted({*ranked[: number + 1], *ranked[-(number + 1) :]})
        every = list(itertools.combinations(ends, number))[:MAX_CANDIDATES]
    out: list[Any] = [first]
    for picks in every:
        cards = [hand[i] for i in picks]
        if sorted(p.code for p in cards) != sorted(p.code for p in first):
            out.append(cards)
    return out


def parse(spec: str) -> Callable[[random.Random], PimcBot]:
    """The maker of a PIMC bot from the options of its ``--bots`` name after ``pimc:``
    (see the module's description): ``20`` deals a question, ``30ms`` of CPU, or both
    (``20:30ms``). Raises :class:`ValueError` saying what is wrong."""
    deals: int | None = None
    ms: float | None = None
    for part in spec.split(":"):
        text = part.strip()
        try:
            if text.endswith("ms"):
                if ms is not None:
                    raise ValueError
                ms = float(text[:-2])
                if not ms > 0:
                    raise ValueError
            else:
                if deals is not None:
                    raise ValueError
                deals = int(text)
                if deals < 1:
                    raise ValueError
        except ValueError:
            raise ValueError(
                f"'pimc:{spec}': give the deals a question (pimc:20), the milliseconds a question "
                "(pimc:30ms) or both (pimc:20:30ms)"
            ) from None
    samples_ = deals if deals is not None else SAMPLES if ms is None else MAX_SAMPLES

    def make(rng: random.Random) -> PimcBot:
        return PimcBot(rng, samples=samples_, milliseconds=ms)

    return make
