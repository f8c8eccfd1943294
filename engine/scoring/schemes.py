"""A round's points, written once for every caller: score sheets
(:mod:`skullking.scoring.sheets.score`), rounds played move by move
(:mod:`skullking.play.round`), ``diff``'s grid of rounds and the bots all score a round
through its scheme's :class:`Scorer` (:meth:`Scorer.points`). The scorer takes the
scheme's cases and adjustments over the table and when alliances pay from the edition,
and writes the scheme out as Python functions of a player's values where its formulas
allow (:func:`_functions`: the one fast form, computed from the formulas); the
standings after some rounds are here too."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.core.errors import ContextError
from skullking.core.limits import MAX_VALUE
from skullking.language.expr import SEATS, divides, python_function, python_text
from skullking.model.records import (
    POINTS,
    Adjustment,
    AlliancePays,
    Case,
    Effect,
    EffectKind,
    Scheme,
    TieBreakWinner,
    card_ids,
    fixed,
    played_card_name,
    played_name,
)
from skullking.rounds.context import START_VALUES, GameSoFar, bidding_read, reads, seats_read

if TYPE_CHECKING:
    from skullking.language.expr import Expression
    from skullking.model.cards import Play
    from skullking.model.rules import Rules
    from skullking.rounds.context import GameSoFar


class RoundScore(NamedTuple):
    """One scored round: cards dealt, and per player bid, tricks won and points; and
    what the rounds after it read of it (the ``past_`` aggregates): per player whether
    the bid counted as made (``made``) and the capture bonuses' points won (``bonus``,
    a player without any left out); both ``None`` when not worked out: a scorer works
    them out when a formula of its edition reads the earlier rounds (see
    :func:`reads_past`)."""

    number: int
    cards: int
    bids: Mapping[str, int]
    won: Mapping[str, int]
    points: Mapping[str, int]
    made: Mapping[str, bool] | None = None
    bonus: Mapping[str, int] | None = None


def reads_the_game(edition: Rules, scheme: Scheme) -> bool:
    """Whether a formula of ``edition`` played under ``scheme`` reads the game so far
    (who deals, leads or bids first, the bidding's rules and limits, the scheme's
    formulas, a rule that follows the standings: a rule's value or a precedence
    condition over every player's names): then each round is given the game before it
    (:class:`~skullking.rounds.context.GameSoFarBuilder`), as a game played and a score
    sheet read fold it."""
    return bool(
        seats_read(edition)
        or bidding_read(edition)
        or scorer(edition, scheme).game_names
        or SEATS in edition.round_reads
    )


def reads_past(edition: Rules) -> bool:
    """Whether a formula of ``edition`` (a scheme's ``made``, case or adjustment, a
    bidding rule, the limits of a bid or a seat formula) reads the earlier rounds (a
    ``past_`` aggregate): then its rounds' scores say who made the bid."""
    bidding, play = edition.bidding, edition.play_rules
    formulas = [rule.require for rule in bidding.rules] + [bidding.min, bidding.max]
    seats = (play.dealer, play.first_leader, play.extra_round_dealer, play.extra_round_leader, bidding.first_bidder)
    formulas += [seat for seat in seats if seat is not None]
    formulas += [formula for _, formula in edition.round_formulas()]
    formulas += [edition.tie_breaker] if edition.tie_breaker is not None else []
    for scheme in edition.schemes:
        formulas += [scheme.made, *(e for case in scheme.cases for e in (case.when, case.points) if e is not None)]
        formulas += [e for step in scheme.adjustments for e in (step.when, step.points) if e is not None]
    return any(formula.uses_past for formula in formulas)


def standings(
    players: Sequence[str],
    rounds: Sequence[RoundScore],
    *,
    length: int,
    tie_break: TieBreakWinner,
    tie_breaker: Expression | None = None,
) -> tuple[dict[str, int], tuple[str, ...]]:
    """Totals per player over ``rounds`` (a player sitting out a tie-break round scores
    nothing in it), and the players first, in seat order. A round numbered past the
    schedule's ``length`` is a tie-break round: after it ``tie_break`` ranks the players
    who were first before it (``tied_players``: a player who was not tied cannot come
    first), or everybody (``all_players``). Once the schedule's rounds are scored,
    ``tie_breaker`` (``scoring.tie_breaker``, a formula about each player) keeps, of the
    players first, those with its highest value."""
    totals = dict.fromkeys(players, 0)
    first: tuple[str, ...] = ()
    among_tied = tie_break is TieBreakWinner.TIED_PLAYERS
    for r in rounds:
        for p in players:
            totals[p] += r.points.get(p, 0)
        ranked = first if among_tied and first and r.number > length else players
        best = max((totals[p] for p in ranked), default=0)
        first = tuple(p for p in ranked if totals[p] == best)
    if tie_breaker is not None and len(first) > 1 and rounds and rounds[-1].number >= length:
        first = _broken(tie_breaker, players, rounds, first, length)
    return totals, first


def _broken(
    tie_breaker: Expression, players: Sequence[str], rounds: Sequence[RoundScore], first: tuple[str, ...], length: int
) -> tuple[str, ...]:
    """Of the players ``first``, those with the highest value of ``tie_breaker``, worked
    out for each player with the whole game (``rounds``) as the game so far."""
    so_far = GameSoFar.after(players, rounds, last_leader=None)
    values = so_far.player_values(tie_breaker.variables, "scoring.tie_breaker")
    table = [{**values[p], "players": len(players), "rounds": length} for p in players]
    value = {p: tie_breaker.evaluate_for(table, row) for row, p in enumerate(players) if p in first}
    best = max(value.values())
    return tuple(p for p in first if value[p] == best)


#: The values a formula may read of a player, in order: in a scheme's generated
#: functions the name at index i is the local ``v<i>`` (see _functions; a scheme's loads
#: follow).
_ROW = ("bid", "won", "cards", "round", "players", "rounds", "last_round", "total_bids", "bonus", "alliance", "wager")


class Scorer:
    """A scheme of an edition made ready to score rounds: the names every player's
    values hold, the bonus points, the alliance effect, and, for a scheme whose
    formulas look at one player's values (no aggregate over the table, no
    ``played_<role>`` or ``played_card_<card>``), the scheme written out as two Python
    functions over the table (see :func:`_functions`): whether each player made the
    bid, and each player's points from the first case that holds, adjusted.
    :meth:`points` scores a round from its results: a score sheet's round, a round
    played move by move, ``diff``'s grid of rounds and the bots' estimates all score
    through it. Get a scheme's scorer with :func:`scorer`."""

    __slots__ = (
        "alliance",
        "card_names",
        "fast",
        "game_names",
        "keeps_past",
        "load_ids",
        "made_divides",
        "points_of",
        "role_names",
        "scheme",
        "uses_played",
        "zeros",
    )

    def __init__(self, edition: Rules, scheme: Scheme) -> None:
        self.scheme = scheme
        self.load_ids = scheme.loads
        # (a bonus whose points change with the round is paid by the scorer of the
        # rules of a round: Edition.at_round)
        self.points_of = {b.id: b.points for b in edition.bonuses if isinstance(b.points, int)}
        self.alliance = next((e for e in edition.effects if e.kind is EffectKind.ALLIANCE), None)
        #: The ``played_<role>`` name of each role, the ``played_card_<card>`` name of
        #: each card and named individual (ids that make no name left out).
        self.role_names: dict[str | None, str] = {}
        for role in edition.roles:
            if (name := played_name(role.id)) is not None:
                self.role_names[role.id] = name
        self.card_names: dict[str | None, str] = {}
        for card in card_ids(edition.data["deck"].get("cards", [])):
            if (name := played_card_name(card)) is not None:
                self.card_names[card] = name
        #: Every ``played_`` name at 0: a player's values before the play counts.
        self.zeros = dict.fromkeys((*self.role_names.values(), *self.card_names.values()), 0)
        self.uses_played = bool(played_names_used(scheme))
        #: The names about the game so far ``made``, the cases and the adjustments read
        #: (the standings, the earlier rounds).
        formulas = [scheme.made, *(e for case in scheme.cases for e in (case.when, case.points))]
        formulas += [e for step in scheme.adjustments for e in (step.when, step.points)]
        self.game_names = reads(*formulas)
        #: (made, points) written out over the table, or None (see _functions).
        self.fast = None if self.uses_played else _functions(scheme)
        #: Whether the made formula divides (and so can fail: asked even when unused).
        self.made_divides = divides(scheme.made.tree)
        #: Whether a round's score says who made the bid and the bonus points won (read
        #: by the rounds after it).
        self.keeps_past = reads_past(edition)

    def points(
        self,
        *,
        number: int,
        cards: int,
        players: Sequence[str],
        bids: dict[str, int],
        won: dict[str, int],
        captured: Iterable[tuple[str, Iterable[str]]],
        alliances: Sequence[tuple[str, str]],
        wagers: Mapping[str, int],
        loads: Mapping[str, str],
        rounds: int = 0,
        extra: Mapping[str, int] | None = None,
        played: Mapping[str, Iterable[Play]] | None = None,
        game: Mapping[str, Mapping[str, int]] | None = None,
    ) -> RoundScore:
        """Points for round ``number`` (``cards`` dealt to ``players``) from its results:
        per player the bid (after any change) and the tricks won; the capture bonus ids
        as (player, ids) pairs (a player's all at once, as a sheet gives them, or trick
        by trick, as a round played here tallies them); the alliances formed (Loot's
        player, trick winner); the wager and the load chosen; and points the scheme does
        not give (``extra``, a sheet's). The first case of the scheme that holds gives
        each player's points (a result no case covers scores 0 where the scheme says
        ``otherwise: zero``); the scheme's adjustments then change them, one after
        another, and ``extra`` is added last.

        The formulas also see the game: ``rounds`` in the schedule (0: unknown),
        ``last_round`` (1 in the schedule's last round), ``total_bids``, and per player
        ``played_<role>`` and ``played_card_<card>`` from ``played`` (player -> the
        cards they played this round; needed only by schemes that use those names, see
        :func:`played_names_used`, and counted by :meth:`counts`), per player the names
        about the game so far from ``game`` (see
        :meth:`~skullking.rounds.context.GameSoFar.player_values`; needed only by
        schemes whose ``made``, cases or adjustments read them, ``game_names``; left
        out, every player is at a game's start:
        :data:`~skullking.rounds.context.START_VALUES`),
        and aggregate over the table.

        The scheme's functions written out as Python score the round where there are
        any (see :func:`_functions`); where a formula of theirs divides by zero or a
        value leaves the limits, and for a scheme not written out, the formulas one by
        one do, and raise :class:`~skullking.core.errors.FormulaError` for such a
        value. A bonus id the edition does not have raises ``KeyError``."""
        bonus = self._bonus(captured)
        scored: dict[str, int] | None = None
        made: dict[str, bool] | None = None
        if self.fast is not None:
            made_fn, points_fn = self.fast
            count = len(players)
            try:
                if alliances or self.keeps_past:
                    made = made_fn(players, bids, won, cards, number, count, rounds)
                    earned = _earned(self.alliance, alliances, made) if alliances else {}
                else:  # whether each made the bid matters only to alliances: asked if it can fail
                    earned = {}
                    if self.made_divides:
                        made_fn(players, bids, won, cards, number, count, rounds)
                scored = points_fn(
                    players, bids, won, bonus, earned, wagers, loads, self.load_ids, cards, number, count, rounds
                )
            except ZeroDivisionError:
                scored = None  # (the formulas one by one give the error)
        if scored is None:
            table, made = self._table(
                number, cards, players, bids, won, bonus, alliances, wagers, loads, rounds, played, game
            )
            scored = self._evaluated(table, players)
        if extra:
            scored = {p: value + extra.get(p, 0) for p, value in scored.items()}
        if self.keeps_past:  # (what the rounds after it read of it)
            return RoundScore(number, cards, bids, won, scored, made, {p: v for p, v in bonus.items() if v})
        return RoundScore(number, cards, bids, won, scored)

    def made(
        self,
        *,
        number: int,
        cards: int,
        players: Sequence[str],
        bids: Mapping[str, int],
        won: Mapping[str, int],
        rounds: int = 0,
    ) -> dict[str, bool]:
        """Whether each player made the bid in round ``number`` (``cards`` dealt, of
        ``rounds`` in the schedule), as the scheme's ``made`` formula says of the bids
        (after any change) and the tricks won: what a score record gives of a round. The
        cards played count as none played and the game so far as a game's start (a
        record keeps neither). Raises :class:`~skullking.core.errors.FormulaError` as
        :meth:`points` does."""
        _, made = self._table(number, cards, players, bids, won, {}, (), {}, {}, rounds, None, None)
        return made

    def deciding(self, **results: Any) -> dict[str, str]:
        """The id of the case that scores each player in the round :meth:`points` scores
        from the same ``results`` (its keywords; ``extra`` changes no case), ``""``
        where no case holds: the rule of the scheme behind each player's points, before
        the adjustments. Raises as :meth:`points`."""
        r = {"rounds": 0, "played": None, "game": None, **results}
        players: Sequence[str] = r["players"]
        table, _ = self._table(
            r["number"],
            r["cards"],
            players,
            r["bids"],
            r["won"],
            self._bonus(r["captured"]),
            r["alliances"],
            r["wagers"],
            r["loads"],
            r["rounds"],
            r["played"],
            r["game"],
        )
        cases = self.scheme.cases
        found: dict[str, str] = {}
        for row, p in enumerate(players):
            index = deciding_case(cases, functools.partial(_value, table, row))
            found[p] = "" if index is None else cases[index].id
        return found

    def _bonus(self, captured: Iterable[tuple[str, Iterable[str]]]) -> dict[str, int]:
        """Capture bonus points per player, from (player, bonus ids) pairs."""
        of = self.points_of
        bonus: dict[str, int] = {}
        for player, ids in captured:
            try:
                bonus[player] = bonus.get(player, 0) + sum(map(of.__getitem__, ids))
            except KeyError as exc:
                raise ContextError(f"bonus '{exc.args[0]}' pays points that change with the round") from None
        return bonus

    def game(
        self, edition: Rules, *, so_far: GameSoFar | None, players: Sequence[str], number: int, rounds: int
    ) -> dict[str, dict[str, int]] | None:
        """Per player, the names about the game so far that the scheme's cases and
        adjustments read (``game_names``; ``None`` when they read none), in round
        ``number`` after ``so_far``: what :meth:`points` takes as ``game``. Raises
        :class:`~skullking.core.errors.ContextError` as
        :func:`~skullking.rounds.bidding.game_values` does."""
        # (the bidding rules: kept off trick's, legal's and explain's start-up)
        from skullking.rounds.bidding import game_values

        place = f"scoring '{self.scheme.id}'"
        return game_values(
            edition, self.game_names, place=place, so_far=so_far, players=players, number=number, rounds=rounds
        )

    def _evaluated(self, table: list[dict[str, int]], players: Sequence[str]) -> dict[str, int]:
        """Each player's points by the formulas one by one, over the table of names
        :meth:`_table` makes (a row per player, in seat order)."""
        rows = range(len(players))
        points = [self.case_points(table, row) for row in rows]
        for adjustment in self.scheme.adjustments:
            for row in rows:  # (every player's, for an aggregate over the points)
                table[row][POINTS] = points[row]
            points = [_adjusted(adjustment, table, row) for row in rows]
        return dict(zip(players, points, strict=True))

    def _table(  # noqa: PLR0917 (a private step of points, its values in points' order)
        self,
        number: int,
        cards: int,
        players: Sequence[str],
        bids: Mapping[str, int],
        won: Mapping[str, int],
        bonus: Mapping[str, int],
        alliances: Sequence[tuple[str, str]],
        wagers: Mapping[str, int],
        loads: Mapping[str, str],
        rounds: int,
        played: Mapping[str, Iterable[Play]] | None,
        game: Mapping[str, Mapping[str, int]] | None,
    ) -> tuple[list[dict[str, int]], dict[str, bool]]:
        """The names every player's formulas read, a row per player (``bonus``: capture
        points per player), and whether each player made the bid."""
        scheme = self.scheme
        base = {
            "cards": cards,
            "round": number,
            "players": len(players),
            "rounds": rounds,
            "last_round": int(number == rounds),
            "total_bids": sum(bids.values()),
        }
        counts_played = self.uses_played  # (a name left out is 0 to a formula)
        if counts_played:
            base.update(self.zeros)
        if self.game_names and game is None:
            base.update(START_VALUES)
        table: list[dict[str, int]] = []
        for p in players:
            env = base.copy()
            env["bid"] = bids[p]
            env["won"] = won[p]
            if self.game_names and game is not None:
                env.update(game.get(p, START_VALUES))
            if played and counts_played:
                env.update(self.counts(played.get(p, ())))
            table.append(env)
        made = {p: bool(scheme.made.evaluate_for(table, row)) for row, p in enumerate(players)}
        earned = _earned(self.alliance, alliances, made) if alliances else {}
        for row, p in enumerate(players):
            env = table[row]
            env["made"] = int(made[p])
            env["bonus"] = bonus.get(p, 0)
            env["alliance"] = earned.get(p, 0)
            env["wager"] = wagers.get(p, 0)
            for load in scheme.loads:
                env[load] = int(loads.get(p) == load)
        return table, made

    def case_points(self, table: Sequence[Mapping[str, int]], row: int) -> int:
        """The points of the first case that holds for player ``row`` (0 when none does)."""
        return case_points(self.scheme.cases, functools.partial(_value, table, row))

    def counts(self, plays: Iterable[Play]) -> dict[str, int]:
        """The ``played_`` names' values for one player's cards played in a round: each
        card counts under its role as played (a declared card as declared: a Tigress
        declared as an escape is an escape), under its card's id, and under its named
        individual's id (Harry is also a pirate card). Effects in the trick do not
        change what a card counts as (under the White Whale a pirate still counts as a
        pirate), and numbered cards count under no name."""
        counts: dict[str, int] = {}
        roles, cards = self.role_names, self.card_names
        for play in plays:
            card = play.card
            for name in (roles.get(play.role), cards.get(card.kind), cards.get(card.individual)):
                if name is not None:
                    counts[name] = counts.get(name, 0) + 1
        return counts


def deciding_case(cases: Sequence[Case], value: Callable[[Expression], Any]) -> int | None:
    """The index of the first of ``cases`` whose ``when`` holds (``None`` when none
    does), each condition worked out by ``value``: the case that scores a player."""
    for index, case in enumerate(cases):
        if case.when is None or value(case.when):
            return index
    return None


def case_points(cases: Sequence[Case], value: Callable[[Expression], Any]) -> int:
    """The points of the :func:`deciding_case` (0 when none holds), each formula worked
    out by ``value``: how every scheme scores a player before its adjustments."""
    index = deciding_case(cases, value)
    return 0 if index is None else int(value(cases[index].points))


def adjusted(adjustment: Adjustment, value: Callable[[Expression], Any], points: int) -> int:
    """The ``points`` a player has after ``adjustment`` (its formulas worked out by
    ``value``, where they read ``points`` as given): changed where its ``when`` holds."""
    if adjustment.when is None or value(adjustment.when):
        return int(value(adjustment.points))
    return points


def _value(table: Sequence[Mapping[str, int]], row: int, formula: Expression) -> Any:
    """``formula`` worked out for player ``row`` of ``table``."""
    return formula.evaluate_for(table, row)


def _adjusted(adjustment: Adjustment, table: Sequence[Mapping[str, int]], row: int) -> int:
    """Player ``row``'s points after ``adjustment`` (the table holds them before, as ``points``)."""
    return adjusted(adjustment, functools.partial(_value, table, row), table[row][POINTS])


_SCORERS: weakref.WeakKeyDictionary[Rules, dict[int, tuple[Scheme, Scorer]]] = weakref.WeakKeyDictionary()


def scorer(edition: Rules, scheme: Scheme) -> Scorer:
    """The scorer of ``scheme`` (a scheme of ``edition``, or one built for it), made on
    first use."""
    kept = _SCORERS.get(edition)
    if kept is None:
        kept = _SCORERS[edition] = {}
    entry = kept.get(id(scheme))
    if entry is None or entry[0] is not scheme:
        entry = kept[id(scheme)] = (scheme, Scorer(edition, scheme))
    return entry[1]


#: Slots of a :class:`Scorer` that :func:`rules_read` leaves out or reads through what
#: they give: the scheme itself (its formulas are compared where they are written), its
#: functions written out (the same points, sooner), the ``played_`` names
#: (compared as what each play counts as), the alliance (compared as what it pays) and
#: whether scores say who made the bid (no points change with it).
READ_AS = ("scheme", "fast", "role_names", "card_names", "zeros", "alliance", "keeps_past")


def rules_read(edition: Rules) -> list[tuple[str, str, object]]:
    """What scoring reads of ``edition``'s rules besides a round's results, scheme by
    scheme, as (scheme id, what, value): two editions with the same cards and schemes
    whose answers are equal score every round alike from the same bids, tricks won,
    bonuses, alliances and plays. Every slot of each scheme's :class:`Scorer` is
    compared, a slot added later too; those of ``READ_AS`` as what they give:

    - ``counts``: for every play of the edition, the ``played_`` names the scheme's
      formulas read that it counts under (its role as played, its card, its named
      individual): a role no formula counts may change freely;
    - ``alliance``: the points each ally earns from one alliance (Loot's player and
      the winner apart, or the same player) for each way the two made or missed their
      bids: the points and when they are paid (``pays``)."""
    plays = list(edition.plays.values())
    found: list[tuple[str, str, object]] = []
    for scheme in edition.schemes:
        kept = scorer(edition, scheme)
        found.extend((scheme.id, name, getattr(kept, name)) for name in Scorer.__slots__ if name not in READ_AS)
        used = set(played_names_used(scheme))
        counts = tuple(
            (p.code, tuple(sorted((n, c) for n, c in kept.counts((p,)).items() if n in used))) for p in plays
        )
        pays = tuple(
            tuple(sorted(_earned(kept.alliance, pairs, {"a": a, "b": b}).items()))
            for pairs in ([("a", "b")], [("a", "a")])
            for a in (False, True)
            for b in (False, True)
        )
        found += [(scheme.id, "counts", counts), (scheme.id, "alliance", pays)]
    return found


def _functions(scheme: Scheme) -> tuple[Callable[..., dict[str, bool]], Callable[..., dict[str, int]]] | None:
    """The scheme as two Python functions over the table, written from its formulas:
    ``made(players, bids, won, *constants)``, whether each player made the bid, and
    ``points(players, bids, won, bonus, alliance, wagers, loads, load_ids, *constants)``,
    each player's points from the first case that holds (0 when none does), or
    ``None`` as soon as one leaves the limits (``MAX_VALUE``: the case's points and each
    adjustment's are checked); the constants are the round's ``cards, round, players,
    rounds`` (``last_round`` and ``total_bids`` are worked out inside, where a formula
    uses them), the mappings give each player's values (a player missing from
    ``bonus``, ``alliance`` or ``wagers`` has 0). ``None`` for a scheme whose formulas
    aggregate over the table or that Python cannot compile."""
    row = (*_ROW, *scheme.loads)
    adjusting = [e for a in scheme.adjustments for e in (a.when, a.points) if e is not None]
    formulas = [scheme.made, *(e for c in scheme.cases for e in (c.when, c.points) if e is not None), *adjusting]
    if any(f.uses_table for f in formulas) or not set(scheme.made.variables) <= set(row[:8]):
        return None
    used = set().union(*(f.variables for f in formulas)) - {POINTS}
    if not used <= set(row):
        return None
    constants = [f"v{i}" for i in range(2, 6)]  # cards, round, players, rounds

    def derived(variables: Set[str]) -> list[str]:
        """The lines working out last_round and total_bids before the loop, if used."""
        lines = ["    v6 = 1 if v3 == v5 else 0"] if "last_round" in variables else []
        return lines + (["    v7 = sum(bids.values())"] if "total_bids" in variables else [])

    def slot(name: str, _: str | None) -> str:
        return "value" if name == POINTS else f"v{row.index(name)}"

    # each player's own values, as the formulas use them
    fetch = {
        "bid": "v0 = bids[p]",
        "won": "v1 = won[p]",
        "bonus": "v8 = bonus.get(p, 0) if bonus else 0",  # (often empty: no call then)
        "alliance": "v9 = alliance.get(p, 0) if alliance else 0",
        "wager": "v10 = wagers.get(p, 0) if wagers else 0",
    }
    fetch.update(
        {load: f"v{11 + i} = 1 if loads.get(p) == load_ids[{i}] else 0" for i, load in enumerate(scheme.loads)}
    )
    made_lines = [fetch[n] for n in ("bid", "won") if n in scheme.made.variables]
    made_lines.append(f"made[p] = {python_text(scheme.made.tree, slot)}")
    made = python_function(
        ["players", "bids", "won", *constants],
        "\n".join(
            [
                *derived(scheme.made.variables),
                "    made = {}",
                "    for p in players:",
                *(f"        {line}" for line in made_lines),
                "    return made",
            ]
        ),
        "made",
    )
    lines = [fetch[n] for n in fetch if n in used]
    first = True
    for case in scheme.cases:
        points = f"value = {python_text(case.points.tree, slot)}"
        if case.when is None:
            lines += [points] if first else ["else:", f"    {points}"]
            break
        lines += [f"{'if' if first else 'elif'} {python_text(case.when.tree, slot)}:", f"    {points}"]
        first = False
    else:
        lines += ["value = 0"] if first else ["else:", "    value = 0"]
    within = [f"if not {-MAX_VALUE} <= value <= {MAX_VALUE}:", "    return None"]
    lines += within
    for adjustment in scheme.adjustments:
        step = f"value = {python_text(adjustment.points.tree, slot)}"
        if adjustment.when is None:
            lines += [step, *within]
        else:
            lines += [f"if {python_text(adjustment.when.tree, slot)}:", f"    {step}", *(f"    {x}" for x in within)]
    lines += ["points[p] = value"]
    points_of = python_function(
        ["players", "bids", "won", "bonus", "alliance", "wagers", "loads", "load_ids", *constants],
        "\n".join(
            [
                *derived(used),
                "    points = {}",
                "    for p in players:",
                *(f"        {line}" for line in lines),
                "    return points",
            ]
        ),
        "points",
    )
    return None if made is None or points_of is None else (made, points_of)


def _earned(alliance: Effect | None, alliances: Sequence[tuple[str, str]], made: Mapping[str, bool]) -> dict[str, int]:
    """The alliance points each player earns from ``alliances`` (Loot's player, winner),
    each ally paid where the edition's alliance says (``pays``): always, when the ally
    made the bid, or when both allies made theirs."""
    earned: dict[str, int] = {}
    if alliance is None or not alliances:
        return earned
    share, pays = fixed(alliance.points), alliance.pays
    for loot, winner in alliances:
        for player in (loot,) if loot == winner else (loot, winner):
            if player in made and (
                pays is _ALWAYS or (made[player] if pays is _OWN_MADE else made[loot] and made[winner])
            ):
                earned[player] = earned.get(player, 0) + share
    return earned


#: (Module constants: an enum member read through its class costs ~0.1 us on Python 3.11.)
_ALWAYS, _OWN_MADE = AlliancePays.ALWAYS, AlliancePays.OWN_MADE


def played_names_used(scheme: Scheme) -> list[str]:
    """The ``played_<role>`` and ``played_card_<card>`` names the scheme's formulas (its
    cases' and adjustments') use: they need the whole play."""
    used: set[str] = set(scheme.made.variables)
    steps: list[Case | Adjustment] = [*scheme.cases, *scheme.adjustments]
    for step in steps:
        used |= step.points.variables | (step.when.variables if step.when is not None else set())
    return sorted(n for n in used if n.startswith("played_"))
