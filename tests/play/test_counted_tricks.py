"""A trick nobody wins that counts for a player (an effect's ``counts_for``), as rounds
played move by move (:class:`skullking.Round`), score sheets with the whole play and game
records count it: a trick won for the scoring, its bonuses paid or not, who leads next
unchanged.

The house rule is examples/house-rules/kraken-trick-counts.yaml: "a trick the Kraken
destroys still counts for the player who would have won it, without bonuses"; the rest
is the 2021 rulebook (a bid made scores 20 a trick, a missed one -10 a trick off, a zero
bid made 10 a card dealt; a Loot alliance pays 20 each only when both made their bid).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import skullking
from skullking import Round
from skullking.core.errors import SheetError
from skullking.edition import Edition
from skullking.language.record import parse_record, write_record
from skullking.play.game import Game
from skullking.play.replay import replay_game
from skullking.play.round import play_randomly

ROOT = Path(__file__).resolve().parents[2]
HOUSE_RULE = ROOT / "examples" / "house-rules" / "kraken-trick-counts.yaml"
ARTICLE = ROOT / "tests" / "scoring" / "sheets" / "s000-round6-tricks.yaml"

# Trick 1: Ann Y10, Bo KRAKEN, Cy Y14: destroyed; without the Kraken Cy's Y14 wins, so
# the trick counts for Cy (the house rule) and Cy leads trick 2 (the official FAQ).
# Trick 2: Cy G5, Ann G3, Bo Y2 (no green): Cy wins with G5.
HANDS = {"Ann": ["Y10", "G3"], "Bo": ["KRAKEN", "Y2"], "Cy": ["Y14", "G5"]}
BIDS = {"Ann": 0, "Bo": 0, "Cy": 2}


@pytest.fixture(scope="module")
def house() -> Edition:
    return skullking.load_edition(HOUSE_RULE)


def _played(edition: Edition) -> Round:
    r = Round(edition, ["Ann", "Bo", "Cy"], cards=2, hands={p: list(h) for p, h in HANDS.items()}, leader="Ann")
    for player, bid in BIDS.items():
        r.bid(player, bid)
    for player, card in [("Ann", "Y10"), ("Bo", "KRAKEN"), ("Cy", "Y14"), ("Cy", "G5"), ("Ann", "G3"), ("Bo", "Y2")]:
        r.play(player, card)
    return r


def test_a_round_counts_the_krakens_trick_for_who_would_have_won_it(house: Edition) -> None:
    """A house rule (the Kraken's trick counts for who would have won it, without
    bonuses): Cy's Y14 would have won trick 1, so Cy has 2 tricks and makes a bid of 2:
    40, without the 10 of the yellow 14; Ann and Bo make their zero bids: 10 x 2 cards
    = 20 each. Nobody wins trick 1 all the same, and Cy leads trick 2."""
    r = _played(house)
    first = r.tricks[0]
    assert (first.winner, first.counts_for, first.next_leader) == (None, "Cy", "Cy")
    assert r.tricks[1].players == ("Cy", "Ann", "Bo")
    assert r.won == {"Ann": 0, "Bo": 0, "Cy": 2}
    assert dict(r.score().points) == {"Ann": 20, "Bo": 20, "Cy": 40}


def test_the_same_round_under_the_2021_rulebook_counts_it_for_nobody() -> None:
    """The 2021 rulebook: the Kraken's trick counts for nobody: Cy has 1 trick of a bid
    of 2, -10; Ann and Bo 20 each."""
    r = _played(skullking.load_edition("skullking-2021"))
    assert r.tricks[0].counts_for is None
    assert r.won == {"Ann": 0, "Bo": 0, "Cy": 1}
    assert dict(r.score().points) == {"Ann": 20, "Bo": 20, "Cy": -10}


def test_bonuses_paid_when_the_house_rule_says_so(tmp_path: Path) -> None:
    """A house rule that pays the bonuses of the Kraken's trick to whoever it counts for:
    Cy makes 2 and takes the yellow 14's 10: 50."""
    path = tmp_path / "paid.yaml"
    path.write_text(
        f"extends: {HOUSE_RULE}\nid: paid\neffects: {{list: {{kraken: {{bonuses: paid}}}}}}\n", encoding="utf-8"
    )
    r = _played(skullking.load_edition(path, allow_paths=True))
    assert r.tricks[0].result.bonuses == ("standard-14",)
    assert dict(r.score().points) == {"Ann": 20, "Bo": 20, "Cy": 50}


def test_a_sheet_with_the_whole_play_counts_it_too(house: Edition) -> None:
    """The German score keeper's round of 6 (tests/scoring/sheets), under the house
    rule: Pat's Kraken destroys trick 3, which Nico's G11 would have won: Nico has 3
    tricks for a bid of 2 (-10), so Emma's Loot alliance with him pays neither (both
    must make their bid): Emma 1/1 20, Nico -10, Pat 2/1 -10, Lea 1/1 20; every one of
    the 6 tricks counts for somebody."""
    text = ARTICLE.read_text(encoding="utf-8").replace("edition: skullking-2021", f"edition: {house.id}")
    score = house.score_sheet(text, file="round6.yaml")
    (round_,) = score.rounds
    assert dict(round_.won) == {"Emma": 1, "Nico": 3, "Pat": 1, "Lea": 1}
    assert dict(round_.points) == {"Emma": 20, "Nico": -10, "Pat": -10, "Lea": 20}


def test_a_sheet_of_tricks_won_may_still_lose_the_krakens_trick(house: Edition) -> None:
    """The house rule counts the Kraken's trick for who would have won it, and nobody
    would have where no other card could: a sheet of tricks won may still count one
    trick fewer than the cards dealt per trick-altering card (the Kraken and the
    White Whale), as under the 2021 rulebook."""
    assert house.destroying_cards() == skullking.load_edition("skullking-2021").destroying_cards() == 2


def test_a_trick_always_counted_is_never_lost_on_a_sheet(tmp_path: Path) -> None:
    """A house rule that counts the Kraken's and the White Whale's tricks for their
    players (a seat always named): no trick can be lost, so a sheet whose tricks won
    add up to fewer than the cards dealt is refused, at its round's tricks won."""
    path = tmp_path / "always.yaml"
    path.write_text(
        "extends: skullking-2021\nid: always\neffects:\n  list:\n"
        "    kraken: {counts_for: [effect_player]}\n    white-whale: {counts_for: [effect_player]}\n",
        encoding="utf-8",
    )
    edition = skullking.load_edition(path)
    assert edition.destroying_cards() == 0
    sheet = (
        "edition: always\nplayers: [Ann, Bo, Cy]\nmodules: [base, advanced]\nrounds:\n"
        "  - cards: 1\n    bids: {Ann: 0, Bo: 0, Cy: 0}\n    won: {Ann: 0, Bo: 0, Cy: 0}\n"
    )
    with pytest.raises(SheetError) as caught:
        edition.score_sheet(sheet, file="short.yaml")
    assert str(caught.value) == (
        "short.yaml:7:10: round 1: 0 tricks won in all, but 1 was played "
        "(no card in play can leave a trick that counts for nobody)"
    )
    # (the 2021 rulebook: the Kraken or the White Whale may have left it to nobody)
    base = skullking.load_edition("skullking-2021")
    assert dict(base.score_sheet(sheet.replace("always", "skullking-2021")).totals) == {"Ann": 10, "Bo": 10, "Cy": 10}


RECORD = """[Edition "kraken-trick-counts"]
[Players "Ann" "Bo" "Cy"]

round 1 cards 1 leader Ann
  deal Ann Y7
  deal Bo Y3
  deal Cy G1
  bid Ann 1
  bid Bo 0
  bid Cy 0
  trick 1: Ann Y7, Bo Y3, Cy G1
end

round 2 cards 2 leader Bo
  deal Ann Y10 G3
  deal Bo KRAKEN Y2
  deal Cy Y14 G5
  bid Ann 0
  bid Bo 0
  bid Cy 2
  trick 1: Bo KRAKEN, Cy Y14, Ann Y10
  trick 2: Cy G5, Ann G3, Bo Y2
end
"""


def test_a_game_record_replays_the_counted_trick(house: Edition) -> None:
    """A game record replayed move by move under the house rule. Round 1 (the 2021
    rulebook): Ann makes 1 (20), Bo and Cy make zero bids (10 x 1 card). Round 2, led
    by Bo: his Kraken destroys trick 1, which Cy's Y14 would have won: it counts for Cy,
    who leads trick 2 and wins it with G5: Cy makes 2 (40), Ann and Bo their zero bids
    (10 x 2 cards). Totals: Ann 40, Bo 30, Cy 50."""
    record = parse_record(RECORD, "game.skr")
    assert write_record(record) == RECORD
    score = replay_game(house, record.games[0], file="game.skr")
    assert dict(score.totals) == {"Ann": 40, "Bo": 30, "Cy": 50}


def test_random_games_replay_and_rescore_alike(house: Edition) -> None:
    """The house rule over random games of 3 to 5 players: each game, written as its
    record and replayed, and written as its score sheet (the whole play) and scored,
    gives the totals the game gave; and some trick the Kraken destroyed counted for a
    player in them (what is checked is there)."""
    counted = 0
    for seed in range(12):
        game = Game(house, [f"P{i}" for i in range(3 + seed % 3)], seed=seed)
        rng = random.Random(seed)
        while not game.over:
            round_ = game.next_round()
            play_randomly(round_, rng)
            counted += sum(t.winner is None and t.counts_for is not None for t in round_.tricks)
        totals = game.score().totals
        assert replay_game(house, parse_record(write_record(game.as_record())).games[0]).totals == totals
        assert house.score_sheet(game.as_sheet(), file="game.yaml").totals == totals
    assert counted > 0
