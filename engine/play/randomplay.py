"""Random play: :func:`play_randomly` (a simulation's player) and :class:`RandomChoices`,
the chooser it plays a round out with.

The round offers each move's legal options (:meth:`skullking.play.round.Round.play_out`);
the chooser draws one with ``random.Random``'s own methods, one draw a move, so a seed
gives the same game: ``rng.choice`` of the legal bids (over a whole range, the draw
``rng.randint`` makes over it), of the loads, of the legal plays and of a decision's
options, and ``rng.sample`` of an exchange's hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from skullking.model.records import EXCHANGE

if TYPE_CHECKING:
    import random

    from skullking.model.cards import Play
    from skullking.play.round import Decision, Round


class RandomChoices:
    """A :class:`~skullking.play.round.Chooser` that picks every move at random among the
    legal ones, drawing from ``rng`` (see the module's description)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._choice = rng.choice

    def bid(self, player: str, options: Sequence[int]) -> int:
        return self._choice(options)

    def load(self, player: str, options: Sequence[str]) -> str:
        return self._choice(options)

    def play(self, player: str, options: Sequence[Play]) -> Play:
        return self._choice(options)

    def decide(self, decision: Decision) -> Any:
        if decision.kind == EXCHANGE:  # (the options are the hand's plays)
            return self.rng.sample(decision.options, decision.number)
        return self.rng.choice(decision.options)


def play_randomly(round_: Round, rng: random.Random) -> None:
    """Make every move left in ``round_`` at random, among the legal ones: the missing
    bids and loads, the plays, and each decision the abilities ask for (a simulation's
    player). Each move is one draw from ``rng`` (see the module's description), so the
    same generator plays the same round."""
    round_.play_out(RandomChoices(rng))
