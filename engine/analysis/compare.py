"""What differs between two editions: changed values, then their consequences.

:func:`compare` assembles the ``skullking diff`` report from one module a part:

- the values (:mod:`skullking.analysis.valuediff`): the values that differ (by path,
  list items named by id), the cards only one deck has and the rounds the schedules
  deal differently;
- the tricks (:mod:`skullking.analysis.trickdiff`): every ordered pair and triple of the
  cards of either deck, and a seeded random sample of longer ones, played under both;
- the rounds (:mod:`skullking.analysis.rounddiff`): a grid of rounds
  (:mod:`skullking.analysis.roundgrid`), each scored by each edition's own scheme after
  the game before it (:mod:`skullking.analysis.roundscene`);
- the seats (:mod:`skullking.analysis.seatdiff`): the rounds dealt or led by another
  player, after the same games as the rounds.

Each kind of consequence is counted alike, with varied examples
(:mod:`skullking.analysis.tally`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skullking.analysis.rounddiff import round_differences
from skullking.analysis.seatdiff import seat_differences
from skullking.analysis.trickdiff import trick_differences
from skullking.analysis.valuediff import value_changes

if TYPE_CHECKING:
    from skullking.analysis.roundscene import KeptPasts
    from skullking.edition import Edition


def compare(a: Edition, b: Edition, *, sample: int = 2000, seed: int = 2021, depth: int = 3) -> dict[str, Any]:
    """The full comparison (the ``skullking diff --format json`` record): the values
    (:func:`value_changes`), then the tricks and the rounds that end differently, and
    the rounds dealt or led by another player (:func:`seat_differences`), which play
    after the same games as the rounds (scored once)."""
    kept: KeptPasts = {}
    return {
        **value_changes(a, b),
        "tricks": trick_differences(a, b, sample=sample, seed=seed, depth=depth),
        "rounds": round_differences(a, b, seed=seed, kept=kept),
        "seats": seat_differences(a, b, kept=kept),
    }
