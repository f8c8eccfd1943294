"""Rules fidelity (issue 11): readings checked against the worked examples and rule
statements of the sources, each test citing the source line it follows."""

from __future__ import annotations

import pytest

import skullking
from skullking.errors import SheetError
from skullking.game import Phase, Round


def _codes(edition: str, hand: str, trick: str) -> list[str]:
    return [str(p) for p in skullking.load_edition(edition).legal_plays(hand, trick)]


def test_2024_the_next_suited_card_sets_the_suit_after_a_loot_lead() -> None:
    """EN2024, the Loot: "the next suited card played sets the lead suit" (and S003 for
    escapes): a pirate after a Loot lead leaves the choice to the green 5, so a player
    holding green must follow it. The 2021 rulebook's "the next player sets the suit"
    (GBG-FAQ: "the next player to play chooses") lets the pirate leave the trick
    without a suit (digest 5 #18/#19)."""
    assert _codes("skullking-2024", "G7 B2", "LOOT PIR G5") == ["G7"]
    assert _codes("skullking-2024", "G7 B2", "E PIR G5") == ["G7"]
    assert _codes("skullking-2021", "G7 B2", "LOOT PIR G5") == ["G7", "B2"]
    # a character lead still leaves the trick without a suit in 2024 (EN2024, digest 5 #17)
    assert _codes("skullking-2024", "G7 B2", "PIR G5") == ["G7", "B2"]


def _rosie_round(modules: list[str] | None) -> Round:
    r = Round(
        skullking.load_edition("bga"),
        ["Ann", "Bo", "Cy"],
        cards=2,
        hands={"Ann": "ROSIE Y5", "Bo": "Y1 Y6", "Cy": "Y2 Y7"},
        modules=modules,
    )
    for player in ("Ann", "Bo", "Cy"):
        r.bid(player, 1)
    for player, card in (("Ann", "ROSIE"), ("Bo", "Y1"), ("Cy", "Y2")):
        r.play(player, card)
    return r


def test_bga_pirate_abilities_are_an_expansion_option() -> None:
    """BGA-JA (seed 004), "拡張の特別カード" (the expansion's special cards): "海賊 /
    Pirate - 海賊ごとの固有能力を有効にします" (enables each pirate's own ability; it adds
    no pirate card). Without that option Rosie plays as a plain pirate."""
    assert _rosie_round(None).phase is Phase.DECIDING  # every module in play by default
    assert _rosie_round(["base", "advanced"]).phase is Phase.PLAYING
    sheet = {
        "players": ["Ann", "Bo", "Cy"],
        "modules": ["base"],
        "rounds": [{"bids": {"Ann": 1, "Bo": 0, "Cy": 0}, "won": {"Ann": 1, "Bo": 0, "Cy": 0}, "wagers": {"Ann": 10}}],
    }
    with pytest.raises(SheetError, match="'wagers' comes with module 'pirate-abilities', which is not in play"):
        skullking.load_edition("bga").score_sheet(sheet)
    sheet["modules"] = ["base", "pirate-abilities"]
    assert skullking.load_edition("bga").score_sheet(sheet).totals["Ann"] == 30
