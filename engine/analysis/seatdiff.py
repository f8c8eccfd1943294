"""The rounds two editions have dealt or led by another player
(:func:`seat_differences`): who deals each round of a game of the grid and who leads
its first trick, after the games before it the round grid plays, and a tie-break
round's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from skullking.analysis.roundgrid import RoundGrid, deals_of, deals_with_bids
from skullking.analysis.roundscene import PLAYERS, KeptPasts, Past, Scene, default_rounds, kept_game_so_far
from skullking.analysis.tally import Tally
from skullking.core.errors import SkullKingError
from skullking.model.records import GAME_SEAT_NAMES
from skullking.rounds import bidding
from skullking.rounds.context import GameSoFar

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.language.expr import Expression


def _seat_formulas(edition: Edition) -> tuple[Expression | None, ...]:
    """Who deals and who leads a round's first trick, and a tie-break round's, as the
    edition says (``None``: as the engine works it out)."""
    play = edition.play_rules
    return (play.dealer, play.first_leader, play.extra_round_dealer, play.extra_round_leader)


def _seat_sources(edition: Edition) -> tuple[str | None, ...]:
    """The texts of :func:`_seat_formulas`."""
    return tuple(f.source if f is not None else None for f in _seat_formulas(edition))


def _seats(edition: Edition, number: int, table: Sequence[str], so_far: GameSoFar) -> dict[str, str] | str:
    """Who deals round ``number`` at ``table`` after the game ``so_far`` and who leads
    its first trick under ``edition`` (players' names), or why that is not known."""

    rounds, count = default_rounds(edition), len(table)
    try:
        dealer = bidding.dealer(edition, number=number, players=count, rounds=rounds, so_far=so_far)
        leader = bidding.first_leader(edition, number=number, players=count, rounds=rounds, so_far=so_far)
    except SkullKingError as exc:
        return str(exc)
    return {"dealer": table[dealer], "first_leader": table[leader]}


def seat_differences(a: Edition, b: Edition, *, kept: KeptPasts | None = None) -> dict[str, Any]:
    """Rounds of a game of the grid (three players, each round of both default
    schedules, after the games before it the round grid plays, under each edition's
    default scheme) whose dealer or first leader differ between the editions
    (``checked``, ``differ``, ``examples``: the round, its cards, the game before it and
    each edition's ``dealer`` and ``first_leader``), and a tie-break round of the three
    players and of the first two, level, after each default schedule (``tie_break``
    true; the round before it is not known to it, so it is left out where a formula
    reads that round). A round whose seats only one edition can work out is counted in
    ``only_a``/``only_b`` with the reason. Nothing is played when the editions' seat
    formulas (who deals and leads, in a tie-break round too) are the same and so are
    their tie-break rounds (none, or after as many rounds). The examples are of
    different rounds. ``kept``: the games before, as
    :func:`~skullking.analysis.rounddiff.round_differences` keeps them."""
    tally = Tally(per_kind=1)
    tie_breaks_alike = a.ties == b.ties and (a.ties != "extra_round" or default_rounds(a) == default_rounds(b))
    if _seat_sources(a) == _seat_sources(b) and tie_breaks_alike:
        return tally.as_json()
    schemes = (a.scheme(), b.scheme())
    reads = frozenset().union(*(f.variables for ed in (a, b) for f in _seat_formulas(ed) if f is not None))
    reads &= frozenset(GAME_SEAT_NAMES)
    grid = RoundGrid(a, b, *schemes, deals_with_bids(a, b)) if reads else None
    kept = {} if kept is None else kept  # the games before (see game_so_far), shared with the rounds
    known_pasts = (kept.setdefault(("a", schemes[0].id), {}), kept.setdefault(("b", schemes[1].id), {}))
    for number, cards in deals_of((a, b)):
        pasts: list[Past | None] = list(grid._pasts(number)) if grid is not None else []
        for past in pasts or [None]:
            sides: list[dict[str, str] | str] = []
            for edition, scheme, known in zip((a, b), schemes, known_pasts, strict=True):
                scene = Scene(number, cards, 0, 0, past=past)
                so_far = (
                    kept_game_so_far(edition, scheme, scene, known)
                    if past is not None
                    else GameSoFar.fresh(PLAYERS, number)
                )
                sides.append(so_far if isinstance(so_far, str) else _seats(edition, number, PLAYERS, so_far))
            record = {
                "round": number,
                "cards": cards,
                "tie_break": False,
                "players": list(PLAYERS),
                "game": past.as_json() if past is not None else None,
            }
            _tally_seats(tally, record, sides[0], sides[1])
    previous = {"previous_last_winner", "previous_top_scorer"}
    for table in (PLAYERS, PLAYERS[:2]):
        sides = []
        for edition in (a, b):
            number = default_rounds(edition) + 1
            if edition.ties != "extra_round":
                sides.append(f"edition '{edition.id}' plays no tie-break round (a tie for first is shared)")
            elif reads & previous:
                sides.append("")
            else:
                sides.append(_seats(edition, number, table, GameSoFar.fresh(table, number)))
        if "" in sides:
            continue  # (a formula reads the round before the tie-break: not known here)
        record = {"round": None, "cards": None, "tie_break": True, "players": list(table), "game": None}
        _tally_seats(tally, record, sides[0], sides[1])
    return tally.as_json()


def _tally_seats(tally: Tally, record: dict[str, Any], left: dict[str, str] | str, right: dict[str, str] | str) -> None:
    """Count one round's seats under A (``left``) and B (``right``): a seat dict, or why
    the edition cannot have the round."""
    if isinstance(left, str):
        if not isinstance(right, str) and tally.only_one("b", lambda: left):
            tally.keep_only("b", record, right, left)
        return
    if isinstance(right, str):
        if tally.only_one("a", lambda: right):
            tally.keep_only("a", record, left, right)
        return
    tally.checked += 1
    if left != right and tally.differs((record["tie_break"], record["round"], len(record["players"]))):
        tally.examples.append({**record, "a": left, "b": right})
