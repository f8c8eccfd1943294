"""Game records and games of a deck with copies of every card (a house rule: two decks
of the 2021 edition shuffled together for 9 to 14 players,
examples/house-rules/big-table.yaml): repeated cards dealt, held and played.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

import skullking
from skullking.core.errors import RecordError
from skullking.edition import Edition
from skullking.language.record import parse_record, write_record
from skullking.play.game import Game
from skullking.play.replay import replay_game
from skullking.play.round import play_randomly

BIG_TABLE = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "big-table.yaml"

#: Two rounds of nine players. Round 1 (one card each, Ann leads): Ann's and Cy's yellow
#: 7s, the first played wins (the house rule's deck.identical: first_played): Ann bid 1
#: and made it, 20; the others bid 0 and made it, 10 each (the 2021 rulebook's classic
#: scoring). Round 2 (two cards each, Bo leads: the player after the dealer): Bo holds
#: both yellow 7s and wins both tricks with them, the highest yellow each time (every
#: other player follows yellow while holding it); Bo bid 2: 40; the others bid 0: 20 each
#: (10 times two cards). Totals: Ann 40, Bo 50, every other player 30.
RECORD = """\
[Edition "big-table"]
[Players "Ann" "Bo" "Cy" "Di" "Ed" "Flo" "Gus" "Hal" "Ida"]

round 1 cards 1 leader Ann
  deal Ann Y7
  deal Bo Y3
  deal Cy Y7
  deal Di E
  deal Ed E
  deal Flo G7
  deal Gus G7
  deal Hal P4
  deal Ida P4
  bid Ann 1
  bid Bo 0
  bid Cy 0
  bid Di 0
  bid Ed 0
  bid Flo 0
  bid Gus 0
  bid Hal 0
  bid Ida 0
  trick 1: Ann Y7, Bo Y3, Cy Y7, Di E, Ed E, Flo G7, Gus G7, Hal P4, Ida P4
end

round 2 cards 2 leader Bo
  deal Ann Y2 Y1
  deal Bo Y7 Y7
  deal Cy Y3 G3
  deal Di Y5 P5
  deal Ed E G9
  deal Flo G1 G2
  deal Gus G5 P2
  deal Hal P6 P8
  deal Ida P9 P10
  bid Ann 0
  bid Bo 2
  bid Cy 0
  bid Di 0
  bid Ed 0
  bid Flo 0
  bid Gus 0
  bid Hal 0
  bid Ida 0
  trick 1: Bo Y7, Cy Y3, Di Y5, Ed E, Flo G1, Gus G5, Hal P6, Ida P9, Ann Y2
  trick 2: Bo Y7, Cy G3, Di P5, Ed G9, Flo G2, Gus P2, Hal P8, Ida P10, Ann Y1
end
"""


@functools.cache
def _big_table() -> Edition:
    return skullking.load_edition(BIG_TABLE)


def test_a_record_deals_and_plays_two_copies_of_a_card() -> None:
    """A house rule (two decks): a record dealing two yellow 7s in a round, one of them
    twice to one hand, replays to the scores worked out above; written again, its text
    is the same."""
    record = parse_record(RECORD, "game.skr")
    assert write_record(record) == RECORD
    score = replay_game(_big_table(), record.games[0], file="game.skr")
    others = dict.fromkeys(["Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida"], 30)
    assert dict(score.totals) == {"Ann": 40, "Bo": 50, **others}


def test_a_record_dealing_a_third_copy_is_refused() -> None:
    """Two decks hold two yellow 7s: a deal of three in one round (Ann's, Bo's and Cy's)
    is refused at the third, located at the record's line."""
    text = RECORD.replace("deal Bo Y3", "deal Bo Y7").replace("Bo Y3, Cy Y7", "Bo Y7, Cy Y7")
    record = parse_record(text, "game.skr")
    with pytest.raises(RecordError) as caught:
        replay_game(_big_table(), record.games[0], file="game.skr")
    assert str(caught.value) == "game.skr:7:3: Cy's hand: 'Y7' is dealt more often than the deck in play has it (2)"


def test_a_game_of_twelve_players_plays_to_the_end_and_replays() -> None:
    """A house rule (two decks for 9 to 14 players): a game of twelve plays every round
    of the 2021 schedule (1 to 10 cards, 120 cards dealt in the last: the deck of 140
    base cards suffices), holding and playing repeated cards; its record replays to the
    same scores."""
    edition = _big_table()
    game = Game(edition, [f"P{i}" for i in range(1, 13)], seed=12)
    rng = random.Random(12)
    repeated = 0
    while not game.over:
        round_ = game.next_round()
        play_randomly(round_, rng)
    text = write_record(game.as_record())
    for line in text.splitlines():
        if line.lstrip().startswith("deal "):
            cards = line.split()[2:]
            repeated += len(cards) - len(set(cards))
    assert repeated > 0  # some hand held two copies of one card
    record = parse_record(text)
    assert len(record.games[0].rounds) == 10
    assert replay_game(edition, record.games[0]).totals == game.score().totals
