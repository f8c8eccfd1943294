"""A sheet's bonus claims against the cards in play, where two bonuses match one card.

The house rules are the files in ``house-rules/``; every expected number is worked out by
hand from the 2021 rulebook's classic scoring (20 a trick bid when the bid is made, 10 a
card dealt for a made zero bid, capture bonuses only with a made bid) and the house
rule's bonus, in the comments.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import skullking
from skullking import SheetError
from skullking.edition import Edition

HOUSE = Path(__file__).resolve().parent / "house-rules"


@pytest.fixture(scope="module")
def takes_black_14() -> Edition:
    """A house rule: the Skull King taking the black 14 pays 10 more."""
    return skullking.load_edition(str(HOUSE / "skull-king-takes-black-14.yaml"))


@pytest.fixture(scope="module")
def black_14_wins() -> Edition:
    """A house rule: the black 14 winning its trick pays 10 more."""
    return skullking.load_edition(str(HOUSE / "black-14-wins.yaml"))


def _round_1(claims: str) -> str:
    """Round 1 of three players (one card each), Ann bidding and winning its trick, with
    ``claims`` as its bonuses (at line 5)."""
    return textwrap.dedent(f"""\
        players: [Ann, Bo, Cy]
        rounds:
          - bids: {{Ann: 1, Bo: 0, Cy: 0}}
            won: {{Ann: 1, Bo: 0, Cy: 0}}
            bonuses: {claims}
        """)


def _two_winners(claims: str) -> str:
    """A round of 2 cards in which Ann and Bo each bid and win a trick, with ``claims``
    as its bonuses (at line 6)."""
    return textwrap.dedent(f"""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 2
            bids: {{Ann: 1, Bo: 1, Cy: 0}}
            won: {{Ann: 1, Bo: 1, Cy: 0}}
            bonuses: {claims}
        """)


def _problems(edition: Edition, text: str) -> list[str]:
    with pytest.raises(SheetError) as info:
        edition.score_sheet(text, file="bad.yaml")
    return [str(p) for p in info.value.problems]


def test_skull_king_taking_the_black_14_pays_both_bonuses_for_one_card(takes_black_14: Edition) -> None:
    """A house rule (the Skull King taking the black 14 pays 10) on the 2021 rulebook's
    black-14 bonus: one black 14 in Ann's trick pays both. Ann bid 1 and won it: 20 + 20
    (black 14) + 10 (taken by the Skull King) = 50; Bo and Cy made their zero bids in a
    round of 1 card: 10 each."""
    score = takes_black_14.score_sheet(_round_1("{Ann: [black-14, skull-king-black-14]}"))
    assert dict(score.rounds[0].points) == {"Ann": 50, "Bo": 10, "Cy": 10}


def test_the_played_trick_pays_what_the_claims_say(takes_black_14: Edition) -> None:
    """The same round given as its play: Ann's Skull King takes Bo's black 14 and Cy's
    yellow 3 (the 2021 rulebook: the Skull King beats every numbered card), so the trick
    pays black-14 and skull-king-black-14, and the round scores as claimed: 50, 10, 10."""
    sheet = textwrap.dedent("""\
        players: [Ann, Bo, Cy]
        rounds:
          - bids: {Ann: 1, Bo: 0, Cy: 0}
            leader: Ann
            tricks:
              - [SK, B14, Y3]
        """)
    result = takes_black_14.resolve_trick(["SK", "B14", "Y3"])
    assert sorted(result.bonuses) == ["black-14", "skull-king-black-14"]
    assert result.bonus == 30
    assert dict(takes_black_14.score_sheet(sheet).rounds[0].points) == {"Ann": 50, "Bo": 10, "Cy": 10}


def test_two_players_cannot_share_the_one_black_14(takes_black_14: Edition) -> None:
    """The 2021 rulebook's deck holds one black 14, and a card lies in one trick won by one
    player: Ann's black-14 and Bo's skull-king-black-14 need two black 14s."""
    text = _two_winners("{Ann: [black-14], Bo: [skull-king-black-14]}")
    assert _problems(takes_black_14, text) == [
        "bad.yaml:6:21: round 1: bonuses 'black-14', 'skull-king-black-14' need 2 black:14 cards, but the deck has 1"
    ]


def test_one_bonus_twice_still_needs_two_black_14s(takes_black_14: Edition) -> None:
    """The 2021 rulebook: one black 14 pays its bonus once; a second black-14 claim beside
    the house rule's bonus is still refused."""
    problems = _problems(takes_black_14, _round_1("{Ann: [black-14, black-14, skull-king-black-14]}"))
    assert problems == ["bad.yaml:5:21: round 1: bonus 'black-14' 2 times, but the cards in play allow at most 1"]


def test_the_winning_black_14_is_also_the_black_14_captured(black_14_wins: Edition) -> None:
    """A house rule (the black 14 winning its trick pays 10): the winning card lies in its
    own trick, so the one black 14 pays black-14 (the 2021 rulebook's 20) and the house
    rule's 10. Ann bid 1 and won it: 20 + 20 + 10 = 50; Bo and Cy 10 each."""
    score = black_14_wins.score_sheet(_round_1("{Ann: [black-14, black-14-wins]}"))
    assert dict(score.rounds[0].points) == {"Ann": 50, "Bo": 10, "Cy": 10}
    assert black_14_wins.resolve_trick(["Y3", "B14", "G5"]).bonus == 30  # black is trump: the black 14 wins


def test_the_winning_black_14_cannot_lie_in_another_players_trick(black_14_wins: Edition) -> None:
    """The same house rule: Bo's black 14 winning its trick and Ann's black 14 captured
    need two black 14s, and the 2021 deck has one."""
    text = _two_winners("{Ann: [black-14], Bo: [black-14-wins]}")
    assert _problems(black_14_wins, text) == [
        "bad.yaml:6:21: round 1: bonuses 'black-14', 'black-14-wins' need 2 black:14 cards, but the deck has 1"
    ]


def test_a_trick_with_the_ghost_hand_holds_its_card_too(edition: Edition) -> None:
    """The 2021 rulebook: two players play with Graybeard's ghost hand, whose card is in
    every trick. Ann leads the yellow 14, Graybeard turns over the green 14 and Bo plays
    the purple 14: Ann's 14 of the led suit wins (no trump) and takes three 14s, +10
    each. Ann bid 1 and won it: 20 + 30 = 50; Bo made his zero bid in a round of 1
    card: 10. Claimed, the three captures fit the trick's three cards."""
    claimed = textwrap.dedent("""\
        players: [Ann, Bo]
        rounds:
          - bids: {Ann: 1, Bo: 0}
            won: {Ann: 1, Bo: 0}
            bonuses: {Ann: [standard-14, standard-14, standard-14]}
        """)
    played = textwrap.dedent("""\
        players: [Ann, Bo]
        rounds:
          - bids: {Ann: 1, Bo: 0}
            leader: Ann
            tricks: [[Y14, G14, P14]]
        """)
    for sheet in (claimed, played):
        assert dict(edition.score_sheet(sheet).rounds[0].points) == {"Ann": 50, "Bo": 10}


def test_claims_that_need_more_cards_than_the_won_trick_holds(takes_black_14: Edition) -> None:
    """The 2021 rulebook's three standard 14s and the black 14 are four cards, more than
    Ann's one trick of three holds, though the house rule's bonus for the Skull King
    taking the black 14 needs no card of its own: five claims need four cards."""
    problems = _problems(
        takes_black_14, _round_1("{Ann: [standard-14, standard-14, standard-14, black-14, skull-king-black-14]}")
    )
    assert problems == [
        "bad.yaml:5:20: round 1: 5 bonus captures for Ann need 4 cards, but 1 won trick of 3 cards hold at most 3 cards"
    ]
