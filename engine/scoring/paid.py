"""When a scheme pays a name of its cases (``bonus``, the capture bonuses; ``alliance``,
the alliance points): worked out from the scheme's compiled cases, so that ``trick``
and ``explain`` say it as the rules in force have it, not as one edition does.

A case pays a name where its ``points`` formula reads it and gives other points without
it. Which case gives a result's points is the first whose ``when`` holds, so whether a
result pays the name is asked of the compiled cases over a sample of the values the
scheme's names can take, listed as :mod:`skullking.scoring.values` lists an edition's
every value for ``validate`` (bids and tricks won for several hands at a few tables and
rounds, kept tied as play ties them; the other names the conditions read at a few values
each and at the numbers written in them, and one either side), each result on the side of
a made bid or of a missed one, as the scheme's ``made`` says. A side pays the name in
every result, in none, or in some, as the cases that pay there say. A name only the
points read is left out (0, as a formula reads a name left out), but for the round's
names, which the sample's rounds give. The adjustments change whichever case's points;
they do not decide whether the name is in them.

>>> import skullking
>>> edition = skullking.load_edition("skullking-2021")
>>> when_paid(edition.scheme(), "bonus").words()
'if the bid holds'
>>> when_paid(edition.scheme("rascal"), "bonus").words()
'if the bid holds, and if it is missed as case `glancing-blow` says'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.core.errors import FormulaError
from skullking.language.expr import PAST
from skullking.model.records import Case, Scheme
from skullking.scoring.schemes import deciding_case
from skullking.scoring.values import Round, Search, Values

if TYPE_CHECKING:
    from skullking.language.expr import Expression

#: The hands the sample deals (cards per player), a bid and tricks won of each.
_HANDS = (1, 2, 3, 5, 10)
_FLAGS = (0, 1)
#: The values a name the conditions read takes, besides the numbers written in them
#: (a flag takes 0 and 1 only; a name not listed, _OTHER); the sample's rounds are each
#: hand at each of the values of players, round and rounds (and, where the conditions read
#: last_round, at each round's number as the schedule's length: the last round and not).
_VALUES: dict[str, tuple[int, ...]] = {
    "round": (1, 2, 10),
    "players": (2, 4, 8),
    "rounds": (10,),
    "last_round": _FLAGS,
    "last": _FLAGS,
    "deals": _FLAGS,
    "rank": (1, 2),
    "bonus": (10, 20, 40),
    "alliance": (10, 20),
}
_OTHER = (0, 1, 2, 10)
#: The most results asked; past it the sides are not worked out (see Paid.known).
_MOST = 200_000


class Side(NamedTuple):
    """What one side of the results (a made bid, a missed one) pays of a name."""

    #: Every result of the side pays it (and the side has results).
    every: bool
    #: The ids of the cases that pay it on this side, in the scheme's order.
    cases: tuple[str, ...]


class Paid(NamedTuple):
    """When a scheme pays a name: on a made bid, on a missed one (see :func:`when_paid`)."""

    made: Side
    missed: Side
    #: False when the sample could not be asked (a condition aggregates over the table, or
    #: reads too many names): then only ``cases``, which read the name, are known.
    known: bool
    #: The ids of every case whose points read the name.
    cases: tuple[str, ...]

    def words(self, *, verb: str = "if", holds: str = "holds", paid: str = "") -> str:
        """When the name is paid, in words: ``if the bid holds``, ``whatever the bid``,
        ``if the bid holds, and if it is missed as case `missed` says``, ``as cases
        `a` and `b` say``, or ``not paid by the scoring``. ``verb`` and ``holds`` word
        a made bid (``when`` the bid ``is made``); ``paid`` comes first (``paid ``),
        unless it is not paid."""
        said = self._said(verb, holds)
        return said if said == _UNPAID else paid + said

    def _said(self, verb: str, holds: str) -> str:
        if not self.cases:
            return _UNPAID
        if not self.known:
            return f"as {cases_say(self.cases)}"
        made, missed = self.made, self.missed
        if made.every and missed.every:
            return "whatever the bid"
        said = []
        if made.every or made.cases:
            said.append((f"{verb} the bid {holds}", made))
        if missed.every or missed.cases:
            said.append((f"{verb} the bid is missed" if not said else f"{verb} it is missed", missed))
        if not said:
            return _UNPAID
        if len(said) == 2 and not made.every and missed.every:  # the side paid always first
            said = [(f"{verb} the bid is missed", missed), (f"{verb} it {holds}", made)]
        return ", and ".join(text if side.every else f"{text} as {cases_say(side.cases)}" for text, side in said)


_UNPAID = "not paid by the scoring"


def cases_say(ids: Sequence[str]) -> str:
    """``case `a` says``, ``cases `a` and `b` say``."""
    named = [f"`{i}`" for i in ids]
    if len(named) == 1:
        return f"case {named[0]} says"
    return f"cases {', '.join(named[:-1])} and {named[-1]} say"


def _ids(scheme: Scheme) -> list[str]:
    """Each case's id (``case N`` for one without)."""
    return [case.id or f"case {n}" for n, case in enumerate(scheme.cases, start=1)]


def when_paid(scheme: Scheme, name: str) -> Paid:
    """When ``scheme`` pays ``name`` (``bonus`` or ``alliance``), asked of its compiled
    cases: the results of each side (the bid made or missed, as ``made`` says) whose
    case's points read the name and change with it. A capture bonus needs a trick won,
    so for ``bonus`` only results with a trick won are asked. Where a formula
    aggregates over the table, or the sample would pass :data:`_MOST` results, only the
    cases that read the name are known (``known`` is false)."""
    ids = _ids(scheme)
    paying = tuple(i for i, case in zip(ids, scheme.cases, strict=True) if name in case.points.variables)
    unknown = Paid(Side(every=False, cases=()), Side(every=False, cases=()), known=False, cases=paying)
    if not paying:
        return unknown._replace(known=True)
    formulas = [scheme.made, *(e for c in scheme.cases for e in (c.when, c.points) if e is not None)]
    if any(f.uses_table for f in formulas):
        return unknown
    conditions = [scheme.made, *(c.when for c in scheme.cases if c.when is not None)]
    read = set().union(*(f.variables for f in conditions))
    sample = _Sample(read - {"bid", "won", "cards"} - set(scheme.loads), _numbers(conditions), name)
    results = Search(sample, {*read, "bid", "won", "cards", name, *scheme.loads}, scheme.loads, most=_MOST)
    if results.size() > _MOST:
        return unknown
    found: dict[bool, list[bool]] = {True: [], False: []}  # made -> whether each result pays
    pay: dict[bool, set[str]] = {True: set(), False: set()}
    for values in results:
        try:
            made = bool(scheme.made.evaluate(values))
            case = deciding_case(scheme.cases, functools.partial(_evaluate, values=values))
            pays = case is not None and _pays(scheme.cases[case], name, values)
        except FormulaError:  # (a result a formula cannot score: not one of the game's)
            continue
        found[made].append(pays)
        if pays and case is not None:
            pay[made].add(ids[case])

    def side(made: bool) -> Side:
        results = found[made]
        return Side(every=bool(results) and all(results), cases=tuple(i for i in ids if i in pay[made]))

    return Paid(side(True), side(False), known=True, cases=paying)


def _evaluate(formula: Expression, values: dict[str, int]) -> object:
    return formula.evaluate(values)


def _pays(case: Case, name: str, values: dict[str, int]) -> bool:
    """Whether the case's points for these values change with the name (``if bid >= 2
    then bonus else 0`` pays a bonus only from a bid of 2)."""
    if name not in case.points.variables:
        return False
    return bool(case.points.evaluate(values) != case.points.evaluate({**values, name: 0}))


class _Sample(Values):
    """A few values of each name a scheme's conditions read (``read``): each of
    :data:`_VALUES` (else :data:`_OTHER`) and the numbers the conditions compare with
    (``compared``), but 0 and 1 for a flag; the name asked of (``paid``) never 0, and
    20 where the conditions do not read it. A capture bonus needs a trick won."""

    def __init__(self, read: set[str], compared: set[int], paid: str) -> None:
        self.read, self.compared, self.paid = read, compared, paid
        numbers, lengths = self.values("round"), self.values("rounds")
        if "last_round" in read:  # (each round's number the last of a schedule's, and not)
            lengths = tuple(sorted({*numbers, *lengths}))
        elif "round" not in read:  # (the game so far is the sample's in any round: one is enough)
            numbers = numbers[:1]
        rounds = [
            Round(players, cards, number, length, 0, cards, tie_break=False)
            for cards in _HANDS
            for players in self.values("players")
            for number in numbers
            for length in lengths
        ]
        super().__init__(rounds, alliance=self.values("alliance"), wagers=self.values("wager"))

    def values(self, name: str) -> tuple[int, ...]:
        """The values of ``name``."""
        if name not in self.read:
            return (20,) if name == self.paid else _VALUES.get(name, _OTHER)
        if _VALUES.get(name) == _FLAGS:
            return _FLAGS
        values = tuple(sorted({*_VALUES.get(name, _OTHER), *self.compared}))
        if name == self.paid:  # the name paid is never 0 where it is asked of
            values = tuple(v for v in values if v > 0) or (1,)
        return values

    def bonus_sums(self, won: int) -> tuple[int, ...]:
        return () if won == 0 and self.paid == "bonus" else self.values("bonus")

    def game_values(self, names: Sequence[str], r: Round) -> list[Sequence[Any]]:
        return [((),) if name == PAST else self.values(name) for name in names]


def _numbers(formulas: Sequence[Expression]) -> set[int]:
    """The numbers written in the formulas, and one either side of each (not below 0)."""
    found = {n + step for formula in formulas for n in formula.numbers for step in (-1, 0, 1)}
    return {n for n in found if n >= 0}
