"""Conformance vectors and ``diff`` of a deck that holds numbered and named cards twice (a
house rule of two players: the green suit and Harry the Giant twice each in the 2021
deck)."""

from __future__ import annotations

from pathlib import Path

import pytest

import skullking
from skullking.analysis.trickdiff import trick_differences
from skullking.analysis.vectors import legal_vectors, trick_vectors
from skullking.edition import Edition

RULE = """\
extends: skullking-2021
id: two-greens
players: {min: 2, max: 2}
ghost: null
deck:
  suits: {green: {copies: 2}}
  cards: {pirate: {count: 6, individuals: {harry: {copies: 2}}}}
"""


@pytest.fixture(scope="module")
def edition(tmp_path_factory: pytest.TempPathFactory) -> Edition:
    path: Path = tmp_path_factory.mktemp("copies") / "two-greens.yaml"
    path.write_text(RULE, encoding="utf-8")
    return skullking.load_edition(path)


def test_trick_vectors_meet_two_identical_cards(edition: Edition) -> None:
    """A house rule (two green suits, two Harrys): the trick vectors hold the two green
    14s meeting (the 2021 rulebook's highest card of the led suit: of two identical
    cards the first played, the leader's, wins; each green 14 pays its bonus of 10)
    and the two Harrys (the first pirate wins), tagged ``copies``; every vector's
    answer is the resolver's."""
    vectors = trick_vectors(edition)
    copies = {tuple(v["input"]["cards"]): v for v in vectors if "copies" in v["tags"]}
    assert set(copies) == {("G14", "G14"), ("HARRY", "HARRY")}
    greens = copies["G14", "G14"]
    assert greens["expected"]["winner"] == greens["input"]["leader"]
    assert greens["expected"]["rule"] == "led-suit"
    assert greens["expected"]["bonus"] == 20
    assert greens["expected"]["bonuses"] == ["standard-14", "standard-14"]
    harrys = copies["HARRY", "HARRY"]
    assert (harrys["expected"]["winner"], harrys["expected"]["rule"]) == (harrys["input"]["leader"], "pirate")
    for v in vectors:
        given = v["input"]
        assert edition.interpret_trick(given["cards"], given["leader"], given["players"]).as_json() == v["expected"]


def test_legal_vectors_hold_two_copies_in_hand(edition: Edition) -> None:
    """The 2021 rulebook's follow-suit rule: on a green 14 led, a hand of two green 13s
    and a yellow 1 must play a green 13 (either copy: both are listed)."""
    copies = [v for v in legal_vectors(edition) if "copies" in v["tags"]]
    assert [(v["input"], v["expected"]) for v in copies] == [
        ({"hand": ["G13", "G13", "Y1"], "trick": ["G14"]}, {"legal": ["G13", "G13"]})
    ]


def test_an_edition_without_copies_has_no_such_vectors() -> None:
    """The bundled 2021 edition holds every numbered and named card once: no vector is
    tagged ``copies`` (its vectors stay as they were)."""
    edition = skullking.load_edition("skullking-2021")
    assert not [v for v in legal_vectors(edition) if "copies" in v["tags"]]


def test_diff_meets_identical_cards_read_two_ways(edition: Edition, tmp_path: Path) -> None:
    """The same deck with deck.identical: last_played (a house rule: the later of two
    identical cards wins) differs in the tricks where two identical cards meet, and
    nowhere else: diff's grid of two-card tricks finds them (A: the first played, seat
    0; B: the second, seat 1)."""
    path = tmp_path / "last.yaml"
    path.write_text(
        RULE.replace("id: two-greens", "id: two-greens-last").replace("deck:\n", "deck:\n  identical: last_played\n"),
        encoding="utf-8",
    )
    last = skullking.load_edition(path)
    report = trick_differences(edition, last, depth=2, sample=0)
    pairs = {tuple(e["cards"]): (e["a"]["winner"], e["b"]["winner"]) for e in report["examples"]}
    assert pairs and all(a == 0 and b == 1 and cards[0] == cards[1] for cards, (a, b) in pairs.items())
    # each green card twice (14), Harry twice, and each special card the 2021 deck holds
    # more than once twice: escapes, plain pirates, mermaids, Loot
    assert report["differ"] == 19
