"""Round trips of game records (a helper of the tests and of ``scripts/records_soak.py``, not
of the library): a game played, written as its record and read back
every way the engine reads one, must give the scores the game gave.

For each game, :func:`check_game` checks that

- the record's canonical text, read and written again, is the same text;
- ``replay`` of the record gives the game's scores (under the house rule the record
  carries inline, where it carries one: the rule is read from the record, not a file);
- the record without its deal (a score sheet's whole play) gives the same scores;
- the game loaded from the record at a move drawn at random
  (:meth:`Game.from_record <skullking.play.game.Game.from_record>`) and played on with
  the record's own moves gives the same scores.

``scripts/records_soak.py`` runs it over thousands of games of every bundled edition
and example house rule; the test suite over a few.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from skullking.core.errors import SkullKingError
from skullking.language.record import Deal, GameRecord, Undealt, parse_record, with_rule, write_record

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.play.game import Game


@dataclasses.dataclass
class Tally:
    """What a run of round trips checked, and every disagreement it found."""

    games: int = 0
    disagreements: list[str] = dataclasses.field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.disagreements += other.disagreements


def without_deal(game: GameRecord) -> GameRecord:
    """``game`` with no ``deal`` nor ``undealt`` line: the record of its play alone."""
    rounds = tuple(
        dataclasses.replace(r, events=tuple(e for e in r.events if not isinstance(e, Deal | Undealt)))
        for r in game.rounds
    )
    return dataclasses.replace(game, rounds=rounds)


def play(edition: Edition, seed: int) -> Game:
    """A whole game of ``edition`` played at random, between as many players as the seed
    picks among those the edition allows (2 to 8; only its fewest, for an edition of
    more than 8 players at the least), up to the tie-break rounds a game plays at most
    (:meth:`Game.play_out <skullking.play.game.Game.play_out>`)."""
    from skullking.play.game import Game
    from skullking.play.round import play_randomly

    low = edition.min_players
    high = max(low, min(edition.max_players, 8))
    count = low + seed % (high - low + 1)
    game = Game(edition, [f"P{i}" for i in range(count)], seed=seed)
    rng = random.Random(seed)
    game.play_out(lambda round_: play_randomly(round_, rng))
    return game


def check_game(
    game: Game, *, rule: str | None = None, seed: int = 0, reader: Callable[[GameRecord], Edition] | None = None
) -> list[str]:
    """Every disagreement between ``game`` and its record read back each way (the module
    says which); empty when there is none. ``rule``: the house rule's YAML, carried
    inline by the record, whose edition ``reader`` (default: the one loader, through
    :func:`~skullking.loading.inline.inline_edition`) reads from the record."""
    from skullking.loading.inline import inline_edition
    from skullking.play.game import Game
    from skullking.play.replay import moves, replay_game, resume_game

    expected = game.score().as_json()
    record = game.as_record()
    if rule is not None:
        record = with_rule(record, rule)
    text = write_record(record)
    found: list[str] = []
    try:
        read = parse_record(text).games[0]
        if write_record(read) != text:
            found.append("the canonical text, read and written again, is not the same text")
        edition = game.edition if rule is None else (reader or inline_edition)(read)
        if replay_game(edition, read).as_json() != expected:
            found.append("the record replays to other scores than the game's")
        if replay_game(edition, without_deal(read)).as_json() != expected:
            found.append("the record without its deal replays to other scores than the game's")
        made = random.Random(seed).randint(0, moves(read))
        loaded = Game.from_record(edition, read, upto=made)
        if resume_game(edition, loaded, read, made=made).score().as_json() != expected:
            found.append(f"the game loaded at move {made} and played on as recorded scores otherwise")
    except SkullKingError as exc:  # a record the engine wrote and refuses: a disagreement too
        found.append(f"refused: {exc}")
    return found
