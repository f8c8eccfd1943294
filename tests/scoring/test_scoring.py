"""Score sheets under the 2021 edition's classic scoring, checked against the rules.

Every expected number is worked out from the rules by hand (the arithmetic is in the
comments), never copied from the engine's output. The rules are the 2021 rulebook's
unless a docstring names another source; "the article" is a German score keeper's article
on the Kraken, the White Whale and the Loot, with its worked round of 6.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

import skullking
from skullking import SheetError
from skullking.edition import Edition
from skullking.scoring.sheets.score import SheetScore

SHEETS = Path(__file__).resolve().parent / "sheets"

# The 2021 rulebook's bonus table (2021 edition), written from the rules, not from the edition file.
RULEBOOK_BONUSES = {
    "standard-14": 10,  # each green/yellow/purple 14 in your won tricks
    "black-14": 20,  # the black 14 in your won tricks
    "mermaid-by-pirate": 20,  # each mermaid taken by a winning pirate
    "pirate-by-skull-king": 30,  # each pirate taken by the winning Skull King
    "skull-king-by-mermaid": 40,  # the Skull King taken by a winning mermaid
}

# A valid round 1 (1 card dealt) so that the error sheets below fail in round 2,
# which starts at line 5, column 5.
HEAD = """\
players: [Ann, Bo, Cy]
rounds:
  - bids: {Ann: 1, Bo: 0, Cy: 0}
    won: {Ann: 1, Bo: 0, Cy: 0}
"""


def _yaml(text: str) -> str:
    return textwrap.dedent(text)


def _round(text: str) -> str:
    """Rounds written at the left margin, indented under HEAD's 'rounds:'."""
    return textwrap.indent(textwrap.dedent(text), "  ")


def _sheet(name: str) -> str:
    return (SHEETS / name).read_text(encoding="utf-8")


def _score(edition: Edition, sheet: Any, file: str = "sheet.yaml") -> SheetScore:
    score: SheetScore = edition.score_sheet(sheet, file=file)
    return score


def _points(edition: Edition, sheet: Any) -> dict[str, int]:
    """The points of the sheet's only round."""
    score = _score(edition, sheet)
    assert len(score.rounds) == 1
    return dict(score.rounds[0].points)


def _problems(edition: Edition, sheet: Any, file: str = "bad.yaml") -> list[str]:
    with pytest.raises(SheetError) as info:
        edition.score_sheet(sheet, file=file)
    return [str(p) for p in info.value.problems]


def _only_problem(edition: Edition, text: str, where: str, number: int, *fragments: str, file: str = "bad.yaml") -> str:
    """Assert exactly one problem, at FILE:LINE:COL, in round ``number``, quoting ``fragments``."""
    problems = _problems(edition, text, file)
    assert len(problems) == 1, problems
    problem = problems[0]
    assert problem.startswith(f"{file}:{where}: round {number}: "), problem
    for fragment in fragments:
        assert fragment in problem, (fragment, problem)
    return problem


def _sweep(players: list[str], deals: list[int]) -> list[dict[str, Any]]:
    """Rounds without 'cards' in which the first player bids and wins every trick and
    the others bid 0 and win none; ``deals`` is what the rules say each round deals."""
    first, *rest = players
    rounds = []
    for cards in deals:
        bids = {first: cards, **dict.fromkeys(rest, 0)}
        rounds.append({"bids": bids, "won": dict(bids)})
    return rounds


def _sweep_yaml(players: list[str], deals: list[int]) -> str:
    """The same as :func:`_sweep` as YAML text: round k starts at line 3 + 2 * (k - 1)."""
    lines = [f"players: [{', '.join(players)}]", "rounds:"]
    for round_ in _sweep(players, deals):
        bids = ", ".join(f"{p}: {n}" for p, n in round_["bids"].items())
        lines += [f"  - bids: {{{bids}}}", f"    won: {{{bids}}}"]
    return "\n".join(lines) + "\n"


EIGHT = ["A", "B", "C", "D", "E", "F", "G", "H"]


# ---------------------------------------------------------------------- classic scoring


def test_exact_bid_scores_20_per_trick_bid(edition: Edition) -> None:
    """The 2021 rulebook: a bid of 1 or more made exactly scores +20 x bid."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 6
            bids: {Ann: 1, Bo: 2, Cy: 3}
            won: {Ann: 1, Bo: 2, Cy: 3}
        """)
    # Ann 20 x 1 = 20; Bo 20 x 2 = 40; Cy 20 x 3 = 60
    assert _points(edition, sheet) == {"Ann": 20, "Bo": 40, "Cy": 60}


def test_missed_bid_loses_10_per_trick_off_without_bonus(edition: Edition) -> None:
    """The 2021 rulebook: a bid of 1 or more missed by d, over or under, scores -10 x d and no
    bonus (bonuses only for an exact bid)."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 5
            bids: {Ann: 1, Bo: 4, Cy: 2}
            won: {Ann: 3, Bo: 1, Cy: 1}
            bonuses: {Ann: [black-14, standard-14], Bo: [skull-king-by-mermaid]}
        """)
    # Ann 1 bid, 3 won: -10 x |3 - 1| = -20 (black-14 and standard-14 not paid)
    # Bo 4 bid, 1 won: -10 x |1 - 4| = -30 (skull-king-by-mermaid not paid)
    # Cy 2 bid, 1 won: -10 x |1 - 2| = -10
    assert _points(edition, sheet) == {"Ann": -20, "Bo": -30, "Cy": -10}


def test_zero_bid_scores_10_per_card_dealt_made_or_missed(edition: Edition) -> None:
    """The 2021 rulebook: bid 0 and no trick scores +10 x cards dealt; bid 0 and any trick
    scores -10 x cards dealt, however many tricks were taken."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy, Di]
        rounds:
          - cards: 7
            bids: {Ann: 0, Bo: 0, Cy: 0, Di: 4}
            won: {Ann: 0, Bo: 1, Cy: 3, Di: 3}
        """)
    # 7 cards dealt. Ann 0/0: +10 x 7 = 70; Bo 0/1: -10 x 7 = -70;
    # Cy 0/3: -10 x 7 = -70 (not -10 x 3); Di 4/3: -10 x |3 - 4| = -10
    assert _points(edition, sheet) == {"Ann": 70, "Bo": -70, "Cy": -70, "Di": -10}


def test_zero_bid_uses_cards_dealt_not_round_number_in_8_player_round_10(
    edition: Edition,
) -> None:
    """The 2021 rulebook: zero-bid points use the cards dealt, not the round number; with
    8 players round 10 deals 8 cards, so a zero bid is worth +/-80, not +/-100."""
    rounds = _sweep(EIGHT, [1, 2, 3, 4, 5, 6, 7, 8, 8])
    rounds.append(
        {
            "bids": {"A": 0, "B": 0, "C": 1, "D": 1, "E": 1, "F": 1, "G": 2, "H": 2},
            "won": {"A": 0, "B": 1, "C": 1, "D": 1, "E": 1, "F": 1, "G": 2, "H": 1},
        }
    )
    score = _score(edition, {"players": EIGHT, "rounds": rounds})
    last = score.rounds[-1]
    assert (last.number, last.cards) == (10, 8)
    # A 0/0: +10 x 8 = 80; B 0/1: -10 x 8 = -80; C..F 1/1: 20 x 1 = 20;
    # G 2/2: 20 x 2 = 40; H 2/1: -10 x 1 = -10
    assert dict(last.points) == {
        "A": 80,
        "B": -80,
        "C": 20,
        "D": 20,
        "E": 20,
        "F": 20,
        "G": 40,
        "H": -10,
    }


# ---------------------------------------------------------------------- bonuses


def test_rulebook_bonus_table_matches_the_edition_ids(edition: Edition) -> None:
    """The 2021 rulebook: the five capture bonuses of the 2021 edition, no more, no fewer."""
    assert {b.id for b in edition.bonuses} == set(RULEBOOK_BONUSES)


@pytest.mark.parametrize("bonus_id", sorted(RULEBOOK_BONUSES))
@pytest.mark.parametrize(
    ("bid", "won", "expected"),
    [
        # exact: 20 x 2 + the bonus (added in the test body)
        pytest.param(2, 2, 40, id="exact"),
        # over by one: -10 x |2 - 1| = -10, no bonus
        pytest.param(1, 2, -10, id="over"),
        # under by one: -10 x |2 - 3| = -10, no bonus
        pytest.param(3, 2, -10, id="under"),
    ],
)
def test_each_capture_bonus_paid_only_on_exact_bid(
    edition: Edition, bonus_id: str, bid: int, won: int, expected: int
) -> None:
    """The 2021 rulebook: every capture bonus is paid only when the capturer's bid is exact."""
    sheet = {
        "players": ["Ann", "Bo", "Cy"],
        "rounds": [
            {
                "cards": 3,
                "bids": {"Ann": bid, "Bo": 1, "Cy": 0},
                "won": {"Ann": won, "Bo": 1, "Cy": 0},
                "bonuses": {"Ann": [bonus_id]},
            }
        ],
    }
    paid = RULEBOOK_BONUSES[bonus_id] if bid == won else 0
    # Bo 1/1: 20; Cy 0/0 with 3 cards: +30
    assert _points(edition, sheet) == {"Ann": expected + paid, "Bo": 20, "Cy": 30}


def test_several_bonuses_add_up_on_exact_bid(edition: Edition) -> None:
    """The 2021 rulebook: each 14, each pirate, each mermaid counts; bonuses add up."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 4
            bids: {Ann: 3, Bo: 1, Cy: 0}
            won: {Ann: 3, Bo: 1, Cy: 0}
            bonuses:
              Ann: [standard-14, standard-14, black-14, pirate-by-skull-king, pirate-by-skull-king]
              Bo: [mermaid-by-pirate, mermaid-by-pirate]
        """)
    # Ann: 20 x 3 + 10 + 10 + 20 + 30 + 30 = 160
    # Bo: 20 x 1 + 20 + 20 = 60; Cy 0/0 with 4 cards: +40
    assert _points(edition, sheet) == {"Ann": 160, "Bo": 60, "Cy": 40}


# ---------------------------------------------------------------------- Loot


def test_loot_alliance_pays_20_each_when_both_made_their_bid(edition: Edition) -> None:
    """The 2021 rulebook: Loot allies the Loot player and the trick's winner; both exact: +20 each."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 3
            bids: {Ann: 1, Bo: 2, Cy: 0}
            won: {Ann: 1, Bo: 2, Cy: 0}
            loot: [[Ann, Bo]]
        """)
    # Ann 20 x 1 + 20 = 40; Bo 20 x 2 + 20 = 60; Cy 0/0: +30 (no alliance)
    assert _points(edition, sheet) == {"Ann": 40, "Bo": 60, "Cy": 30}


@pytest.mark.parametrize(
    ("bids", "won", "expected"),
    [
        # the Loot player (Ann) misses: Ann 2/1 -10, Bo 2/2 40 (no +20), Cy 0/0 +30
        pytest.param(
            {"Ann": 2, "Bo": 2, "Cy": 0},
            {"Ann": 1, "Bo": 2, "Cy": 0},
            {"Ann": -10, "Bo": 40, "Cy": 30},
            id="loot-player-missed",
        ),
        # the winner (Bo) misses: Ann 1/1 20 (no +20), Bo 1/2 -10, Cy 0/0 +30
        pytest.param(
            {"Ann": 1, "Bo": 1, "Cy": 0},
            {"Ann": 1, "Bo": 2, "Cy": 0},
            {"Ann": 20, "Bo": -10, "Cy": 30},
            id="winner-missed",
        ),
        # both miss: Ann 0/1 -10 x 3 = -30, Bo 1/2 -10, Cy 1/0 -10
        pytest.param(
            {"Ann": 0, "Bo": 1, "Cy": 1},
            {"Ann": 1, "Bo": 2, "Cy": 0},
            {"Ann": -30, "Bo": -10, "Cy": -10},
            id="both-missed",
        ),
    ],
)
def test_loot_alliance_pays_nothing_unless_both_made_their_bid(
    edition: Edition, bids: dict[str, int], won: dict[str, int], expected: dict[str, int]
) -> None:
    """The 2021 rulebook: if either ally misses their bid, neither gets the Loot bonus."""
    sheet = {
        "players": ["Ann", "Bo", "Cy"],
        "rounds": [{"cards": 3, "bids": bids, "won": won, "loot": [["Ann", "Bo"]]}],
    }
    assert _points(edition, sheet) == expected


def test_zero_bidder_earns_loot_bonus(edition: Edition) -> None:
    """The 2021 rulebook: bid 0 made scores +10 x cards plus the Loot bonus if earned."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 3
            bids: {Ann: 0, Bo: 2, Cy: 1}
            won: {Ann: 0, Bo: 2, Cy: 1}
            loot: [[Ann, Bo]]
        """)
    # Ann 0/0: 10 x 3 + 20 = 50; Bo 20 x 2 + 20 = 60; Cy 20 x 1 = 20
    assert _points(edition, sheet) == {"Ann": 50, "Bo": 60, "Cy": 20}


def test_player_in_two_alliances_earns_each(edition: Edition) -> None:
    """The 2021 rulebook: each Loot forms its own alliance; a player in two earns +20 for each
    alliance whose partner also made the bid."""
    base = {"cards": 4, "loot": [["Ann", "Bo"], ["Cy", "Bo"]]}
    all_made = {
        "players": ["Ann", "Bo", "Cy"],
        "rounds": [{**base, "bids": {"Ann": 1, "Bo": 2, "Cy": 1}, "won": {"Ann": 1, "Bo": 2, "Cy": 1}}],
    }
    # Ann 20 + 20 = 40; Bo 20 x 2 + 20 + 20 = 80; Cy 20 + 20 = 40
    assert _points(edition, all_made) == {"Ann": 40, "Bo": 80, "Cy": 40}
    cy_missed = {
        "players": ["Ann", "Bo", "Cy"],
        "rounds": [{**base, "bids": {"Ann": 1, "Bo": 2, "Cy": 2}, "won": {"Ann": 1, "Bo": 2, "Cy": 1}}],
    }
    # Ann 20 + 20 = 40; Bo 40 + 20 (only the alliance with Ann) = 60; Cy 2/1: -10
    assert _points(edition, cy_missed) == {"Ann": 40, "Bo": 60, "Cy": -10}


def test_loot_player_and_winner_in_different_alliances(edition: Edition) -> None:
    """The 2021 rulebook: one player may be the Loot player of one alliance and the winner of another."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 4
            bids: {Ann: 1, Bo: 2, Cy: 1}
            won: {Ann: 1, Bo: 2, Cy: 1}
            loot: [[Ann, Bo], [Bo, Cy]]
        """)
    # Ann 20 + 20 = 40; Bo 40 + 20 + 20 = 80; Cy 20 + 20 = 40
    assert _points(edition, sheet) == {"Ann": 40, "Bo": 80, "Cy": 40}


def test_more_alliances_than_loot_cards_is_an_error(edition: Edition) -> None:
    """The 2021 rulebook: there are 2 Loot cards, so at most 2 alliances a round."""
    text = HEAD + _round("""\
          - cards: 4
            bids: {Ann: 1, Bo: 2, Cy: 1}
            won: {Ann: 1, Bo: 2, Cy: 1}
            loot: [[Ann, Bo], [Cy, Bo], [Ann, Cy]]
        """)
    # "    loot: [[" - the list opens at column 11
    _only_problem(edition, text, "8:11", 2, "3 alliances", "2 alliance cards")


def test_loot_without_advanced_cards_is_an_error(edition: Edition) -> None:
    """The 2021 rulebook: the Loot is an advanced card; a base-only game has none."""
    text = _yaml("""\
        players: [Ann, Bo, Cy]
        modules: [base]
        rounds:
          - cards: 3
            bids: {Ann: 1, Bo: 2, Cy: 0}
            won: {Ann: 1, Bo: 2, Cy: 0}
            loot: [[Ann, Bo]]
        """)
    _only_problem(edition, text, "7:11", 1, "1 alliance", "0 alliance cards")


# ---------------------------------------------------------------------- extra points


def test_extra_points_are_added_whatever_the_bid(edition: Edition) -> None:
    """The 2021 rulebook (Rascal's wager added on top; the article's "freier Bonus"): 'extra'
    points are added as given, to a made, missed or zero bid alike."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 3
            bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 1, Bo: 2, Cy: 0}
            extra: {Ann: 10, Bo: 15, Cy: -5}
        """)
    # Ann 20 x 1 + 10 = 30; Bo -10 x |2 - 1| + 15 = 5; Cy 10 x 3 - 5 = 25
    assert _points(edition, sheet) == {"Ann": 30, "Bo": 5, "Cy": 25}


# ---------------------------------------------------------------------- totals and winners


def test_totals_add_every_round_and_highest_total_wins(edition: Edition) -> None:
    """The 2021 rulebook: after the last round the highest total wins."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - bids: {Ann: 1, Bo: 0, Cy: 0}
            won: {Ann: 1, Bo: 0, Cy: 0}
          - bids: {Ann: 1, Bo: 0, Cy: 1}
            won: {Ann: 1, Bo: 0, Cy: 1}
          - bids: {Ann: 2, Bo: 1, Cy: 0}
            won: {Ann: 1, Bo: 2, Cy: 0}
        """)
    score = _score(edition, sheet)
    # round 1 (1 card): Ann 20, Bo +10, Cy +10
    # round 2 (2 cards): Ann 20, Bo +20, Cy 20
    # round 3 (3 cards): Ann 2/1 -10, Bo 1/2 -10, Cy 0/0 +30
    assert [(r.number, r.cards) for r in score.rounds] == [(1, 1), (2, 2), (3, 3)]
    assert [dict(r.points) for r in score.rounds] == [
        {"Ann": 20, "Bo": 10, "Cy": 10},
        {"Ann": 20, "Bo": 20, "Cy": 20},
        {"Ann": -10, "Bo": -10, "Cy": 30},
    ]
    # Ann 20 + 20 - 10 = 30; Bo 10 + 20 - 10 = 20; Cy 10 + 20 + 30 = 60
    assert dict(score.totals) == {"Ann": 30, "Bo": 20, "Cy": 60}
    assert score.winners == ("Cy",)


def test_tied_totals_give_several_winners_in_seat_order(edition: Edition) -> None:
    """The 2021 rulebook, silent on ties: a tie for first leaves several winners (an app
    may allow co-winners; the extra round of the 2024 printing of the rulebook is the
    table's to play)."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - bids: {Ann: 0, Bo: 0, Cy: 0}
            won: {Ann: 0, Bo: 0, Cy: 0}
        """)
    # 1 card each, the only trick lost to the Kraken: all three 0/0, +10 x 1 = 10 each
    score = _score(edition, sheet)
    assert dict(score.totals) == {"Ann": 10, "Bo": 10, "Cy": 10}
    assert score.winners == ("Ann", "Bo", "Cy")


def test_json_sheet_with_a_tie_for_first(edition: Edition) -> None:
    """The 2021 rulebook: a JSON sheet is read like YAML; Bo and Cy tie for first."""
    path = SHEETS / "ties.json"
    score = _score(edition, path.read_text(encoding="utf-8"), file=str(path))
    # round 1 (1 card): Ann 1/1 20, Bo 0/0 +10, Cy 0/0 +10
    # round 2 (2 cards): Ann 0/1 -10 x 2 = -20, Bo 1/1 20, Cy 1/0 -10 + 30 extra = 20
    assert [dict(r.points) for r in score.rounds] == [
        {"Ann": 20, "Bo": 10, "Cy": 10},
        {"Ann": -20, "Bo": 20, "Cy": 20},
    ]
    # Ann 20 - 20 = 0; Bo 10 + 20 = 30; Cy 10 + 20 = 30
    assert dict(score.totals) == {"Ann": 0, "Bo": 30, "Cy": 30}
    assert score.winners == ("Bo", "Cy")


def test_json_sheet_errors_are_located_in_the_json_text(edition: Edition) -> None:
    """The 2021 rulebook: a bid is 0 .. cards dealt; JSON errors carry line and column too."""
    text = '{"players": ["Ann", "Bo"],\n "rounds": [{"bids": {"Ann": 3, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}}]}\n'
    # line 2: ` "rounds": [{"bids": {"Ann": 3` - the 3 is at column 30
    _only_problem(edition, text, "2:30", 1, "Ann", "3", "out of range 0..1", file="bad.json")


def test_as_json_record_shape(edition: Edition) -> None:
    """The 2021 rulebook (the article's round of 6): the JSON record of ``skullking score
    --format json``. The sheet has one round of the 2021 edition's ten: rounds 2-10 are
    missing."""
    record = _score(edition, _sheet("s000-round6-won.yaml")).as_json()
    points = {"Emma": 40, "Nico": 60, "Pat": -10, "Lea": 20}  # worked in the sheet's comment
    assert record == {
        "edition": "skullking-2021",
        "players": ["Emma", "Nico", "Pat", "Lea"],
        "rounds": [
            {"cards": 6, "points": points, "bids": {"Emma": 1, "Nico": 2, "Pat": 2, "Lea": 1}, "won": ARTICLE_WON}
        ],
        "totals": points,
        "winners": ["Nico"],
        "complete": False,
        "missing_rounds": [2, 3, 4, 5, 6, 7, 8, 9, 10],
    }
    assert json.loads(json.dumps(record)) == record


# ---------------------------------------------------------------------- the article's round of 6


ARTICLE_POINTS = {"Emma": 40, "Nico": 60, "Pat": -10, "Lea": 20}
ARTICLE_WON = {"Emma": 1, "Nico": 2, "Pat": 1, "Lea": 1}


def test_article_round_of_6_from_results(edition: Edition) -> None:
    """The 2021 rulebook (the article's worked example): Emma 1/1 20 + 20 Loot = 40, Nico 2/2
    40 + 20 Loot = 60, Pat 2/1 -10, Lea 1/1 20."""
    score = _score(edition, _sheet("s000-round6-won.yaml"))
    assert dict(score.rounds[0].points) == ARTICLE_POINTS
    assert dict(score.totals) == ARTICLE_POINTS
    assert score.winners == ("Nico",)


def test_article_round_of_6_from_the_whole_play(edition: Edition) -> None:
    """The 2021 rulebook and the official FAQ (the article's example): Pat's Kraken destroys
    trick 3, Emma's Loot on Nico's black 12 allies them, the Whale turns Léa's Skull King into an escape and
    Nico's green 9 takes trick 5; the play scores as the article's table."""
    score = _score(edition, _sheet("s000-round6-tricks.yaml"))
    (round_,) = score.rounds
    assert round_.cards == 6
    assert dict(round_.won) == ARTICLE_WON  # 5 tricks won out of 6
    assert dict(round_.points) == ARTICLE_POINTS


def test_article_results_and_play_score_the_same(edition: Edition) -> None:
    """The article's round of 6: the round entered as results and as the whole play agree."""
    won = _score(edition, _sheet("s000-round6-won.yaml"))
    play = _score(edition, _sheet("s000-round6-tricks.yaml"))
    assert won.as_json() == play.as_json()
    assert dict(won.rounds[0].won) == dict(play.rounds[0].won)


# ---------------------------------------------------------------------- cards dealt


def test_default_cards_rounds_1_to_10_deal_1_to_10(edition: Edition) -> None:
    """The 2021 rulebook: 10 rounds; round n deals n cards each."""
    deals = list(range(1, 11))
    players = ["Ann", "Bo", "Cy", "Di"]
    score = _score(edition, {"players": players, "rounds": _sweep(players, deals)})
    assert [r.cards for r in score.rounds] == deals
    # Ann bids and wins every card: 20 x (1 + ... + 10) = 20 x 55 = 1100;
    # the others bid 0 and make it: 10 x 55 = 550
    assert dict(score.totals) == {"Ann": 1100, "Bo": 550, "Cy": 550, "Di": 550}


def test_default_cards_8_players_deal_8_in_rounds_9_and_10(edition: Edition) -> None:
    """Grandpa Beck's Games' Skull King web page: with 8 players no hand exceeds 8 cards;
    rounds 9 and 10 deal 8."""
    deals = [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    score = _score(edition, {"players": EIGHT, "rounds": _sweep(EIGHT, deals)})
    assert [r.cards for r in score.rounds] == deals
    assert [r.points["A"] for r in score.rounds][-3:] == [160, 160, 160]  # 20 x 8
    # 1 + ... + 8 + 8 + 8 = 52: A 20 x 52 = 1040; the others 10 x 52 = 520
    assert dict(score.totals) == {"A": 1040, **dict.fromkeys(EIGHT[1:], 520)}


def test_default_cards_7_players_deal_10_in_round_10(edition: Edition) -> None:
    """Grandpa Beck's Games' Skull King web page: 7 x 10 = 70 cards fit the deck; only 8
    players are capped."""
    players = EIGHT[:7]
    score = _score(edition, {"players": players, "rounds": _sweep(players, list(range(1, 11)))})
    assert [r.cards for r in score.rounds] == list(range(1, 11))


def test_bid_above_8_in_8_player_round_9_is_out_of_range(edition: Edition) -> None:
    """The 2021 rulebook: bids are 0 .. cards dealt; Grandpa Beck's Games' Skull King web
    page: 8 players are dealt 8 in round 9."""
    deals = [1, 2, 3, 4, 5, 6, 7, 8, 9]  # round 9 written as if 9 cards were dealt
    text = _sweep_yaml(EIGHT, deals)
    # round 9 starts at line 3 + 2 x 8 = 19: "  - bids: {A: 9" - the 9 at column 15
    problems = _problems(edition, text)
    assert problems[0].startswith("bad.yaml:19:15: round 9: "), problems
    assert "out of range 0..8" in problems[0]


def test_round_past_the_schedule_is_dealt_as_the_edition_says(edition: Edition) -> None:
    """The 2021 rulebook: the game has 10 rounds; no source says how a tie-break round
    is dealt, and the edition's value (scoring.extra_round_cards) deals it as the
    schedule's last round: 10 cards, where a sheet gives no cards for it."""
    score = _score(
        edition, {"players": ["Ann", "Bo", "Cy"], "rounds": _sweep(["Ann", "Bo", "Cy"], [*range(1, 11), 10])}
    )
    # round 11, 10 cards: Ann 10/10 200; Bo and Cy 0/0 100
    assert (score.rounds[-1].number, score.rounds[-1].cards) == (11, 10)
    assert dict(score.rounds[-1].points) == {"Ann": 200, "Bo": 100, "Cy": 100}


def test_no_round_past_the_schedule_without_tie_break_rounds(tmp_path: Path) -> None:
    """An edition that shares a tie (scoring.ties: shared) plays no extra round: a
    sheet's round past its 10 rounds is refused, at the round, saying so."""
    house = tmp_path / "shared.yaml"
    house.write_text("extends: skullking-2021\nid: shared\nscoring: {ties: shared}\n", encoding="utf-8")
    text = _sweep_yaml(["Ann", "Bo", "Cy"], [*range(1, 11), 1])
    # round 11 starts at line 3 + 2 x 10 = 23, its mapping at column 5
    _only_problem(skullking.load_edition(house), text, "23:5", 11, "plays no extra round", "10 rounds")


def test_round_past_the_schedule_with_cards_is_scored(edition: Edition) -> None:
    """The 2021 rulebook: an extra round with its cards given scores like any other."""
    rounds = _sweep(["Ann", "Bo", "Cy"], list(range(1, 11)))
    rounds.append({"cards": 5, "bids": {"Ann": 2, "Bo": 3, "Cy": 0}, "won": {"Ann": 2, "Bo": 2, "Cy": 1}})
    score = _score(edition, {"players": ["Ann", "Bo", "Cy"], "rounds": rounds})
    # round 11, 5 cards: Ann 2/2 40; Bo 3/2 -10; Cy 0/1 -10 x 5 = -50
    assert (score.rounds[-1].number, score.rounds[-1].cards) == (11, 5)
    assert dict(score.rounds[-1].points) == {"Ann": 40, "Bo": -10, "Cy": -50}


# ---------------------------------------------------------------------- the sum check


def test_sum_check_allows_two_tricks_lost_to_kraken_and_whale(edition: Edition) -> None:
    """The 2021 rulebook: the Kraken, and the White Whale with no numbered card, leave a trick
    without winner; with both advanced beasts a round may lose up to 2 tricks."""
    sheet = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 5
            bids: {Ann: 1, Bo: 2, Cy: 0}
            won: {Ann: 1, Bo: 2, Cy: 0}
        """)
    # 3 = 5 - 2 tricks won: Ann 20, Bo 40, Cy 0/0 10 x 5 = 50
    assert _points(edition, sheet) == {"Ann": 20, "Bo": 40, "Cy": 50}


def test_sum_check_rejects_three_lost_tricks(edition: Edition) -> None:
    """The 2021 rulebook: only 2 cards can destroy a trick, so 5 - 3 tricks is impossible."""
    text = HEAD + _round("""\
          - cards: 5
            bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 1, Bo: 1, Cy: 0}
        """)
    # "    won: {" - the mapping opens at column 10 of line 7
    _only_problem(edition, text, "7:10", 2, "2 tricks won in all", "5 were played")


def test_sum_check_rejects_more_tricks_than_cards(edition: Edition) -> None:
    """The 2021 rulebook: n cards dealt make n tricks at most."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 2, Bo: 1, Cy: 0}
        """)
    _only_problem(edition, text, "6:10", 2, "3 tricks won in all", "only 2 were played")


@pytest.mark.parametrize(("won", "ok"), [(5, True), (4, False)])
def test_sum_check_base_game_allows_no_lost_trick(edition: Edition, won: int, ok: bool) -> None:
    """The 2021 rulebook: without the advanced cards nothing destroys a trick, so the
    tricks won add up to the cards dealt."""
    text = _yaml(f"""\
        players: [Ann, Bo, Cy]
        modules: [base]
        rounds:
          - cards: 5
            bids: {{Ann: 1, Bo: 1, Cy: 3}}
            won: {{Ann: 1, Bo: 1, Cy: {won - 2}}}
        """)
    if ok:
        # Ann 20, Bo 20, Cy 3/3 60
        assert _points(edition, text) == {"Ann": 20, "Bo": 20, "Cy": 60}
    else:
        _only_problem(edition, text, "6:10", 1, "4 tricks won in all", "5 were played")


# ---------------------------------------------------------------------- located errors


def test_bid_out_of_range_is_located(edition: Edition) -> None:
    """The 2021 rulebook: a bid is any whole number from 0 to the cards dealt (2 in round 2)."""
    text = HEAD + _round("""\
          - bids: {Ann: 3, Bo: 0, Cy: 0}
            won: {Ann: 2, Bo: 0, Cy: 0}
        """)
    # "  - bids: {Ann: 3" - the 3 at column 17
    _only_problem(edition, text, "5:17", 2, "Ann", "3", "out of range 0..2")


def test_unknown_player_is_located(edition: Edition) -> None:
    """The 2021 rulebook: every player at the table bids; a name not at the table is an error."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1, Cy: 0, Dan: 0}
            won: {Ann: 1, Bo: 1, Cy: 0}
        """)
    # "  - bids: {Ann: 1, Bo: 1, Cy: 0, Dan" - Dan at column 34
    _only_problem(edition, text, "5:34", 2, "unknown player 'Dan'")


def test_missing_player_is_located(edition: Edition) -> None:
    """The 2021 rulebook: every player bids each round."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1}
            won: {Ann: 1, Bo: 1, Cy: 0}
        """)
    _only_problem(edition, text, "5:11", 2, "'bids'", "Cy")


def test_unknown_bonus_id_is_located(edition: Edition) -> None:
    """The 2021 rulebook: only the listed capture bonuses exist."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 1, Bo: 1, Cy: 0}
            bonuses: {Ann: [black-15]}
        """)
    # "    bonuses: {Ann: [black-15" - the id at column 21
    _only_problem(edition, text, "7:21", 2, "unknown bonus id 'black-15'")


@pytest.mark.parametrize(
    "bonuses",
    [
        "{Ann: [black-14], Bo: [black-14]}",  # two players
        "{Ann: [black-14, black-14], Bo: []}",  # one player twice
    ],
)
def test_black_14_paid_twice_is_an_error(edition: Edition, bonuses: str) -> None:
    """The 2021 rulebook: the deck holds one black 14, so its bonus is paid once a round."""
    text = HEAD + _round(f"""\
          - bids: {{Ann: 1, Bo: 1, Cy: 0}}
            won: {{Ann: 1, Bo: 1, Cy: 0}}
            bonuses: {bonuses}
        """)
    # located at the first black-14 (column 21), the message gives the count
    _only_problem(edition, text, "7:21", 2, "'black-14' 2 times", "at most 1")


@pytest.mark.parametrize(
    ("bonus_id", "times", "limit"),
    [
        ("standard-14", 4, 3),  # three standard suits, one 14 each
        ("mermaid-by-pirate", 3, 2),  # two mermaids
        ("pirate-by-skull-king", 7, 6),  # five pirates and the Tigress as pirate
        ("skull-king-by-mermaid", 2, 1),  # one Skull King
    ],
)
def test_bonus_more_often_than_the_deck_allows_is_an_error(
    edition: Edition, bonus_id: str, times: int, limit: int
) -> None:
    """The 2021 rulebook: a bonus is paid at most once per matching card of the deck."""
    ids = ", ".join([bonus_id] * times)
    text = HEAD + _round(f"""\
          - cards: 5
            bids: {{Ann: 1, Bo: 1, Cy: 3}}
            won: {{Ann: 1, Bo: 1, Cy: 3}}
            bonuses: {{Cy: [{ids}]}}
        """)
    # "    bonuses: {Cy: [" - the first id at column 20 of line 8
    _only_problem(edition, text, "8:20", 2, f"'{bonus_id}' {times} times", f"at most {limit}")


def test_bonus_for_a_player_who_won_no_trick_is_an_error(edition: Edition) -> None:
    """The 2021 rulebook: bonuses come from won tricks; a zero-trick player captured nothing."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 1, Bo: 1, Cy: 0}
            bonuses: {Cy: [standard-14]}
        """)
    _only_problem(edition, text, "7:19", 2, "Cy won no trick")


def test_loot_pair_with_unknown_player_is_located(edition: Edition) -> None:
    """The 2021 rulebook: an alliance is between two players at the table (place, round and message)."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 1, Bo: 1, Cy: 0}
            loot: [[Ann, Dan]]
        """)
    # "    loot: [[Ann, Dan" - Dan, the offending node, at column 18
    _only_problem(edition, text, "7:18", 2, "unknown player 'Dan' in 'loot'")


def test_self_alliance_is_an_error(edition: Edition) -> None:
    """The 2021 rulebook: a Loot player who wins the trick themself forms no alliance."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 1, Bo: 1, Cy: 0}
            loot: [[Bo, Bo]]
        """)
    # "    loot: [[" - the pair at column 12
    _only_problem(edition, text, "7:12", 2, "Bo cannot ally")


def test_loot_on_a_player_who_won_no_trick_is_an_error(edition: Edition) -> None:
    """The 2021 rulebook: the Loot allies with the trick's winner, who won at least that trick."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 1, Bo: 1, Cy: 0}
            loot: [[Ann, Cy]]
        """)
    _only_problem(edition, text, "7:12", 2, "Cy won no trick")


def test_won_more_than_cards_is_located(edition: Edition) -> None:
    """The 2021 rulebook: a player cannot win more tricks than the cards dealt (2 in round 2)."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 3, Bo: 0, Cy: 0}
        """)
    # "    won: {Ann: 3" - the 3 at column 16
    _only_problem(edition, text, "6:16", 2, "Ann", "3", "out of range 0..2")


PLAY_HEAD = (
    HEAD
    + """\
  - bids: {Ann: 1, Bo: 1, Cy: 0}
    leader: Bo
    tricks:
"""
)  # round 2 (2 cards); its tricks start at line 8, each "      - [" with a card at 10


def test_card_played_twice_across_tricks_is_located(edition: Edition) -> None:
    """The 2021 rulebook: each numbered card exists once; G5 cannot be played in two tricks."""
    text = PLAY_HEAD + "      - [G5, G3, G2]\n      - [Y5, G5, Y2]\n"
    # "      - [Y5, G5" - the second G5 at line 9, column 14
    problem = _only_problem(edition, text, "9:14", 2, "G5")
    assert "one trick" not in problem


def test_card_played_twice_across_tricks_is_reported(edition: Edition) -> None:
    """The 2021 rulebook: each numbered card exists once (round and card in the message)."""
    text = PLAY_HEAD + "      - [G5, G3, G2]\n      - [Y5, G5, Y2]\n"
    (problem,) = _problems(edition, text)
    assert problem.startswith("bad.yaml:"), problem
    assert ": round 2: " in problem and "G5" in problem


def test_trick_with_wrong_number_of_cards_is_located(edition: Edition) -> None:
    """The 2021 rulebook: everyone plays one card to each trick (3 players, 3 cards)."""
    text = PLAY_HEAD + "      - [G5, G3, G2]\n      - [Y5, Y2]\n"
    # the second trick's list opens at line 9, column 9
    _only_problem(edition, text, "9:9", 2, "trick 2", "3 cards")


def test_unknown_card_in_tricks_quotes_the_token(edition: Edition) -> None:
    """The 2021 rulebook: only the edition's cards can be played; the bad token is quoted."""
    text = PLAY_HEAD + "      - [G5, G3, G2]\n      - [Y5, Q7, Y2]\n"
    # "      - [Y5, Q7" - Q7 at line 9, column 14
    _only_problem(edition, text, "9:14", 2, "trick 2", "'Q7'")


def test_unknown_card_message_does_not_misnumber_the_card(edition: Edition) -> None:
    """The 2021 rulebook: the message about Q7, the second card of trick 2, must not call it card 1."""
    text = PLAY_HEAD + "      - [G5, G3, G2]\n      - [Y5, Q7, Y2]\n"
    problem = _only_problem(edition, text, "9:14", 2, "'Q7'")
    assert "card 1" not in problem


def test_follow_suit_violation_in_tricks_is_located(edition: Edition) -> None:
    """The 2021 rulebook: a player holding the led suit must play it; Cy discards Y3 on Bo's G5
    although she still holds G3 (she plays it in trick 2)."""
    text = PLAY_HEAD + "      - [G5, Y3, G2]\n      - [Y5, G3, Y2]\n"
    # trick 1 in play order Bo, Cy, Ann: "      - [G5, Y3" - Y3 at line 8, column 14
    _only_problem(edition, text, "8:14", 2, "trick 1", "Cy", "Y3", "G3", "follow suit")


def test_void_discard_in_tricks_is_legal(edition: Edition) -> None:
    """The 2021 rulebook: a player void in the led suit may play any card."""
    text = PLAY_HEAD + "      - [G5, G3, Y2]\n      - [Y5, Y3, P4]\n"
    # trick 1 (Bo, Cy, Ann): G5, G3, Y2 - Ann holds Y2 and P4, no green -> Bo (G5);
    # trick 2 (Bo, Cy, Ann): Y5, Y3, P4 - Ann holds only P4, no yellow -> Bo (Y5)
    # round 2: Ann 1/0 -10; Bo 1/2 -10; Cy 0/0 +20 (2 cards)
    score = _score(edition, text)
    assert dict(score.rounds[1].won) == {"Ann": 0, "Bo": 2, "Cy": 0}
    assert dict(score.rounds[1].points) == {"Ann": -10, "Bo": -10, "Cy": 20}


def test_both_won_and_tricks_is_an_error(edition: Edition) -> None:
    """The 2021 rulebook: a round's results are given once, as tricks won or as the play."""
    text = PLAY_HEAD.replace("    leader: Bo\n", "    won: {Ann: 0, Bo: 2, Cy: 0}\n")
    text += "      - [G5, G3, Y2]\n      - [Y5, Y3, G2]\n"
    _only_problem(edition, text, "5:5", 2, "'won'", "'tricks'", "both")


def test_neither_won_nor_tricks_is_an_error(edition: Edition) -> None:
    """The 2021 rulebook: scoring needs the tricks each player won."""
    text = HEAD + "  - bids: {Ann: 1, Bo: 1, Cy: 0}\n"
    _only_problem(edition, text, "5:5", 2, "'won'", "'tricks'")


def test_unknown_key_in_a_round_is_located(edition: Edition) -> None:
    """The 2021 rulebook: bonuses go under 'bonuses'; a misspelt key is not silently ignored."""
    text = HEAD + _round("""\
          - bids: {Ann: 1, Bo: 1, Cy: 0}
            won: {Ann: 1, Bo: 1, Cy: 0}
            bonus: {Ann: [black-14]}
        """)
    _only_problem(edition, text, "7:5", 2, "unknown key 'bonus'")


# ---------------------------------------------------------------------- known gaps


def test_explicit_cards_above_8_player_hand_limit_is_an_error(edition: Edition) -> None:
    """Grandpa Beck's Games' Skull King web page: with 8 players no hand holds more than 8
    cards, whatever the round."""
    text = _yaml("""\
        players: [A, B, C, D, E, F, G, H]
        rounds:
          - cards: 9
            bids: {A: 9, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, H: 0}
            won: {A: 9, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, H: 0}
        """)
    # "  - cards: 9" - the 9 at column 12
    _only_problem(edition, text, "3:12", 1, "cards 9")


def test_more_bonus_cards_than_won_tricks_hold_is_an_error(edition: Edition) -> None:
    """The 2021 rulebook: bonus cards are cards of your won tricks; one 3-card trick holds 3 at most."""
    text = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - bids: {Ann: 1, Bo: 0, Cy: 0}
            won: {Ann: 1, Bo: 0, Cy: 0}
            bonuses: {Ann: [standard-14, standard-14, standard-14, black-14]}
        """)
    _problems(edition, text)


def test_skull_king_cannot_both_capture_and_be_captured(edition: Edition) -> None:
    """The 2021 rulebook: one Skull King a round: it cannot win a pirate (+30) and be
    taken by a mermaid (+40) in the same round."""
    text = _yaml("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 2
            bids: {Ann: 2, Bo: 0, Cy: 0}
            won: {Ann: 2, Bo: 0, Cy: 0}
            bonuses: {Ann: [pirate-by-skull-king, skull-king-by-mermaid]}
        """)
    _problems(edition, text)


# ---------------------------------------------------------------------- a round being played

IN_PROGRESS = """\
players: [Ann, Bo, Cy]
rounds:
  - bids: {Ann: 1, Bo: 0, Cy: 0}
    won: {Ann: 1, Bo: 0, Cy: 0}
  - bids: {Ann: 1, Bo: 0, Cy: 1}
    in_progress: true
"""


def test_the_last_round_in_progress_has_its_bids_and_scores_nothing(edition: Edition) -> None:
    """A game being played: its last round has the bids only (in_progress: true); the
    sheet scores the rounds played, that round is among those still to be played, and
    the record says it is in progress, with its cards (round 2 of the 2021 schedule
    deals 2) and bids."""
    score = _score(edition, IN_PROGRESS)
    assert [dict(r.points) for r in score.rounds] == [{"Ann": 20, "Bo": 10, "Cy": 10}]
    assert score.in_progress is not None and (score.in_progress.number, score.in_progress.cards) == (2, 2)
    record = score.as_json()
    assert record["in_progress"] == {"round": 2, "cards": 2, "bids": {"Ann": 1, "Bo": 0, "Cy": 1}}
    assert record["complete"] is False and record["missing_rounds"][0] == 2
    assert (
        "in_progress"
        not in _score(
            edition, IN_PROGRESS.replace("    in_progress: true\n", "    won: {Ann: 1, Bo: 0, Cy: 1}\n")
        ).as_json()
    )


def test_a_round_in_progress_is_checked_as_a_bid_is(edition: Edition) -> None:
    """A round in progress keeps the bids' range (the 2021 rulebook: 0 to the cards
    dealt) and gives nothing a played round gives; only the last round may be in
    progress. Each problem is located."""
    out_of_range = IN_PROGRESS.replace("Cy: 1}\n    in_progress", "Cy: 5}\n    in_progress")
    _only_problem(edition, out_of_range, "5:31", 2, "Cy's bid 5 is out of range 0..2")
    played = IN_PROGRESS + "    won: {Ann: 1, Bo: 0, Cy: 1}\n"
    _only_problem(edition, played, "7:5", 2, "'won' is given once the round is played")
    early = IN_PROGRESS.replace("    won: {Ann: 1, Bo: 0, Cy: 0}\n", "    in_progress: true\n", 1).replace(
        "  - bids: {Ann: 1, Bo: 0, Cy: 1}\n    in_progress: true\n",
        "  - bids: {Ann: 1, Bo: 0, Cy: 1}\n    won: {Ann: 1, Bo: 0, Cy: 1}\n",
    )
    _only_problem(edition, early, "4:5", 1, "only the sheet's last round may be in progress")
    _only_problem(
        edition,
        IN_PROGRESS.replace("in_progress: true", "in_progress: false"),
        "6:18",
        2,
        "'in_progress' is true or left out",
    )


def test_deciding_names_the_case_that_scores_each_player(edition: Edition) -> None:
    """The 2021 rulebook's cases, round 5 of 5 cards: Ann bids 0 and takes none (zero bid
    made), Bo bids 0 and takes one (zero bid missed), Cy bids 2 and takes 2 (made), Di
    bids 3 and takes 2 (missed); under Rascal's scoring the same Di is a glancing blow."""
    from skullking.scoring.schemes import scorer

    results: dict[str, Any] = {
        "number": 5,
        "cards": 5,
        "players": ["Ann", "Bo", "Cy", "Di"],
        "bids": {"Ann": 0, "Bo": 0, "Cy": 2, "Di": 3},
        "won": {"Ann": 0, "Bo": 1, "Cy": 2, "Di": 2},
        "captured": [],
        "alliances": [],
        "wagers": {},
        "loads": {},
    }
    classic = scorer(edition, edition.scheme("classic")).deciding(**results)
    assert classic == {"Ann": "zero-made", "Bo": "zero-missed", "Cy": "made", "Di": "missed"}
    rascal = scorer(edition, edition.scheme("rascal")).deciding(**results)
    assert rascal["Cy"] == "direct-hit" and rascal["Di"] == "glancing-blow"
