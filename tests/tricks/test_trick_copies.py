"""Decks with copies of cards (``deck.copies``, a suit's or a named card's ``copies``):
identical cards meeting in a trick, under each trick resolver.

The edition is the example house rule examples/house-rules/big-table.yaml (a house rule:
two decks of the 2021 edition shuffled together for 9 to 14 players), and overlays of it
that read two identical cards the other way (``deck.identical``). Expectations are worked
out by hand from the 2021 rulebook's precedence (the Skull King, then the first pirate,
the first mermaid, the highest trump, the highest card of the led suit) and the house
rule's reading of copies: the rule picks the card, and of its identical copies the one
played first wins unless the file says ``identical: last_played``.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from resolvers import ResolveTrick

import skullking
from skullking.core.errors import IllegalTrickError
from skullking.edition import Edition

BIG_TABLE = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "big-table.yaml"


@functools.cache
def _big_table() -> Edition:
    return skullking.load_edition(BIG_TABLE)


@functools.cache
def _overlay(body: str) -> Edition:
    """The 2021 edition with two decks shuffled together (Rosie's choice of leader left
    out, as big-table.yaml leaves it) and ``body`` laid over it."""
    import tempfile

    path = Path(tempfile.mkdtemp(prefix="copies-")) / "overlay.yaml"
    path.write_text(
        f"extends: skullking-2021\nid: copies-overlay\nabilities: {{choose-leader: null}}\n{body}\n",
        encoding="utf-8",
    )
    return skullking.load_edition(path)


LAST_PLAYED = "deck: {copies: 2, identical: last_played}"
LED_TIES_LAST = "precedence:\n  led-suit: {winner: {pick: highest, of: led_suit, ties: last_played}}\n"
#: The led suit's highest card with ties to the card played last (the rule's own
#: order), and with the deck's identical cards read the first played.
TIES_LAST = LED_TIES_LAST + "deck: {copies: 2}"
TIES_LAST_FIRST_COPY = LED_TIES_LAST + "deck: {copies: 2, identical: first_played}"


@pytest.mark.parametrize(
    ("cards", "winner", "rule"),
    [
        # two yellow 7s lead the trick's yellows: both would win, the first played does
        ("Y7 Y3 Y7 G14 E", 0, "led-suit"),
        # the yellow 7 played later does not beat the earlier one, whoever leads
        ("Y2 Y7 Y7", 1, "led-suit"),
        # two Skull Kings: the first (the rule picks the first of its role)
        ("Y9 SK SK", 1, "skull-king"),
        # two Harry the Giants around Rosie: the first pirate is a Harry, the first of them
        ("HARRY ROSIE HARRY", 0, "pirate"),
        # two black 14s: the first played, and both black 14 bonuses (20 each) to it
        ("Y1 B14 B14", 1, "trump"),
        # under the White Whale the highest number wins whatever its suit: of the two
        # yellow 7s and the green 7, the first played
        ("WHALE Y7 G7 Y7", 1, "highest-number"),
    ],
)
def test_of_two_identical_cards_the_first_played_wins(
    resolve_trick: ResolveTrick, cards: str, winner: int, rule: str
) -> None:
    """A house rule (big-table.yaml, deck.identical: first_played): of two identical
    cards that would both win, the one played first wins, as the first of two pirates
    does in the 2021 rulebook."""
    result = resolve_trick(_big_table(), cards, leader=0, players=10)
    assert (result.winner, result.rule) == (winner, rule)


def test_two_black_14s_pay_both_bonuses(resolve_trick: ResolveTrick) -> None:
    """The 2021 rulebook's black 14 bonus (20) is paid for each black 14 captured: two
    copies in one trick pay 40 to its winner."""
    result = resolve_trick(_big_table(), "Y1 B14 B14", leader=3, players=10)
    assert (result.winner, result.bonus, result.bonuses) == (4, 40, ("black-14", "black-14"))


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("Y7 Y3 Y7 G14 E", 2),
        ("Y9 SK SK", 2),
        # the rule picks a Harry (the first pirate); of the Harrys the last played wins
        ("HARRY ROSIE HARRY", 2),
        # the White Whale's rule picks the first 7 (the yellow one); its copy played last
        # wins, not the green 7, which is no copy of it
        ("WHALE Y7 G7 Y7", 3),
        ("Y7 G7 Y7", 2),
    ],
)
def test_identical_last_played_gives_the_trick_to_the_later_copy(
    resolve_trick: ResolveTrick, cards: str, winner: int
) -> None:
    """A house rule (deck.identical: last_played, as some tables play a second deck):
    of two identical cards the one played last wins when the rule picks that card."""
    result = resolve_trick(_overlay(LAST_PLAYED), cards, leader=0, players=5)
    assert result.winner == winner


def test_by_default_identical_cards_follow_the_rule_s_own_order(resolve_trick: ResolveTrick) -> None:
    """Without deck.identical, copies are read as the rule reads the trick: a rule whose
    ties go to the card played last (winner.ties: last_played) gives two yellow 7s to the
    second; the same rule with deck.identical: first_played gives them to the first."""
    assert resolve_trick(_overlay(TIES_LAST), "Y7 Y7", players=4).winner == 1
    assert resolve_trick(_overlay(TIES_LAST_FIRST_COPY), "Y7 Y7", players=4).winner == 0
    # cards of the same rank that are not copies still follow the rule's ties: the
    # White Whale's highest number (ties to the first played) is the yellow 7
    assert resolve_trick(_overlay(TIES_LAST_FIRST_COPY), "WHALE Y7 G7", players=4).winner == 1


def test_identical_is_read_after_a_kraken_as_before(resolve_trick: ResolveTrick) -> None:
    """The 2021 rulebook and the official FAQ: after a Kraken, who would have won without
    it leads; of two yellow 7s that is the first played (seat 1 of a trick led by seat
    0), or under deck.identical: last_played the second (seat 3)."""
    assert resolve_trick(_big_table(), "KRAKEN Y7 Y2 Y7", players=10).next_leader == 1
    assert resolve_trick(_overlay(LAST_PLAYED), "KRAKEN Y7 Y2 Y7", players=4).next_leader == 3


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("Y7 Y7 Y7", "'Y7' 3 times in one trick: the deck has 2 Y7"),
        ("SK SK SK", "'SK' 3 times in one trick: the deck has 2 skull king"),
        ("ROSIE ROSIE ROSIE", "'ROSIE' 3 times in one trick: the deck has 2"),
    ],
)
def test_a_card_beyond_its_copies_is_refused(resolve_trick: ResolveTrick, cards: str, message: str) -> None:
    """Two decks hold every card twice: a third copy in one trick cannot happen."""
    with pytest.raises(IllegalTrickError) as caught:
        resolve_trick(_big_table(), cards, players=10)
    assert str(caught.value) == message


def test_a_suit_of_its_own_copies() -> None:
    """A house rule giving one suit two copies (deck.suits[].copies) lets two green 7s
    meet, and still refuses two yellow 7s (one copy each); a named card's copies
    (individuals[].copies) likewise."""
    import tempfile

    path = Path(tempfile.mkdtemp(prefix="copies-")) / "green.yaml"
    path.write_text(
        "extends: skullking-2021\nid: two-greens\n"
        "deck:\n  suits: {green: {copies: 2}}\n  cards: {pirate: {count: 6, individuals: {harry: {copies: 2}}}}\n",
        encoding="utf-8",
    )
    edition = skullking.load_edition(path)
    assert edition.resolve_trick("G7 G7 Y3").winner == 0
    assert edition.interpret_trick("HARRY HARRY").winner == 0
    assert len(edition.deck()) == 74 + 14 + 1
    with pytest.raises(IllegalTrickError, match="'Y7' 2 times in one trick: the deck has 1 Y7"):
        edition.resolve_trick("Y7 Y7")
    with pytest.raises(IllegalTrickError, match="'ROSIE' 2 times in one trick: the deck has one"):
        edition.resolve_trick("ROSIE ROSIE")


def test_identical_cards_have_one_code() -> None:
    """The notation: identical cards are written alike and parse back to the same play
    (``parse(str(card)) == card``), so a trick of two Y7 is written 'Y7 Y7'."""
    edition = _big_table()
    cards = edition.parse_cards("Y7 yellow 7 SK skull king")
    assert [str(p) for p in cards] == ["Y7", "Y7", "SK", "SK"]
    assert cards[0] is cards[1] and cards[2] is cards[3]
    for play in cards:
        assert edition.play_of(str(play)) == play


def test_legal_plays_with_two_copies_in_hand() -> None:
    """The 2021 rulebook's follow-suit rule with copies: a hand of two yellow 7s, a green
    3 and an escape on a yellow lead may play either 7 or the escape (listed in hand
    order, a copy each); a hand and trick holding three 7s is refused."""
    edition = _big_table()
    assert [str(p) for p in edition.legal_plays("Y7 Y7 G3 E", "Y2", players=10)] == ["Y7", "Y7", "E"]
    assert [str(p) for p in edition.legal_plays("G3 Y4", "Y7 Y7", players=10)] == ["Y4"]
    with pytest.raises(IllegalTrickError, match="'Y7' 3 times in the hand and the trick: the deck has 2 Y7"):
        edition.legal_plays("Y7 Y7", "Y7")


def test_one_rule_reads_identical_cards_its_own_way(resolve_trick: ResolveTrick) -> None:
    """A house rule (two decks; the later of two Skull Kings wins, winner.identical on
    that rule alone, and under the White Whale the later copy of the highest number):
    two Skull Kings go to the second, two escapes still to the first (the 2021
    rulebook's first card of an all-escape trick), two yellow 7s under the Whale to the
    later one."""
    edition = _overlay(
        "deck: {copies: 2}\nprecedence:\n  skull-king: {winner: {identical: last_played}}\n"
        "effects:\n  list:\n    white-whale: {precedence: {highest-number: {winner: {identical: last_played}}}}"
    )
    assert resolve_trick(edition, "Y9 SK SK", players=4).winner == 2
    assert resolve_trick(edition, "E E", players=4).winner == 0
    assert resolve_trick(edition, "Y7 Y7", players=4).winner == 0
    assert resolve_trick(edition, "WHALE Y7 G7 Y7", players=4).winner == 3
