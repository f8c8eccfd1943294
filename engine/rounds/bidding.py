"""Bidding rules as data: the range of a bid, the bidding order, and the rules over a
round's bids (``bidding`` in an edition file).

Shared by the round engine (:class:`skullking.Round` refuses a bid that breaks a rule)
and the sheet scorer (a sheet whose bids break one gets a located error naming it).
A rule is checked for every player: one that looks only at the player's own bid (and,
bidding in turn, at ``position`` and ``bids_before``) as the bid is made; one that
looks at the others (``total_bids``, an aggregate) once every bid is in.

>>> import skullking
>>> ed = skullking.load_edition("skullking-2021")
>>> bid_range(ed, cards=3, number=3, players=4, rounds=10)
(0, 3)
>>> bidding_order(ed, ["Ann", "Bo", "Cy"], leader=1, number=2, rounds=10)
['Ann', 'Bo', 'Cy']
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.language.expr import PAST, TABLE
from skullking.model.records import BidRule
from skullking.rounds.context import START_VALUES, GameSoFar, reads, rules_read, so_far_of

if TYPE_CHECKING:
    from skullking.language.expr import Expression
    from skullking.model.rules import Rules


class Broken(NamedTuple):
    """A bidding rule a round's bids break: for ``player``'s bid, or (``None``) for the
    bids together (a rule over every bid)."""

    rule: BidRule
    player: str | None

    def message(self, bids: Mapping[str, int]) -> str:
        what = f"{self.player}'s bid {bids[self.player]}" if self.player is not None else "the bids"
        verb = "breaks" if self.player is not None else "break"
        about = f": {self.rule.description}" if self.rule.description != self.rule.id else ""
        return f"{what} {verb} bidding rule '{self.rule.id}'{about}"


def round_values(cards: int, number: int, players: int, rounds: int) -> dict[str, int]:
    """The names a round's bidding formulas see about the round (``bidding.min``,
    ``max`` and the rules, besides the bids)."""
    return {"cards": cards, "round": number, "players": players, "rounds": rounds, "last_round": int(number == rounds)}


def bid_range(edition: Rules, *, cards: int, number: int, players: int, rounds: int) -> tuple[int, int]:
    """The lowest and highest bid of a round (``bidding.min`` and ``max``); where they
    read a player's names about the game so far (:func:`range_read`), a player's at a
    game's start (:data:`~skullking.rounds.context.START_VALUES`: see
    :func:`bid_ranges` for each player's)."""
    values = round_values(cards, number, players, rounds)
    if range_read(edition):
        values.update(START_VALUES)
        table = [values] * players
        limits = edition.bidding.min, edition.bidding.max
        low, high = (int(limit.evaluate_for(table, 0)) for limit in limits)
        return low, high
    return int(edition.bidding.min.evaluate(values)), int(edition.bidding.max.evaluate(values))


def range_read(edition: Rules) -> frozenset[str]:
    """The names about each player's game so far that ``bidding.min`` and ``max`` read
    (the standings, the earlier rounds), and the hidden table where they aggregate over
    it: then each player has a range of their own."""
    return _limits_read(edition.bidding.min, edition.bidding.max)


@functools.lru_cache(maxsize=256)
def _limits_read(low: Expression, high: Expression) -> frozenset[str]:
    # (kept: a sheet asks at every round)
    table = frozenset({TABLE}) if low.uses_table or high.uses_table else frozenset()
    return reads(low, high) | table


def bid_ranges(
    edition: Rules,
    *,
    cards: int,
    number: int,
    players: Sequence[str],
    rounds: int,
    game: Mapping[str, Mapping[str, Any]] | None,
) -> dict[str, tuple[int, int]]:
    """Each player's lowest and highest bid in a round whose limits read the players'
    names about the game so far (:func:`range_read`): ``game`` gives them per player
    (:func:`game_values` at the limits; left out, a game's start)."""
    base = round_values(cards, number, len(players), rounds)
    table = [{**base, **(START_VALUES if game is None else game.get(p, START_VALUES))} for p in players]
    limits = edition.bidding.min, edition.bidding.max
    return {
        p: (int(limits[0].evaluate_for(table, row)), int(limits[1].evaluate_for(table, row)))
        for row, p in enumerate(players)
    }


def ranges_game(
    edition: Rules, *, so_far: GameSoFar | None, players: Sequence[str], number: int, rounds: int
) -> dict[str, dict[str, Any]] | None:
    """Per player, the names about the game so far the limits of a bid read
    (:func:`game_values` at ``bidding.min``/``max``): what :func:`bid_ranges` takes as
    ``game``."""
    return game_values(
        edition,
        range_read(edition) - {TABLE},
        place="bidding.min and bidding.max",
        so_far=so_far,
        players=players,
        number=number,
        rounds=rounds,
    )


def _seat_values(
    formula: Expression, place: str, so_far: GameSoFar | None, *, number: int, players: int
) -> dict[str, int]:
    """The seats about the game so far that the seat formula at ``place`` reads (and
    each player's earlier rounds, where a seat aggregate reads them)."""
    names = reads(formula) - {"dealer"} | ({PAST} if formula.uses_past else set())
    return so_far_of(so_far, number, players).seat_values(names, place) if names else {}


def dealer(edition: Rules, *, number: int, players: int, rounds: int, so_far: GameSoFar | None = None) -> int:
    """The seat dealing round ``number`` (``play.dealer``; by default the deal passes
    left: ``round - 2``, the last seat dealing round 1). A round after the schedule's
    ``rounds`` (a tie-break round, of the tied players) is dealt as
    ``scoring.extra_round_dealer`` says where the edition gives it (the sources do not
    say). ``so_far`` is the game before the round (see :mod:`skullking.rounds.context`;
    left out, round 1 is a game's start and a later round is played alone). Raises
    :class:`~skullking.core.errors.ContextError` for a formula reading a name about the
    game so far that is not known."""
    formula, place = edition.play_rules.dealer, "play.dealer"
    if number > rounds and edition.play_rules.extra_round_dealer is not None:
        formula, place = edition.play_rules.extra_round_dealer, "scoring.extra_round_dealer"
    if formula is None:
        return (number - 2) % players
    values = {"round": number, "players": players, "rounds": rounds}
    values.update(_seat_values(formula, place, so_far, number=number, players=players))
    return int(formula.evaluate(values)) % players


def first_leader(edition: Rules, *, number: int, players: int, rounds: int, so_far: GameSoFar | None = None) -> int:
    """The seat leading round ``number``'s first trick (``play.first_leader``; by default
    the player after the dealer); after the schedule's ``rounds``, as
    ``scoring.extra_round_leader`` says where the edition gives it. ``so_far`` as for
    :func:`dealer`."""
    formula, place = edition.play_rules.first_leader, "play.first_leader"
    if number > rounds and edition.play_rules.extra_round_leader is not None:
        formula, place = edition.play_rules.extra_round_leader, "scoring.extra_round_leader"
    values = {"round": number, "players": players, "rounds": rounds}
    if "dealer" in reads(formula):
        values["dealer"] = dealer(edition, number=number, players=players, rounds=rounds, so_far=so_far)
    values.update(_seat_values(formula, place, so_far, number=number, players=players))
    return int(formula.evaluate(values)) % players


def game_values(
    edition: Rules,
    names: frozenset[str],
    *,
    place: str,
    so_far: GameSoFar | None,
    players: Sequence[str],
    number: int,
    rounds: int,
) -> dict[str, dict[str, Any]] | None:
    """Per player, the names about the game so far among ``names`` that the formulas at
    ``place`` read (``None`` when they read none), ``deals`` from the round's dealer.
    ``so_far`` as for :func:`dealer`; raises
    :class:`~skullking.core.errors.ContextError` as it does."""
    if not names:
        return None
    seat = None
    if "deals" in names:
        seat = dealer(edition, number=number, players=len(players), rounds=rounds, so_far=so_far)
    return so_far_of(so_far, number, players).player_values(names, place, dealer=seat)


def rules_game(
    edition: Rules, *, so_far: GameSoFar | None, players: Sequence[str], number: int, rounds: int
) -> dict[str, dict[str, Any]] | None:
    """Per player, the names about the game so far the edition's bidding rules read
    (:func:`game_values` at ``bidding.rules``): what :func:`broken_rules` takes as ``game``."""
    return game_values(
        edition,
        rules_read(edition),
        place="bidding.rules",
        so_far=so_far,
        players=players,
        number=number,
        rounds=rounds,
    )


def bidding_order(
    edition: Rules,
    players: Sequence[str],
    *,
    leader: int,
    number: int,
    rounds: int,
    so_far: GameSoFar | None = None,
) -> list[str]:
    """The players in the order they bid: seat order from ``bidding.first_bidder``
    (default the round's first leader ``leader``) when bidding in turn; seat order from
    the first seat when bids are simultaneous (the order then means nothing). ``so_far``
    as for :func:`dealer`."""
    count = len(players)
    if edition.bidding.order != "in_turn":
        return list(players)
    first = leader
    formula = edition.bidding.first_bidder
    if formula is not None:
        values = {"round": number, "players": count, "rounds": rounds, "leader": leader}
        if "dealer" in reads(formula):
            values["dealer"] = dealer(edition, number=number, players=count, rounds=rounds, so_far=so_far)
        values.update(_seat_values(formula, "bidding.first_bidder", so_far, number=number, players=count))
        first = int(formula.evaluate(values)) % count
    return [players[(first + i) % count] for i in range(count)]


def broken_rules(
    edition: Rules,
    bids: Mapping[str, int],
    order: Sequence[str],
    *,
    cards: int,
    number: int,
    rounds: int,
    only: str | None = None,
    game: Mapping[str, Mapping[str, int]] | None = None,
    rules: Sequence[BidRule] | None = None,
) -> list[Broken]:
    """The bidding rules ``bids`` break (``order``: every player in bidding order).

    With ``only`` (a player who just bid), the rules on that player's own bid are
    checked, and the rules over every bid only if every bid is in. Without it, every
    rule is checked for every player who bid. ``game`` gives per player the names
    about the game so far the rules read (see
    :meth:`~skullking.rounds.context.GameSoFar.player_values`; left out, a game's
    start: :data:`~skullking.rounds.context.START_VALUES`); ``rules`` checks those
    rules only (default: the edition's)."""
    if rules is None:
        rules = edition.bidding.rules
    if not rules:
        return []
    base = round_values(cards, number, len(order), rounds)
    complete = all(p in bids for p in order)
    table: list[dict[str, int]] = []
    before = 0
    about_game = reads(*(rule.require for rule in rules)) if game is None else ()
    for position, player in enumerate(order):
        if player not in bids:
            continue
        env = dict(base, bid=bids[player], position=position, bids_before=before)
        if game is not None:
            env.update(game.get(player, {}))
        elif about_game:
            env.update(START_VALUES)
        before += bids[player]
        table.append(env)
    for env in table:
        env["total_bids"] = before
    rows = {p: i for i, p in enumerate(p for p in order if p in bids)}
    broken: list[Broken] = []
    for rule in rules:
        if rule.needs_all:
            if complete and not all(rule.require.evaluate_for(table, i) for i in range(len(table))):
                broken.append(Broken(rule, None))
            continue
        for player in [only] if only is not None else [p for p in order if p in bids]:
            if not rule.require.evaluate_for(table, rows[player]):
                broken.append(Broken(rule, player))
    return broken
