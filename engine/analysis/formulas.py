"""The values a formula can take over an edition's domain, found exhaustively.

A formula of an edition file reads names (``bid``, ``won``, ``cards``, ``round`` ...),
and in the games an edition plays each name takes only some values: ``cards`` what its
schedules deal (capped by the hand limit) at each player count, ``bid`` the round's bid
range, ``won`` 0 to the cards dealt. :class:`Domain` gives these values, and lists
(:class:`~skullking.scoring.values.Search`, which lists a scheme's sample of them for
:func:`~skullking.scoring.paid.when_paid` too), for the names a group of formulas reads
and for those alone, every combination of values they can take together, keeping what
ties them (``won`` and ``bid`` within the round's cards and range,
``total_bids`` the player's bid and the others' within the range, ``bids_before`` what
the bidders before can have bid, the standings of round 1 those of a game's start).
Each name's values:

- ``players``, ``cards``, ``round``, ``rounds``, ``last_round``: every round of every
  schedule at every player count, and the tie-break round of each number of tied
  players the deck can deal (:func:`skullking.loading.playable.spots`);
- ``bid`` (after any bid change), the others' bids in ``total_bids`` and
  ``bids_before``: the round's range (``bidding.min`` to ``bidding.max``; where these
  read a player's names about the game so far, a game's start's range, and nothing is
  claimed); ``position``
  0 to the players less one; ``won`` 0 to the cards dealt;
- ``bonus``: every sum of the edition's bonuses, each paid at most once per card of the
  deck it can match (the card played in any role it can take) and per card of the
  tricks won; ``alliance``: each ally's points times 0 to the alliance cards;
  ``wager``: 0 and the wagers' values; a scheme's loads: none or one of them chosen;
  ``made``: 0 and 1 with any bid and tricks won (more combinations than there are:
  a claim true of all of them is true of every game);
  ``played_ROLE``, ``played_card_CARD``: 0 to the cards dealt;
- the game so far (``rank`` 1 to the players, ``last`` and ``deals`` 0 or 1,
  ``previous_bid`` and ``previous_won`` within every round's range and cards), all at
  a game's start in round 1.

Some values cannot be bounded: ``total`` and ``previous_points`` (points so far), the
earlier rounds the ``past_`` aggregates read, and ``round`` in an edition that breaks
ties with extra rounds (a tie may repeat). A formula that reads one is tried on some of
its values (0, no earlier round, the first tie-break round),
so it can still be seen to matter, but nothing is claimed when none of them shows it;
nor when the combinations to try number more than :data:`MAX_STATES` (counted before
any is tried, and then none is), nor for a
formula that aggregates over the table (``sum``, ``count``, ``highest``, ``lowest``),
whose values need every player's. A claim is thus always true of every game: a
warning is never false, only sometimes missing.

:func:`findings` uses it for ``skullking validate``'s warnings
(:mod:`skullking.analysis.lint`): a scoring case that can never apply, or never be
reached (the cases before it apply wherever it does), a bidding rule that refuses no
bid or every bid, and an adjustment that changes nothing. A round scored on its own, out
of any schedule (a sheet's round that gives its own ``cards``, ``diff``'s grid) is not
among the rounds looked at.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.core.errors import FormulaError, shorten
from skullking.loading.playable import spots
from skullking.model.records import POINTS, EffectKind, fixed
from skullking.rounds.bidding import bid_range, range_read, round_values
from skullking.scoring.schemes import adjusted, case_points
from skullking.scoring.values import Round, Search, State, Values

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.language.expr import Expression
    from skullking.loading.playable import Spot
    from skullking.model.cards import Card, Play
    from skullking.model.records import Scheme

#: The most combinations of values one check tries (a few microseconds each): past
#: that, as :data:`~skullking.analysis.exhaustive.MAX_TRICKS` does for tricks, the
#: check claims nothing.
MAX_STATES = 300_000


class Finding(NamedTuple):
    """A formula that can never matter: the warning's ``code``, the ``path`` of its node
    in the edition's tree (keys and list positions) and the ``message``."""

    code: str
    path: tuple[str | int, ...]
    message: str


class Domain(Values):
    """The values the names of an edition's formulas can take (see the module's
    description); ``tie_breaks``, the tie-break rounds the deck can deal (with their
    cards). :meth:`search` lists them for some names."""

    def __init__(self, edition: Edition, tie_breaks: Sequence[Spot]) -> None:
        self.edition = edition
        rounds: list[Round] = []
        reads = edition.bidding.min.variables | edition.bidding.max.variables
        ranges: dict[tuple[int, ...], tuple[int, int] | None] = {}
        for spot in [*spots(edition), *tie_breaks]:
            values = round_values(spot.cards, spot.number, spot.players, spot.rounds)
            key = tuple(value for name, value in values.items() if name in reads)
            if key not in ranges:
                try:
                    ranges[key] = bid_range(
                        edition, cards=spot.cards, number=spot.number, players=spot.players, rounds=spot.rounds
                    )
                except FormulaError:
                    ranges[key] = None  # a round whose bids cannot be worked out is not played
            found = ranges[key]
            if found is None:
                continue
            low, high = found
            if low <= high:
                rounds.append(Round(spot.players, spot.cards, spot.number, spot.rounds, low, high, spot.tie_break))
        # (what the cards pay, in the rules of every round: see Edition.round_editions)
        each = edition.round_editions()
        super().__init__(
            rounds,
            alliance=tuple(sorted({points for rules in each for points in _alliance_values(rules)})),
            wagers=tuple(sorted({0, *(edition.wagers.values if edition.wagers is not None else ())})),
            more_rounds=bool(tie_breaks),
            own_ranges=bool(range_read(edition)),
        )
        self.hands = max((edition.hands(n) for n in range(edition.min_players, edition.max_players + 1)), default=1)
        #: Each bonus's points and cards it can be paid for, in the rules of each round.
        self.paid = [_bonus_copies(rules) for rules in each]
        self._sums: dict[int, tuple[int, ...]] = {}

    def search(self, names: Iterable[str], loads: Sequence[str] = ()) -> Search:
        """Every combination of values of ``names`` (a scheme's ``loads`` among them),
        none listed past :data:`MAX_STATES` of them."""
        return Search(self, names, loads, most=MAX_STATES)

    def bonus_sums(self, won: int) -> tuple[int, ...]:
        """Every sum the bonuses can make in ``won`` tricks."""
        sums = self._sums.get(won)
        if sums is None:
            found: set[int] = set()
            for paid in self.paid:  # (the rules of one round: its bonuses together)
                reached = {0}
                for points, copies in paid:
                    most = min(copies, won * self.hands)
                    reached = {s + k * points for s in reached for k in range(most + 1)}
                found |= reached
            sums = self._sums[won] = tuple(sorted(found))
        return sums


def _alliance_values(edition: Edition) -> set[int]:
    """The alliance points a player can earn in a round of ``edition``'s rules (worked
    out for it): 0 to as many alliances as the deck's alliance cards."""
    alliance = next((e for e in edition.effects if e.kind is EffectKind.ALLIANCE), None)
    if alliance is None:
        return {0}
    allies = sum(k.copies for k in edition.kinds if k.effect == alliance.id)
    return {fixed(alliance.points) * k for k in range(allies + 1)}


def _bonus_copies(edition: Edition) -> list[tuple[int, int]]:
    """Each bonus's points and how many cards of the deck it can be paid for in a round:
    the cards that match one of its captured patterns in some role they can take (as
    printed or declared; a special card also the roles effects give), before, as or
    after the winning card."""
    effects_give = {e.becomes for e in edition.effects if e.kind is EffectKind.NEUTRALIZE} | {edition.cancelled_role}
    plays: dict[Card, list[Play]] = {}
    for play in edition.plays.values():
        plays.setdefault(play.card, []).append(play)
    deck = edition.deck()
    out = []
    for bonus in edition.bonuses:

        def matches(card: Card, captured: Sequence[Any] = bonus.captured) -> bool:
            if card not in plays:
                return True  # (every card is played: counted, to be safe)
            for play in plays[card]:
                roles = {play.role} | (effects_give if play.card.suit is None else set())
                if any(
                    p.matches(play, role, play.printed, at) for p in captured for role in roles for at in (-1, 0, 1)
                ):
                    return True
            return False

        copies = sum(1 for card in deck if matches(card))
        points = fixed(bonus.points)
        if copies and points:
            out.append((points, copies))
    return out


# ------------------------------------------------------------------ the checks


def _value(formula: Expression, row: Sequence[int]) -> Any:
    """The formula's value, or ``None`` where it cannot be worked out (it divides by
    zero, or leaves the bounds of values)."""
    try:
        return formula.call(row)
    except FormulaError:
        return None


class _Rows:
    """Rows of values in the order of a formula's ``names`` (its compiled function's
    argument), filled from a state with the names read alone (the others are 0)."""

    def __init__(self, names: Sequence[str], read: Iterable[str]) -> None:
        self.template = [0] * len(names)
        self.slots = [(names.index(n), n) for n in read if n in names]

    def __call__(self, state: State) -> list[int]:
        row = self.template.copy()
        for slot, name in self.slots:
            row[slot] = state[name]
        return row


def findings(edition: Edition, tie_breaks: Sequence[Spot], allowed: frozenset[str] = frozenset()) -> list[Finding]:
    """The formulas of ``edition`` that can never matter (the codes ``allowed`` are not
    looked for); ``tie_breaks`` as for :class:`Domain`."""
    domain = Domain(edition, tie_breaks)
    out: list[Finding] = []
    for i, scheme in enumerate(edition.schemes):
        path = ("scoring", "schemes", i)
        if not {"case-never-applies", "case-never-reached"} <= allowed:
            out += _cases(domain, scheme, path)
        if "adjustment-changes-nothing" not in allowed:
            out += _adjustments(domain, scheme, path)
    if "bid-rule-never-matters" not in allowed:
        out += _bid_rules(domain, edition)
    return [f for f in out if f.code not in allowed]


def _cases(domain: Domain, scheme: Scheme, path: tuple[str | int, ...]) -> list[Finding]:
    """Cases that never apply, or are never reached. A case's condition that cannot be
    worked out for a combination (it aggregates, or divides by zero there) is taken
    to hold there and also not to hold, so nothing is claimed from it."""
    cases = scheme.cases
    if not cases:
        return []
    names = cases[0].points.names
    whens = [c.when for c in cases]
    used = frozenset().union(*(w.variables for w in whens if w is not None and not w.uses_table))
    search = domain.search(used, scheme.loads)
    rows = _Rows(names, used)
    applies = [w is None or w.uses_table for w in whens]
    reached = [False] * len(cases)
    fails = [False] * len(cases)  # whether the case's condition is seen not to hold
    for state in search:
        row = rows(state)
        first = True  # no case before holds for sure
        for k, when in enumerate(whens):
            holds = True if when is None else None if when.uses_table else _value(when, row)
            if holds is not True:
                fails[k] = True
            if holds is not False:
                applies[k] = True
                reached[k] = reached[k] or first
            if holds is True:
                first = False
        if all(reached):
            return []
    if not search.complete:
        return []
    out: list[Finding] = []
    for k, case in enumerate(cases):
        where = (*path, "cases", k, "when") if case.when is not None else (*path, "cases", k)
        name = f"scoring case '{case.id}' of scheme '{scheme.id}'"
        if not applies[k]:
            out.append(
                Finding(
                    "case-never-applies",
                    where,
                    f"{name} can never apply: its condition '{_short(case.when)}' holds for no values its "
                    "names can take in the edition's rounds",
                )
            )
        elif not reached[k]:
            always = next((cases[j].id for j in range(k) if not fails[j]), None)
            why = (
                f"case '{always}' before it always applies"
                if always is not None
                else "wherever its condition holds, a case before it applies"
            )
            out.append(Finding("case-never-reached", where, f"{name} can never be reached: {why}"))
    return out


def _short(formula: Expression | None) -> str:
    return shorten(formula.source) if formula is not None else ""


def _adjustments(domain: Domain, scheme: Scheme, path: tuple[str | int, ...]) -> list[Finding]:
    """Adjustments that change nothing: whose condition never holds, or whose points
    are the points they are given wherever it holds (the points each case and the
    adjustments before give, worked out for each combination)."""
    out: list[Finding] = []
    for k, adjustment in enumerate(scheme.adjustments):
        change = _changes(domain, scheme, k)
        if change is None or change is True:
            continue
        held = change == "held"
        why = (
            f"its points '{_short(adjustment.points)}' are the points it is given wherever it applies"
            if held
            else f"its condition '{_short(adjustment.when)}' never holds"
        )
        out.append(
            Finding(
                "adjustment-changes-nothing",
                (*path, "adjustments", k, "points" if held else "when"),
                f"adjustment '{adjustment.id}' of scheme '{scheme.id}' changes nothing: {why}",
            )
        )
    return out


def _changes(domain: Domain, scheme: Scheme, k: int) -> bool | str | None:
    """Whether adjustment ``k`` of ``scheme`` can change the points it is given:
    ``True``, or (every combination tried) ``"held"`` when its condition holds
    somewhere and ``"never"`` when it does not; ``None`` when nothing can be said."""
    adjustment, cases = scheme.adjustments[k], scheme.cases
    when = adjustment.when
    names = adjustment.points.names
    first = when is not None and POINTS not in when.variables  # (the condition can be asked first)
    if when is not None and first and not when.uses_table:
        # the condition alone first: one that never holds needs no points worked out
        alone = domain.search(when.variables, scheme.loads)
        rows = _Rows(names, when.variables)
        if not any(_value(when, rows(state)) is not False for state in alone):
            return "never" if alone.complete else None
    formulas = [f for a in scheme.adjustments[: k + 1] for f in (a.when, a.points) if f is not None]
    formulas += [f for c in cases for f in (c.when, c.points) if f is not None]
    if any(f.uses_table for f in formulas) or not cases:
        return None
    used = frozenset().union(*(f.variables for f in formulas)) - {POINTS}
    search = domain.search(used, scheme.loads)
    slot = names.index(POINTS)
    rows = _Rows(names, used)
    # (the cases' names are the adjustments' but for points: one row serves both)
    case_names = cases[0].points.names
    case_rows = None if case_names[:-1] == names[: len(names) - 2] else _Rows(case_names, used)
    held = False
    for state in search:
        row = rows(state)
        if first and when is not None and _value(when, row) is False:
            continue  # (the points matter only where the condition holds)
        points = _points(scheme, k, row if case_rows is None else case_rows(state), row, slot)
        if points is None:
            return True  # (cannot be worked out here: nothing claimed)
        row[slot] = points
        holds = True if when is None else _value(when, row)
        if holds is False:
            continue
        held = True
        if holds is None or _value(adjustment.points, row) != points:
            return True
    if not search.complete:
        return None
    return "held" if held else "never"


def _points(scheme: Scheme, upto: int, case_row: Sequence[int], row: list[int], slot: int) -> int | None:
    """The points adjustment ``upto`` of ``scheme`` is given, as every scheme scores
    them (:func:`~skullking.scoring.schemes.case_points`, then the adjustments before
    it); ``None`` where a formula cannot be worked out."""

    def adjusting(formula: Expression) -> Any:
        return formula.call(row)

    try:
        points = case_points(scheme.cases, lambda formula: formula.call(case_row))
        for adjustment in scheme.adjustments[:upto]:
            row[slot] = points
            points = adjusted(adjustment, adjusting, points)
    except FormulaError:
        return None
    return points


def _bid_rules(domain: Domain, edition: Edition) -> list[Finding]:
    """Bidding rules that refuse no bid, or every bid."""
    out: list[Finding] = []
    for k, rule in enumerate(edition.bidding.rules):
        require = rule.require
        if require.uses_table:
            continue
        search = domain.search(require.variables)
        rows = _Rows(require.names, require.variables)
        seen: set[Any] = set()
        for state in search:
            seen.add(_value(require, rows(state)))
            if len(seen) > 1 or None in seen:
                break
        if len(seen) != 1 or None in seen or not search.complete:
            continue
        what = "no bid: it holds for every" if True in seen else "every bid: it holds for no"
        out.append(
            Finding(
                "bid-rule-never-matters",
                ("bidding", "rules", k, "require"),
                f"bidding rule '{rule.id}' refuses {what} value its names can take in the edition's rounds",
            )
        )
    return out
