"""Score sheets whose tricks hold copies of one card (a house rule: two decks of the
2021 edition shuffled together, examples/house-rules/big-table.yaml).

The round: nine players, one card each (the 2021 rulebook's round 1), Ann leading.
Ann and Cy play the two yellow 7s, Bo a yellow 3, Di and Ed escapes, Flo and Gus the two
green 7s, Hal and Ida the two purple 4s. The highest card of the led suit wins (the 2021
rulebook); of the two yellow 7s the first played wins (the house rule's
deck.identical: first_played): Ann. Ann bid 1 and won it: 20 (the 2021 rulebook's
classic scoring, 20 a trick bid); everybody else bid 0 and won none: 10 each (10 times
the cards dealt).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import skullking
from skullking.core.errors import SheetError
from skullking.edition import Edition

BIG_TABLE = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "big-table.yaml"
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida"]
TRICK = ["Y7", "Y3", "Y7", "E", "E", "G7", "G7", "P4", "P4"]


@functools.cache
def _big_table() -> Edition:
    return skullking.load_edition(BIG_TABLE)


def _sheet(trick: list[str]) -> dict[str, object]:
    bids = dict.fromkeys(PLAYERS, 0) | {"Ann": 1}
    return {"players": PLAYERS, "rounds": [{"cards": 1, "bids": bids, "leader": "Ann", "tricks": [trick]}]}


def test_a_trick_with_two_yellow_7s_scores_for_the_first() -> None:
    """A house rule (two decks, the first of two identical cards wins): Ann's yellow 7,
    played before Cy's, takes the trick; Ann's bid of 1 makes 20, every zero bid 10."""
    score = _big_table().score_sheet(_sheet(TRICK))
    assert dict(score.totals) == dict.fromkeys(PLAYERS, 10) | {"Ann": 20}


def test_the_same_trick_when_the_last_copy_wins(tmp_path: Path) -> None:
    """A house rule reading copies the other way (deck.identical: last_played): Cy's
    yellow 7 takes the trick; Cy bid 0 and won 1: -10 (the 2021 rulebook: 10 times the
    cards dealt lost); Ann bid 1 and won none: -10."""
    path = tmp_path / "last.yaml"
    path.write_text(f"extends: {BIG_TABLE}\nid: last-copy\ndeck: {{identical: last_played}}\n", encoding="utf-8")
    edition = skullking.load_edition(path, allow_paths=True)
    score = edition.score_sheet(_sheet(TRICK))
    assert dict(score.totals) == dict.fromkeys(PLAYERS, 10) | {"Ann": -10, "Cy": -10}


def test_a_third_copy_in_a_round_is_refused() -> None:
    """Two decks hold two yellow 7s: a sheet whose round plays three is refused at the
    third, with the copies the deck has."""
    trick = ["Y7", "Y3", "Y7", "E", "E", "G7", "G7", "P4", "Y7"]
    with pytest.raises(SheetError) as caught:
        _big_table().score_sheet(_sheet(trick), file="sheet.yaml")
    assert "trick 1: 'Y7' is played 3 times in the round, but the deck has 2 copies" in str(caught.value)


def test_a_named_card_twice_in_a_round() -> None:
    """Two decks hold two Harry the Giants: one round may play both (the first pirate
    wins, the first Harry: Ann's), a third is refused."""
    trick = ["HARRY", "Y3", "HARRY", "E", "E", "G7", "G7", "P4", "P4"]
    score = _big_table().score_sheet(_sheet(trick))
    assert dict(score.totals) == dict.fromkeys(PLAYERS, 10) | {"Ann": 20}
    with pytest.raises(SheetError) as caught:
        _big_table().score_sheet(_sheet([*trick[:-1], "HARRY"]), file="sheet.yaml")
    assert "trick 1: 'HARRY' is played 3 times in the round, but the deck has 2 copies" in str(caught.value)


def test_bonuses_for_two_copies_of_a_card() -> None:
    """The 2021 rulebook's bonuses under two decks: a player who made a bid of 2 may
    have captured both black 14s (20 each) and both Skull Kings with mermaids (40
    each): 2 x 20 for the bid, 2 x 20 + 2 x 40 in bonuses; a third black 14 is refused."""
    bids = dict.fromkeys(PLAYERS, 0) | {"Ann": 2}
    won = dict.fromkeys(PLAYERS, 0) | {"Ann": 2}
    claimed = ["black-14", "black-14", "skull-king-by-mermaid", "skull-king-by-mermaid"]
    sheet = {"players": PLAYERS, "rounds": [{"cards": 2, "bids": bids, "won": won, "bonuses": {"Ann": claimed}}]}
    assert _big_table().score_sheet(sheet).totals["Ann"] == 40 + 2 * 20 + 2 * 40
    sheet["rounds"][0]["bonuses"] = {"Ann": ["black-14"] * 3}  # type: ignore[index]
    with pytest.raises(SheetError) as caught:
        _big_table().score_sheet(sheet)
    assert "bonus 'black-14' 3 times, but the cards in play allow at most 2" in str(caught.value)
