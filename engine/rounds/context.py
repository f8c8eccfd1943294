"""The game so far as a round's formulas see it: the previous round's results and the
standings before the round (:class:`GameSoFar`).

An edition's formulas may look across rounds. A seat formula (``play.dealer``,
``play.first_leader``, ``bidding.first_bidder``, a tie-break round's
``scoring.extra_round_dealer`` and ``extra_round_leader``) sees seats of the round's table
(:data:`~skullking.model.records.GAME_SEAT_NAMES`): ``previous_last_winner``,
``previous_top_scorer``, ``first_place``, ``last_place``. A formula about each player
(scoring cases, bidding rules) sees that player's values
(:data:`~skullking.model.records.GAME_PLAYER_NAMES`): ``total``, ``rank``, ``last``,
``deals``, ``previous_points``, ``previous_bid``, ``previous_won``, and every earlier
round the player played, which the aggregates over the earlier rounds (``past_count``
...) read through a hidden name (:data:`~skullking.language.expr.PAST`).

A game played move by move (:class:`skullking.play.game.Game`) and a score sheet (its
rounds in order) give each round the game before it. Round 1 has no round before it:
its values are those of :meth:`GameSoFar.start`, as documented for each name. A round
played alone, out of its game, knows nothing of the rounds before it: a formula that
reads one of these names there raises :class:`~skullking.core.errors.ContextError`
naming what is missing, and so does a sheet's round after one that does not say it
(who won a round given by its tricks won alone, not its whole play).

>>> from skullking.scoring.schemes import RoundScore
>>> made = {"Ann": 1, "Bo": 0, "Cy": 0}
>>> first = RoundScore(number=1, cards=1, bids=made, won=made, points={"Ann": 20, "Bo": 10, "Cy": 10})
>>> so_far = GameSoFar.after(("Ann", "Bo", "Cy"), [first], last_leader="Ann")
>>> so_far.seat_values(("previous_last_winner", "last_place"), "play.first_leader")
{'previous_last_winner': 0, 'last_place': 1}
>>> so_far.player_values(("total", "rank", "last"), "a case")["Bo"]
{'total': 10, 'rank': 2, 'last': 1}
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from skullking.core.errors import ContextError
from skullking.language.expr import PAST, SEAT_SCOPE, SEATS
from skullking.model.records import GAME_PLAYER_NAMES, GAME_SEAT_NAMES

if TYPE_CHECKING:
    from skullking.language.expr import Expression
    from skullking.model.rules import Rules

#: What every player's names are at the start of a game (no round before, nobody ahead):
#: what a formula about each player sees in round 1, and in a round scored on its own
#: (the bots' estimates), but for ``deals``.
START_VALUES: Mapping[str, Any] = {
    "total": 0,
    "rank": 1,
    "last": 0,
    "deals": 0,
    "previous_points": 0,
    "previous_bid": 0,
    "previous_won": 0,
    PAST: (),
}
#: One earlier round as the ``past_`` aggregates read it, in the order of
#: :data:`~skullking.language.expr.PAST_NAMES` (round, cards, bid, won, made, points,
#: bonus); ``made`` is ``None`` where the round's score does not say.
PastRound = tuple[int, int, int, int, int | None, int, int]


class Scored(Protocol):
    """A scored round as the game so far reads it (a
    :class:`~skullking.scoring.schemes.RoundScore`): its number and cards dealt, per
    player the bid (after any change), the tricks won and the points, whether the bid
    was made (``None``: not said) and the capture bonuses' points."""

    @property
    def number(self) -> int: ...

    @property
    def cards(self) -> int: ...

    @property
    def made(self) -> Mapping[str, bool] | None: ...

    @property
    def bonus(self) -> Mapping[str, int] | None: ...

    @property
    def bids(self) -> Mapping[str, int]: ...

    @property
    def won(self) -> Mapping[str, int]: ...

    @property
    def points(self) -> Mapping[str, int]: ...


class GameSoFar(NamedTuple):
    """What round ``number`` of a game, at the table ``players`` (seat order), knows of
    the rounds before it: each seat's ``totals`` before the round, each seat's
    (points, bid, won) in the previous round (``None`` for a seat that sat it out;
    ``previous`` is ``None`` in round 1), and ``last_winner``, the seat that leads on
    after the previous round's last trick (``None`` when that is nobody at this table).
    ``missing`` says why nothing is known (a round played alone), ``last_missing`` why
    ``last_winner`` is not (the previous round's play is not known). ``past`` holds,
    per seat, every earlier round that player played, in order (what the ``past_``
    aggregates read: :data:`PastRound`)."""

    players: tuple[str, ...]
    number: int
    totals: tuple[int, ...]
    previous: tuple[tuple[int, int, int] | None, ...] | None = None
    last_winner: int | None = None
    missing: str = ""
    last_missing: str = ""
    #: ``missing`` because an earlier round of a sheet has problems (already reported).
    reported: bool = False
    past: tuple[tuple[PastRound, ...], ...] = ()

    @classmethod
    def start(cls, players: Sequence[str]) -> GameSoFar:
        """Round 1 of a game: nobody has points, there is no round before."""
        return cls.fresh(players, 1)

    @classmethod
    def fresh(cls, players: Sequence[str], number: int) -> GameSoFar:
        """Round ``number`` taken as a game's start: nobody has points and there is no
        round before it (how rounds scored on their own, out of any game, read the names)."""
        table = tuple(players)
        return cls(table, number, (0,) * len(table))

    @classmethod
    def alone(cls, players: Sequence[str], number: int, why: str, *, reported: bool = False) -> GameSoFar:
        """Round ``number`` without the game before it; ``why`` says so in words, for the
        error of a formula that reads the game."""
        table = tuple(players)
        return cls(table, number, (0,) * len(table), missing=why, reported=reported)

    @classmethod
    def after(
        cls, players: Sequence[str], scores: Sequence[Scored], *, last_leader: str | None, last_missing: str = ""
    ) -> GameSoFar:
        """The round after ``scores`` (every round of the game so far, in order), at the
        table ``players``: ``last_leader`` is who leads on after the last round's last
        trick (its winner, or after a trick nobody won the player the edition has lead
        then; ``None`` for the ghost hand), ``last_missing`` why that is not known."""
        table = tuple(players)
        if not scores:
            return cls.start(table)
        last = scores[-1]
        return cls(
            table,
            len(scores) + 1,
            tuple(sum(score.points.get(p, 0) for score in scores) for p in table),
            tuple((last.points[p], last.bids[p], last.won[p]) if p in last.points else None for p in table),
            table.index(last_leader) if last_leader in table else None,
            last_missing=last_missing,
            past=tuple(tuple(_past_round(score, p) for score in scores if p in score.points) for p in table),
        )

    def seat_values(self, names: Iterable[str], place: str) -> dict[str, Any]:
        """The seats named among ``names`` (the others are left out), for the formula at
        ``place`` (said in an error). Ties go to the earliest seat. For a seat aggregate
        (the hidden name :data:`~skullking.language.expr.SEATS`), each seat's row of
        the player's names about the game so far (:data:`~skullking.language.expr.SEAT_SCOPE`;
        the earlier rounds where :data:`~skullking.language.expr.PAST` is among ``names``).
        Raises :class:`ContextError` when the game so far is not known."""
        found: dict[str, Any] = {name: self._seat(name, place) for name in names if name in GAME_SEAT_NAMES}
        if SEATS in names:  # (a seat aggregate: every player's names, a row a seat)
            # (the earlier rounds only where it reads them: PAST among the names)
            wanted = [name for name in SEAT_SCOPE if name != PAST or PAST in names]
            values = self.player_values(wanted, place)
            found[SEATS] = [[values[player].get(name, ()) for name in SEAT_SCOPE] for player in self.players]
        return found

    def _seat(self, name: str, place: str) -> int:
        self._known(name, place)
        count = len(self.players)
        if name == "previous_last_winner":
            if self.previous is None:
                return (self.number - 1) % count
            if self.last_missing:
                raise ContextError(f"{place} reads {name} ({self._meaning(name)}), but {self.last_missing}")
            return (self.number - 1) % count if self.last_winner is None else self.last_winner
        if name == "previous_top_scorer":
            played = [(values[0], -seat) for seat, values in enumerate(self.previous or ()) if values is not None]
            return -max(played)[1] if played else (self.number - 2) % count
        totals = self.totals
        return totals.index(max(totals) if name == "first_place" else min(totals))

    def player_values(
        self, names: Collection[str], place: str, *, dealer: int | None = None
    ) -> dict[str, dict[str, Any]]:
        """Per player, the values of the names among ``names`` about that player, for
        the formulas at ``place`` (said in an error); ``dealer`` is the seat dealing the
        round (needed for ``deals``). The value of the hidden name
        :data:`~skullking.language.expr.PAST` is the player's earlier rounds (a tuple of
        :data:`PastRound`), every other value a number. Raises :class:`ContextError` when
        the game so far is not known."""
        wanted = [name for name in GAME_PLAYER_NAMES if name in names]
        for name in wanted:
            if name != "deals":
                self._known(name, place)
        if PAST in wanted:
            self._past_known(place)
        totals = self.totals
        lowest, highest = min(totals, default=0), max(totals, default=0)
        out: dict[str, dict[str, Any]] = {}
        past = self.past or ((),) * len(self.players)
        for seat, player in enumerate(self.players):
            total = totals[seat]
            points, bid, won = (self.previous[seat] if self.previous else None) or (0, 0, 0)
            every: dict[str, Any] = {
                "total": total,
                "rank": 1 + sum(other > total for other in totals),
                "last": int(total == lowest < highest),
                "deals": int(seat == dealer),
                "previous_points": points,
                "previous_bid": bid,
                "previous_won": won,
                PAST: past[seat],
            }
            out[player] = {name: every[name] for name in wanted}
        return out

    def _past_known(self, place: str) -> None:
        """Raise :class:`ContextError` when an earlier round's score does not say who
        made the bid (a score given without it)."""
        for rounds in self.past:
            for values in rounds:
                if values[4] is None:
                    raise ContextError(
                        f"{place} reads the rounds before (a past_ aggregate), but round {values[0]}'s score "
                        "does not say whose bids were made"
                    )

    def _known(self, name: str, place: str) -> None:
        if self.missing:
            said = "a past_ aggregate" if name == PAST else name
            message = f"{place} reads {said} ({self._meaning(name)}), but {self.missing}"
            raise ContextError(message, reported=self.reported)

    def _meaning(self, name: str) -> str:
        before = f"round {self.number - 1}"
        if name in ("first_place", "last_place", "total", "rank", "last"):
            return f"the standings before round {self.number}"
        return {
            PAST: f"every round before round {self.number}",
            "previous_last_winner": f"who won {before}'s last trick",
            "previous_top_scorer": f"who scored most in {before}",
            "previous_points": f"each player's points in {before}",
            "previous_bid": f"each player's bid in {before}",
            "previous_won": f"each player's tricks won in {before}",
        }.get(name, name)


class GameSoFarBuilder:
    """The game so far folded round by round, the one way a game played, a score sheet
    read and a comparison's rounds before a scene go through their rounds: each round's
    score added in turn (:meth:`add`) with who leads on after its last trick, and what
    the next round sees of them (:meth:`before`). A round that could not be scored
    (:meth:`lose`) leaves every later round without the game before it."""

    def __init__(self, players: Sequence[str]) -> None:
        #: The game's table (the default table of :meth:`before`).
        self.players = tuple(players)
        #: Every round's score added so far, in order.
        self.scores: list[Scored] = []
        self._last_leader: str | None = None
        self._last_missing = ""
        self._lost = ""

    def add(self, score: Scored, *, last_leader: str | None, last_missing: str = "") -> None:
        """The next round, scored ``score``: ``last_leader`` leads on after its last
        trick (``None`` for the ghost hand), ``last_missing`` says why that is not known."""
        self.scores.append(score)
        self._last_leader, self._last_missing = last_leader, last_missing

    def lose(self, why: str) -> None:
        """A round could not be scored (``why``, already reported): no later round knows
        the game before it."""
        self._lost = self._lost or why

    def before(self, table: Sequence[str] | None = None, number: int | None = None) -> GameSoFar:
        """What the next round, played by ``table`` (default: the game's table), sees of
        the rounds before it; ``number`` is that round's number where a round was lost
        (else it follows from the rounds added)."""
        players = self.players if table is None else table
        if self._lost:
            return GameSoFar.alone(
                players, len(self.scores) + 1 if number is None else number, self._lost, reported=True
            )
        return GameSoFar.after(players, self.scores, last_leader=self._last_leader, last_missing=self._last_missing)


def _past_round(score: Scored, player: str) -> PastRound:
    """``player``'s values in the scored round (who played it) as the ``past_``
    aggregates read them."""
    made = None if score.made is None else int(score.made[player])
    bonus = 0 if score.bonus is None else score.bonus.get(player, 0)
    return (score.number, score.cards, score.bids[player], score.won[player], made, score.points[player], bonus)


def reads(*formulas: Expression | None) -> frozenset[str]:
    """The names about the game so far that ``formulas`` read (seats and players', and
    the seat ``dealer``)."""
    names: frozenset[str] = frozenset()
    for formula in formulas:
        if formula is not None:
            names |= _read(formula)
    return names


_GAME_NAMES = frozenset((*GAME_SEAT_NAMES, *GAME_PLAYER_NAMES, SEATS, "dealer"))


@functools.lru_cache(maxsize=4096)
def _read(formula: Expression) -> frozenset[str]:
    # (kept: a round asks of the same formulas at every bid)
    return formula.variables & _GAME_NAMES


def seats_read(edition: Rules) -> frozenset[str]:
    """The names about the game so far that the edition's seat formulas read (who deals,
    who leads, who bids first, in every round and in a tie-break round)."""
    play = edition.play_rules
    seats = (play.dealer, play.first_leader, play.extra_round_dealer, play.extra_round_leader)
    return reads(*seats, edition.bidding.first_bidder) - {"dealer"}


def rules_read(edition: Rules) -> frozenset[str]:
    """The names about the game so far that the edition's bidding rules read."""
    return reads(*(rule.require for rule in edition.bidding.rules))


def bidding_read(edition: Rules) -> frozenset[str]:
    """The names about the game so far that the edition's bidding reads: its rules, and
    the limits of a bid (``bidding.min``/``max``)."""
    return rules_read(edition) | reads(edition.bidding.min, edition.bidding.max)


def so_far_of(so_far: GameSoFar | None, number: int, players: Sequence[str] | int) -> GameSoFar:
    """``so_far``, or when not given: the start of a game in round 1, and a round played
    alone after it (``players``: the table, or how many sit at it)."""
    if so_far is not None:
        return so_far
    table = tuple(str(seat) for seat in range(players)) if isinstance(players, int) else tuple(players)
    if number == 1:
        return GameSoFar.start(table)
    return GameSoFar.alone(
        table, number, f"round {number} is played alone, without the rounds before it (play it in its game)"
    )
