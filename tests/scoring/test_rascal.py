"""Rascal's scoring, cannon loads, Rascal of Roatan's wager and Harry's bid change
(the 2021 rulebook), through score sheets."""

from __future__ import annotations

from typing import Any

import pytest

from skullking.core.errors import SheetError
from skullking.edition import Edition


def _points(edition: Edition, round_: dict[str, Any], players: list[str], **kwargs: Any) -> dict[str, int]:
    sheet = {"players": players, "scoring": "rascal", "rounds": [round_]}
    return dict(edition.score_sheet(sheet, **kwargs).rounds[0].points)


def test_potential_is_the_same_for_every_bid(edition: Edition) -> None:
    """The 2021 rulebook: 5 cards -> a direct hit is worth 50 for bids 0, 1, 3 and 5 alike."""
    round_ = {"cards": 5, "bids": {"A": 0, "B": 1, "C": 3, "D": 5}, "won": {"A": 0, "B": 1, "C": 3, "D": 1}}
    assert _points(edition, round_, ["A", "B", "C", "D"]) == {"A": 50, "B": 50, "C": 50, "D": 0}


def test_direct_hit_glancing_blow_complete_miss(edition: Edition) -> None:
    """The 2021 rulebook: 4 cards: hit 40, off by one 20 (half), off by two or more 0."""
    round_ = {"cards": 4, "bids": {"A": 2, "B": 2, "C": 3}, "won": {"A": 2, "B": 1, "C": 1}}
    assert _points(edition, round_, ["A", "B", "C"]) == {"A": 40, "B": 20, "C": 0}


def test_three_zero_one_two_bids_all_hit(edition: Edition) -> None:
    """The 2021 rulebook: 3 cards, bids 0, 1 and 2 all hit -> 30 each."""
    round_ = {"cards": 3, "bids": {"A": 0, "B": 1, "C": 2}, "won": {"A": 0, "B": 1, "C": 2}}
    assert _points(edition, round_, ["A", "B", "C"]) == {"A": 30, "B": 30, "C": 30}


def test_grapeshot_and_cannonball(edition: Edition) -> None:
    """The 2021 rulebook: 6 cards, bid 3: Grapeshot 60 on a hit, 30 off by one; Cannonball 90
    on a hit, 0 off by one."""
    grapeshot = {"cards": 6, "bids": {"A": 3, "B": 3}, "won": {"A": 3, "B": 2}}
    assert _points(edition, grapeshot, ["A", "B"]) == {"A": 60, "B": 30}
    cannonball = {**grapeshot, "loads": {"A": "cannonball", "B": "cannonball"}}
    assert _points(edition, cannonball, ["A", "B"]) == {"A": 90, "B": 0}


def test_bonuses_halve_on_a_glancing_blow(edition: Edition) -> None:
    """The 2021 rulebook: a glancing blow pays half the bonuses too (a C# implementation halves with integer
    division; the bonuses are multiples of 10, so halves are exact)."""
    round_ = {
        "cards": 4,
        "bids": {"A": 2, "B": 2},
        "won": {"A": 2, "B": 1},
        "bonuses": {"A": ["black-14"], "B": ["pirate-by-skull-king"]},
    }
    assert _points(edition, round_, ["A", "B"]) == {"A": 40 + 20, "B": 20 + 15}


def test_loot_needs_both_bids_exact_even_under_rascal(edition: Edition) -> None:
    """The official FAQ: the Loot pays only when both allies hit, never halved."""
    round_ = {"cards": 4, "bids": {"A": 2, "B": 1}, "won": {"A": 2, "B": 0}, "loot": [["B", "A"]]}
    assert _points(edition, round_, ["A", "B"]) == {"A": 40, "B": 20}
    round_["won"] = {"A": 2, "B": 1}
    assert _points(edition, round_, ["A", "B"]) == {"A": 60, "B": 60}


def test_wager_needs_an_exact_bid(edition: Edition) -> None:
    """The 2021 rulebook: Rascal of Roatan's wager is won with an exact bid and lost
    otherwise - also on a glancing blow, and under the Cannonball."""
    round_ = {
        "cards": 4,
        "bids": {"A": 2, "B": 2, "C": 2},
        "won": {"A": 2, "B": 1, "C": 1},
        "wagers": {"A": 20, "B": 10, "C": 20},
        "loads": {"C": "cannonball"},
    }
    assert _points(edition, round_, ["A", "B", "C"]) == {"A": 60, "B": 10, "C": -20}


def test_wager_in_classic_scoring(edition: Edition) -> None:
    """The 2021 rulebook: the wager is added to or taken from the classic score as well."""
    sheet = {
        "players": ["A", "B"],
        "rounds": [{"cards": 3, "bids": {"A": 1, "B": 0}, "won": {"A": 1, "B": 2}, "wagers": {"A": 10, "B": 20}}],
    }
    assert dict(edition.score_sheet(sheet).totals) == {"A": 30, "B": -50}


def test_harry_changes_the_bid(edition: Edition) -> None:
    """The 2021 rulebook: Harry the Giant changes his player's bid by +1 or -1; the round is
    scored on the changed bid (2 -> 3 made: 60 classic)."""
    sheet = {
        "players": ["A", "B"],
        "rounds": [{"cards": 3, "bids": {"A": 2, "B": 1}, "won": {"A": 3, "B": 0}, "harry": {"A": 1}}],
    }
    score = edition.score_sheet(sheet)
    assert dict(score.totals) == {"A": 60, "B": -10}
    assert score.rounds[0].bids == {"A": 3, "B": 1}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("wagers: {A: 15}", "s.yaml:7:17: round 1: A's wager 15 is not one of 0, 10, 20"),
        ("harry: {A: 2}", "s.yaml:7:16: round 1: A's bid change 2 is not one of -1, 0, 1"),
        ("harry: {B: -1}", "s.yaml:7:16: round 1: B's bid 0 changed by -1 leaves 0..3"),
        ("loads: {A: chainshot}", "s.yaml:7:16: round 1: A's load 'chainshot' is not one of grapeshot, cannonball"),
        ("loads: {A: 3}", "s.yaml:7:16: round 1: A's load 3 is not one of grapeshot, cannonball"),
    ],
)
def test_bad_choices_are_located(edition: Edition, line: str, message: str) -> None:
    """Wagers, bid changes and loads must be values the edition allows (the 2021 rulebook)."""
    text = (
        "players: [A, B]\nscoring: rascal\nrounds:\n  - cards: 3\n"
        f"    bids: {{A: 1, B: 0}}\n    won: {{A: 1, B: 0}}\n    {line}\n"
    )
    with pytest.raises(SheetError) as info:
        edition.score_sheet(text, file="s.yaml")
    assert [str(p) for p in info.value.problems] == [message]


def test_loads_go_by_their_other_names(edition: Edition) -> None:
    """Names only: the open hand is also Buckshot (a machine translation of the French
    rules) and Chevrotine (the French rulebook (Blackrock Games, 2022)), the closed fist
    Boulet de canon (the French rulebook); case does not matter. 6 cards,
    bid 3 off by one: grapeshot 30, cannonball 0."""
    round_ = {
        "cards": 6,
        "bids": {"A": 3, "B": 3, "C": 3},
        "won": {"A": 2, "B": 2, "C": 2},
        "loads": {"A": "Chevrotine", "B": "BOULET DE CANON", "C": "buckshot"},
    }
    assert _points(edition, round_, ["A", "B", "C"]) == {"A": 30, "B": 0, "C": 30}


def test_loads_need_a_scheme_with_loads(edition: Edition) -> None:
    """Classic scoring has no loads: the key is unknown there."""
    sheet = {
        "players": ["A", "B"],
        "rounds": [{"bids": {"A": 1, "B": 0}, "won": {"A": 1, "B": 0}, "loads": {"A": "cannonball"}}],
    }
    with pytest.raises(SheetError, match="unknown key 'loads'"):
        edition.score_sheet(sheet)
