"""Load-time checks of a deck with copies: the deck suffices for every player count and
schedule counting every copy, and the copies' own bounds (a house rule's keys
``deck.copies``, a suit's and a named card's ``copies``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from clihelp import run

import skullking
from skullking.core.errors import EditionError
from skullking.model.records import CHOOSE_LEADER

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
#: The 2021 edition's suits cut to 1-8 (a short game): 4 x 8 numbered cards and its 14
#: special cards of the base game, 46.
SHORT = (
    "extends: skullking-2021\nid: short\n"
    "deck:\n  suits:\n    green: {ranks: {to: 8}COPIES}\n    yellow: {ranks: {to: 8}COPIES}\n"
    "    purple: {ranks: {to: 8}COPIES}\n    black: {ranks: {to: 8}COPIES}\n"
)


def _problems(path: Path) -> list[str]:
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(path)
    return [f"{Path(p.file).name}:{p.line}: {p.message}" for p in caught.value.problems]


def test_a_short_deck_is_too_small_for_five_players(tmp_path: Path) -> None:
    """The 2021 rulebook deals 10 cards in round 10 to up to 7 players: suits of 1-8 (46
    cards) cannot deal 5 players 10 cards (50)."""
    path = tmp_path / "short.yaml"
    path.write_text(SHORT.replace("COPIES", ""), encoding="utf-8")
    assert any(
        "the deck is too small: 5 players x 10 cards = 50 cards, but the deck without optional modules has 46" in p
        for p in _problems(path)
    )


def test_two_copies_of_each_short_suit_deal_every_player_count(tmp_path: Path) -> None:
    """The same short suits twice each (a suit's copies: 2): 64 numbered cards and 14
    special ones, 78, deal 7 players 10 cards (70) and 8 players 8 (64)."""
    path = tmp_path / "short.yaml"
    path.write_text(SHORT.replace("COPIES", ", copies: 2"), encoding="utf-8")
    edition = skullking.load_edition(path)
    assert len(edition.deck(["base"])) == 78


def test_the_big_table_deals_fourteen_but_not_fifteen(tmp_path: Path) -> None:
    """A house rule (two decks, big-table.yaml): 140 base cards deal 14 players 10 cards
    each; 15 players would need 150."""
    edition = skullking.load_edition(EXAMPLES / "big-table.yaml")
    assert (edition.min_players, edition.max_players, len(edition.deck(["base"]))) == (9, 14, 140)
    path = tmp_path / "fifteen.yaml"
    path.write_text(f"extends: {EXAMPLES / 'big-table.yaml'}\nid: fifteen\nplayers: {{max: 15}}\n", encoding="utf-8")
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(path, allow_paths=True)
    messages = [p.message for p in caught.value.problems]
    assert any(
        "the deck is too small: 15 players x 10 cards = 150 cards, but the deck without optional modules has 140" in m
        for m in messages
    ), messages


def test_named_copies_count_against_the_card_s_count(tmp_path: Path) -> None:
    """Five named pirates, one of them twice, are six pirate cards: the 2021 deck's
    five pirates cannot hold them; a count of 6 can."""
    path = tmp_path / "harry.yaml"
    path.write_text(
        "extends: skullking-2021\nid: two-harrys\ndeck: {cards: {pirate: {individuals: {harry: {copies: 2}}}}}\n",
        encoding="utf-8",
    )
    assert any("5 named individuals (6 cards) but only 5 copies" in p for p in _problems(path))
    path.write_text(path.read_text(encoding="utf-8").replace("{pirate: {", "{pirate: {count: 6, "), encoding="utf-8")
    edition = skullking.load_edition(path)
    assert [c.code for c in edition.deck()].count("HARRY") == 2


LEADER = (
    "a 'choose_leader' ability needs a card the deck holds once, but it has 2 '{card}' (a score sheet records "
    "one leader chosen per player and round: 'abilities: {{choose-leader: null}}' leaves the ability out)"
)


@pytest.mark.parametrize(
    ("body", "place", "card"),
    [
        # two decks shuffled together: at deck.copies' value
        ("deck:\n  copies: 2\n", "4:11", "rosie"),
        # Rosie herself twice (six pirates): at her copies' value
        (
            "deck:\n  cards:\n    pirate:\n      count: 6\n      individuals:\n        rosie: {copies: 2}\n",
            "8:25",
            "rosie",
        ),
        # the choice moved to the mermaids, of which the 2021 deck holds two: at the card named
        ("abilities:\n  choose-leader: {card: mermaid}\n", "4:25", "mermaid"),
    ],
    ids=["deck-copies", "named-copies", "card-count"],
)
def test_a_leader_choosing_card_held_twice_is_refused_at_the_key_that_copies_it(
    tmp_path: Path, body: str, place: str, card: str
) -> None:
    """Rosie's choice of the next leader (the 2021 rulebook) is written once per player
    and round on a score sheet (``rosie: {Emma: Nico}``), as the score pad and a round's
    sheet record it: a house rule whose deck holds the choosing card twice (two decks at
    a big table, a second Rosie, the choice given to the two mermaids) would need a
    second choice of one player in one round, so it is refused when it loads, with one
    problem at the key that made the second copy, naming the card and the way out."""
    path = tmp_path / "two.yaml"
    path.write_text(f"extends: skullking-2021\nid: two\n{body}", encoding="utf-8")
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(path)
    assert [f"{Path(p.file).name}:{p.line}:{p.column}: {p.message}" for p in caught.value.problems] == [
        f"two.yaml:{place}: {LEADER.format(card=card)}"
    ]
    # the command line: validate finds one problem (exit 1), a command that plays is given bad input (2)
    code, out, err = run("validate", str(path))
    assert (code, out, err) == (1, f"{path}:{place}: {LEADER.format(card=card)}\n", "")
    code, out, err = run("trick", "--edition", str(path), "Y1", "Y2")
    assert (code, out, err) == (2, "", f"{path}:{place}: {LEADER.format(card=card)}\n")


def test_two_decks_without_the_leader_choice_load(tmp_path: Path) -> None:
    """A house rule: two decks at a big table, Rosie's choice left out as the refusal
    says: it loads, with two Rosies in the deck and no leader-choosing ability."""
    path = tmp_path / "two.yaml"
    path.write_text(
        "extends: skullking-2021\nid: two\ndeck:\n  copies: 2\nabilities: {choose-leader: null}\n", encoding="utf-8"
    )
    edition = skullking.load_edition(path)
    assert [c.code for c in edition.deck()].count("ROSIE") == 2
    assert not [a for a in edition.abilities if a.kind is CHOOSE_LEADER]


def test_too_many_copies_are_refused_at_the_key_that_copies(tmp_path: Path) -> None:
    """A deck may hold at most 1,000 cards, every copy counted: a hundred decks of the
    2021 edition are refused at the overlay's deck.copies, a hundred copies of the green
    suit at that suit."""
    path = tmp_path / "huge.yaml"
    path.write_text(
        "extends: skullking-2021\nid: huge\nplayers: {max: 20}\ndeck: {copies: 100}\n"
        "abilities: {choose-leader: null}\n",
        encoding="utf-8",
    )
    assert _problems(path) == ["huge.yaml:4: the deck holds more than 1,000 cards, the most a deck may hold"]
    path.write_text("extends: skullking-2021\nid: huge\ndeck: {suits: {green: {copies: 100}}}\n", encoding="utf-8")
    assert _problems(path) == ["huge.yaml:3: the deck holds more than 1,000 cards, the most a deck may hold"]
