"""A score sheet written as a game record (:mod:`skullking.language.record`), without
the deal the sheet does not give.

The sheet is scored first, so that only a sheet ``skullking score`` accepts is written.
A round that gives its whole play (``tricks``) is written with its tricks: its replay
says who played each card and who won which trick with which card, so each trick names
its players and each ability's choice comes after the trick that granted it (after the
round's last trick when the edition has it wait for the end of the round). A round that
gives the tricks won (``won``) is written with its results (``won``, ``bonus``,
``alliance`` and the abilities' choices as ``decide`` lines), and the last round while
it is being played (``in_progress``) with its bids and loads and no ``end``. Points
outside the rules (``extra``) end a round of either kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skullking.language.record import (
    Alliance,
    Bid,
    Bonus,
    Decide,
    Event,
    Extra,
    GameRecord,
    Load,
    Played,
    RoundRecord,
    Tag,
    TrickPlayed,
    Won,
)
from skullking.rounds.lookups import CHANGE_BID, WAGER
from skullking.rounds.seating import leader_abilities
from skullking.scoring.sheets.score import read_sheet, score_sheet

if TYPE_CHECKING:
    from skullking.reading.located import Node
    from skullking.rounds.rules import GameRules
    from skullking.scoring.sheets.play import Replayed


def _tag(name: str, *values: str) -> Tag:
    return Tag(name=name, values=values, line=0, column=0)


def sheet_record(
    edition: GameRules,
    sheet: Node | str,
    *,
    file: str = "<sheet>",
    scoring: str | None = None,
    schedule: str | None = None,
) -> GameRecord:
    """The game record of ``sheet`` (a located tree, or YAML/JSON text) under ``edition``;
    raises :class:`~skullking.core.errors.SheetError` for a sheet that does not score."""
    root = read_sheet(sheet, file) if isinstance(sheet, str) else sheet
    score = score_sheet(edition, root, file=file, scoring=scoring, schedule=schedule, check_edition=False)
    plain: dict[str, Any] = root.plain()
    scheme = edition.scheme(scoring or plain.get("scoring"))
    tags = [
        _tag("Edition", edition.id),
        _tag("Rules", edition.fingerprint()),
        _tag("Players", *score.players),
        _tag("Schedule", schedule or plain.get("schedule") or edition.default_schedule),
        _tag("Scoring", scheme.id),
    ]
    if "modules" in plain:
        tags.append(_tag("Modules", *plain["modules"]))
    rounds = []
    for number, (given, play, points) in enumerate(
        zip(plain["rounds"], score.plays, score.rounds, strict=False), start=1
    ):
        table = tuple(given.get("players", score.players))
        if play is None:
            rounds.append(
                _results(edition, number=number, cards=points.cards, given=given, loads=scheme.loads, table=table)
            )
        else:
            rounds.append(
                _round(
                    edition, number=number, cards=points.cards, given=given, play=play, loads=scheme.loads, table=table
                )
            )
    if score.in_progress is not None:
        going = score.in_progress
        given = plain["rounds"][-1]
        events = _bids(given, scheme.loads, tuple(given.get("players", score.players)))
        rounds.append(
            RoundRecord(
                number=going.number, cards=going.cards, leader=None, events=events, line=0, column=0, ended=False
            )
        )
    return GameRecord(tags=tuple(tags), rounds=tuple(rounds), line=0, column=0)


def _round(
    edition: GameRules,
    *,
    number: int,
    cards: int,
    given: dict[str, Any],
    play: Replayed,
    loads: tuple[str, ...],
    table: tuple[str, ...],
) -> RoundRecord:
    """Round ``number`` of a sheet (its entry ``given``, its whole play ``play``)."""
    events = list(_bids(given, loads, table))
    # The choices the abilities made: (after which trick, the decision); the trick is
    # the one the player won with the card that grants it.
    made: list[tuple[int, Decide]] = []
    choices = [(WAGER, edition.wagers), (CHANGE_BID, edition.bid_changes)]
    for kind, choice in choices:
        if choice is None or choice.card is None:
            continue
        for player, value in given.get(choice.sheet_key, {}).items():
            after = cards if choice.timing == "end_of_round" else _won_with(play, player, choice.card, cards)
            made.append((after, Decide(player, choice.card, kind, (str(value),), 0, 0)))
    for ability in leader_abilities(edition):
        if ability.sheet_key is None:
            continue
        for player, leader in given.get(ability.sheet_key, {}).items():
            after = _won_with(play, player, ability.card, cards)
            made.append((after, Decide(player, ability.card, ability.kind.value, (leader,), 0, 0)))
    made.sort(key=lambda entry: entry[0])
    for k, seats in enumerate(play.seats, start=1):
        cards_played = given["tricks"][k - 1]
        plays = tuple(Played(seat, str(card), 0, 0) for seat, card in zip(seats, cards_played, strict=True))
        events.append(TrickPlayed(k, plays, 0, 0))
        events += [decision for after, decision in made if after == k]
    events += _extra(given)
    leader = play.seats[0][0] if play.seats else None
    return RoundRecord(number=number, cards=cards, leader=leader, events=tuple(events), line=0, column=0)


def _bids(given: dict[str, Any], loads: tuple[str, ...], table: tuple[str, ...]) -> tuple[Event, ...]:
    """What a round of a sheet (its entry ``given``) says first: the bids, then each
    player's load under a scheme with loads (the first, where the sheet gives none)."""
    events: list[Event] = [Bid(player, bid, 0, 0) for player, bid in given["bids"].items()]
    chosen = given.get("loads", {})
    if loads:
        events += [Load(player, chosen.get(player, loads[0]), 0, 0) for player in table]
    return tuple(events)


def _results(
    edition: GameRules,
    *,
    number: int,
    cards: int,
    given: dict[str, Any],
    loads: tuple[str, ...],
    table: tuple[str, ...],
) -> RoundRecord:
    """Round ``number`` of a sheet that gives the tricks won (its entry ``given``): its
    bids and loads, its results, then the abilities' choices (wagers, bid changes)."""
    events = list(_bids(given, loads, table))
    events += [Won(player, tricks, 0, 0) for player, tricks in given["won"].items()]
    events += [Bonus(player, bonus, 0, 0) for player, ids in given.get("bonuses", {}).items() for bonus in ids]
    events += [Alliance(player, winner, 0, 0) for player, winner in given.get("loot", [])]
    for kind, choice in ((WAGER, edition.wagers), (CHANGE_BID, edition.bid_changes)):
        if choice is not None and choice.card is not None:
            made = given.get(choice.sheet_key, {})
            events += [Decide(player, choice.card, kind, (str(value),), 0, 0) for player, value in made.items()]
    events += _extra(given)
    return RoundRecord(number=number, cards=cards, leader=None, events=tuple(events), line=0, column=0)


def _extra(given: dict[str, Any]) -> list[Event]:
    """The points a round of a sheet gives outside the rules (``extra``), last."""
    return [Extra(player, points, 0, 0) for player, points in given.get("extra", {}).items()]


def _won_with(play: Replayed, player: str, card: str, last: int) -> int:
    """The trick ``player`` won with ``card`` (an ability's card: a kind of card, or a
    named one), else the round's last."""
    for trick, won in play.wins.get(player, []):
        if card in (won.card.kind, won.card.individual):
            return trick
    return last
