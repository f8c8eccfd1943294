"""The rounds two editions score differently (:func:`round_differences`): the grid of
rounds (:class:`~skullking.analysis.roundgrid.RoundGrid`) scored by each edition's own
scheme, bonus points, alliance points, wager and bid-change values and loads
(:meth:`skullking.scoring.schemes.Scorer.points`, as a score sheet is, in the
edition's default schedule). A round one edition refuses (a bonus, wager, bid change,
load, alliance or card it does not have, a bid its bidding rules refuse) is counted in
``only_a``/``only_b`` with the reason. Each example gives the round's whole context
(:func:`_example`).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from skullking.analysis.roundgrid import RoundGrid, deals_with_bids
from skullking.analysis.roundscene import PLAYERS, KeptPasts, Refusals, Scene, default_rounds, game_so_far, score_scene
from skullking.analysis.tally import Tally, grid_json, spread_sample
from skullking.core import limits
from skullking.model.records import fixed
from skullking.rounds.context import GameSoFar
from skullking.scoring.schemes import scorer

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.records import Scheme


def scheme_pairs(a: Edition, b: Edition) -> list[tuple[Scheme, Scheme]]:
    """The schemes scored side by side: the default ones, and each scheme id both have."""
    pairs = [(a.scheme(), b.scheme())]
    theirs = {s.id: s for s in b.schemes}
    pairs += [
        (s, theirs[s.id]) for s in a.schemes if s.id in theirs and (s.id, s.id) != (a.default_scheme, b.default_scheme)
    ]
    return pairs


def _example(
    scene: Scene, schemes: tuple[Scheme, Scheme], editions: tuple[Edition, Edition], side: str
) -> dict[str, Any]:
    """A round as the report shows it, with its whole context: ``bonus`` and
    ``alliance`` give what the edition of ``side`` pays for the capture and for the
    alliance (when both allies make their bids); ``rounds`` and ``last_round`` what each
    edition's default schedule makes of the round, ``played_counts`` what each counts
    of P1's cards played (its ``played_`` names; ``None`` where it lacks a card), and
    ``totals`` each player's points before the round in each (``None`` without a game
    before, or where the edition cannot have it)."""

    # (the rules of the scene's round: a bonus or an alliance may pay what the round says)
    edition = editions[0 if side == "a" else 1].at_start(scene.number, len(PLAYERS), cards=scene.cards)
    points = {bonus.id: fixed(bonus.points) for bonus in edition.bonuses}
    counts: dict[str, dict[str, int] | None] = {}
    totals: dict[str, dict[str, int] | None] = {}
    for key, ed, scheme in zip(("a", "b"), editions, schemes, strict=True):
        known = all(code in ed.plays for code in scene.played)
        counts[key] = scorer(ed, scheme).counts(ed.plays[c] for c in scene.played) if known else None
        so_far = game_so_far(ed, scheme, scene.number, scene.past) if scene.past else None
        totals[key] = dict(zip(PLAYERS, so_far.totals, strict=True)) if isinstance(so_far, GameSoFar) else None
    return {
        "scheme": {"a": schemes[0].id, "b": schemes[1].id},
        **scene.as_json(),
        "bonus": points.get(scene.captured, 0) if scene.captured else 0,
        "alliance": edition.alliance_points() if scene.ally else 0,
        "rounds": {key: default_rounds(ed) for key, ed in zip(("a", "b"), editions, strict=True)},
        "last_round": {
            key: int(scene.number == default_rounds(ed)) for key, ed in zip(("a", "b"), editions, strict=True)
        },
        "played_counts": counts,
        "totals": totals,
    }


#: The fields of a scene, in the order they are named as what makes a round's kind.
_KINDS = ("captured", "ally", "wager", "change", "third_bid", "played", "past")


def round_differences(
    a: Edition, b: Edition, *, seed: int = 2021, most: int | None = None, kept: KeptPasts | None = None
) -> dict[str, Any]:
    """Rounds of the grid (see :func:`~skullking.analysis.roundgrid.scenes`) whose points
    differ between the editions (``checked``, ``differ``, ``examples``; each example's
    ``a`` and ``b`` are the scored player's points), and rounds only one of them can have
    (``only_a``, ``only_b``, with examples giving the points there and why the other
    refuses). Past
    ``most`` rounds (:data:`~skullking.core.limits.MAX_DIFF_ROUNDS` by default), that many
    spread over the grid, seeded by ``seed`` (``grid`` says how many of how many).
    ``kept`` keeps the games before the rounds, per side and scheme, for another
    comparison after the same games
    (:func:`~skullking.analysis.seatdiff.seat_differences`)."""

    most = limits.MAX_DIFF_ROUNDS if most is None else most  # (read when called: a limit may be set at run time)
    tally = Tally(per_kind=3)
    editions = (a, b)

    def only_one(side: str, scene: Scene, schemes: tuple[Scheme, Scheme], points: int, why: str) -> None:
        if tally.only_one(side, lambda: why):  # one example per side and reason
            tally.keep_only(side, _example(scene, schemes, editions, side), points, why)

    pairs = scheme_pairs(a, b)
    deals = deals_with_bids(a, b)
    grids = [RoundGrid(a, b, *schemes, deals) for schemes in pairs]
    size = sum(len(grid) for grid in grids)
    played: list[Iterable[Scene]] = list(grids)
    if size > most:
        picked: list[list[Scene]] = [[] for _ in grids]
        ends = list(itertools.accumulate(len(grid) for grid in grids))
        for index in spread_sample(size, most, seed):
            k = bisect.bisect_right(ends, index)
            picked[k].append(grids[k][index - (ends[k - 1] if k else 0)])
        played = list(picked)
    refusals_a: Refusals = {}
    refusals_b: Refusals = {}
    kept = {} if kept is None else kept
    for schemes, rounds in zip(pairs, played, strict=True):
        left_scheme, right_scheme = schemes
        memo_a: dict[Scene, int] = {}
        memo_b: dict[Scene, int] = {}
        pasts_a = kept.setdefault(("a", left_scheme.id), {})
        pasts_b = kept.setdefault(("b", right_scheme.id), {})
        for scene in rounds:
            left = score_scene(a, left_scheme, scene, memo_a, refusals_a, pasts=pasts_a)
            right = score_scene(b, right_scheme, scene, memo_b, refusals_b, pasts=pasts_b)
            if isinstance(left, str):
                if not isinstance(right, str):
                    only_one("b", scene, schemes, right, left)
                continue
            if isinstance(right, str):
                only_one("a", scene, schemes, left, right)
                continue
            tally.checked += 1
            if left == right:
                continue
            what = next((k for k in _KINDS if getattr(scene, k)), "")
            if tally.differs((left_scheme.id, right_scheme.id, what)):  # three examples per kind of round
                tally.examples.append({**_example(scene, schemes, editions, "a"), "a": left, "b": right})
    return {
        **tally.as_json(),
        "schemes": [{"a": left.id, "b": right.id} for left, right in pairs],
        "grid": grid_json(size, most),
    }
