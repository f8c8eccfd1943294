"""Rules fidelity: readings checked against the worked examples and rule
statements of the sources, each test citing the source line it follows."""

from __future__ import annotations

from pathlib import Path

import pytest

import skullking
from skullking.core.errors import SheetError
from skullking.play.round import Phase, Round


def _codes(edition: str, hand: str, trick: str) -> list[str]:
    return [str(p) for p in skullking.load_edition(edition).legal_plays(hand, trick)]


def test_2024_the_next_suited_card_sets_the_suit_after_a_loot_lead() -> None:
    """The 2024 printing of the rulebook, the Loot: "the next suited card played sets the
    lead suit" (and an English rules guide for escapes): a pirate after a Loot lead leaves
    the choice to the green 5, so a player holding green must follow it. The 2021
    rulebook's "the next player sets the suit" (the official FAQ: "the next player to
    play chooses") lets the pirate leave the trick without a suit."""
    assert _codes("skullking-2024", "G7 B2", "LOOT PIR G5") == ["G7"]
    assert _codes("skullking-2024", "G7 B2", "E PIR G5") == ["G7"]
    assert _codes("skullking-2021", "G7 B2", "LOOT PIR G5") == ["G7", "B2"]
    # a character lead still leaves the trick without a suit in 2024 (the 2024 printing)
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
    """Board Game Arena's Japanese game help, "拡張の特別カード" (the expansion's special cards): "海賊 /
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


GHOST_TRICKS = [["Y1", "Y9", "Y2"], ["G9", "G1", "G2"], ["P1", "P9", "P5"]]
GHOST_SHEET: dict[str, object] = {
    "players": ["Ann", "Bo"],
    "rounds": [
        {
            "cards": 3,
            "leader": "Bo",
            "bids": {"Ann": 0, "Bo": 0},
            # Bo leads, Graybeard plays second and wins with Y9; he leads and wins again
            # with G9; he leads the third trick, and the order of the players after him
            # decides who plays the purple 9.
            "tricks": GHOST_TRICKS,
        }
    ],
}


def test_graybeard_leading_again_keeps_the_order(tmp_path: Path) -> None:
    """The 2021 rulebook: Graybeard plays second when a player leads; when he wins he
    leads, and the player who led the trick he won plays next. When he led the trick he
    won, the sources are silent: the order is kept (`ghost.leads_again: keep_order`),
    so Bo, who played after him, plays after him again and wins the third trick with P9;
    `seat_order` makes the first player listed (Ann) play after him instead."""
    kept = skullking.load_edition("skullking-2021").score_sheet(GHOST_SHEET).rounds[0]
    assert (kept.won, kept.points) == ({"Ann": 0, "Bo": 1}, {"Ann": 30, "Bo": -30})
    path = tmp_path / "seat-order.yaml"
    path.write_text("extends: skullking-2021\nid: seat-order\nghost: {leads_again: seat_order}\n", encoding="utf-8")
    by_seat = skullking.load_edition(path).score_sheet(GHOST_SHEET).rounds[0]
    assert (by_seat.won, by_seat.points) == ({"Ann": 1, "Bo": 0}, {"Ann": -30, "Bo": 30})


def test_graybeard_leading_again_in_a_round_played_move_by_move() -> None:
    r = Round(
        skullking.load_edition("skullking-2021"),
        ["Ann", "Bo"],
        cards=3,
        leader="Bo",
        hands={"Ann": "Y2 G2 P5", "Bo": "Y1 G1 P9", "Graybeard": "Y9 G9 P1"},
    )
    r.bid("Ann", 0)
    r.bid("Bo", 0)
    for player, card in (("Bo", "Y1"), ("Ann", "Y2"), ("Bo", "G1"), ("Ann", "G2")):
        r.play(player, card)
    assert [t.players for t in r.tricks] == [("Bo", "Graybeard", "Ann"), ("Graybeard", "Bo", "Ann")]
    assert r.to_play == "Bo"  # Graybeard has played P1; Bo still plays after him
    r.play("Bo", "P9")
    r.play("Ann", "P5")
    assert r.tricks[-1].winner == "Bo" and r.as_sheet_round()["tricks"] == GHOST_TRICKS


def _round_with(bonuses: dict[str, list[str]], won: dict[str, int] | None = None) -> dict[str, object]:
    counts = won or {"A": 1, "B": 1, "C": 1}
    return {
        "players": ["A", "B", "C"],
        "rounds": [{"cards": 3, "bids": counts, "won": counts, "bonuses": bonuses}],
    }


@pytest.mark.parametrize(
    ("bonuses", "won", "message"),
    [
        # one Skull King (the 2021 rulebook's deck list): only one player can have won with him
        (
            {"A": ["pirate-by-skull-king"], "B": ["pirate-by-skull-king"]},
            None,
            "B's 'pirate-by-skull-king' needs a trick won with skull_king, but A's bonuses need such a winning "
            "card too, and the cards in play hold 1",
        ),
        # two mermaids: three players cannot each have won with one
        (
            {"A": ["skull-king-by-mermaid"], "B": ["skull-king-by-mermaid"], "C": ["skull-king-by-mermaid"]},
            None,
            "bonus 'skull-king-by-mermaid' 3 times, but the cards in play allow at most 1",
        ),
        # a trick has one winning card: a pirate's and the Skull King's bonuses need two tricks
        (
            {"C": ["mermaid-by-pirate", "pirate-by-skull-king"]},
            {"A": 1, "B": 1, "C": 1},
            "C's bonuses need 2 tricks won with different cards",
        ),
    ],
)
def test_a_sheet_cannot_claim_more_winning_cards_than_the_deck_has(
    bonuses: dict[str, list[str]], won: dict[str, int] | None, message: str
) -> None:
    """For every bonus, what a round's sheet claims across all players
    cannot exceed what the deck in play allows - captured cards, and the winning card a
    bonus with a winner pattern needs (derived from the patterns and card counts)."""
    with pytest.raises(SheetError, match=message.replace("(", r"\(").replace(")", r"\)")):
        skullking.load_edition("skullking-2021").score_sheet(_round_with(bonuses, won))


def test_possible_bonus_combinations_are_accepted() -> None:
    """Five pirates and the Tigress can each win a mermaid-by-pirate trick; a player may
    take several bonuses in one trick won with one card; two players two mermaids."""
    ed = skullking.load_edition("skullking-2021")
    ed.score_sheet(_round_with({"A": ["mermaid-by-pirate"], "B": ["mermaid-by-pirate"]}))
    ed.score_sheet(_round_with({"A": ["pirate-by-skull-king", "pirate-by-skull-king", "black-14"]}))
    ed.score_sheet(_round_with({"A": ["skull-king-by-mermaid"], "B": ["standard-14"], "C": ["black-14"]}))
    two = _round_with({"C": ["mermaid-by-pirate", "pirate-by-skull-king"]}, {"A": 0, "B": 1, "C": 2})
    assert ed.score_sheet(two).rounds[0].points["C"] == 40 + 20 + 30


def test_whirlpool_by_the_name_in_each_book() -> None:
    """The 2024 printing of the rulebook deals Whirlpool 9, 7, 5, 3, 1;
    the French rulebook ("Deux manches de 9, 7, 5, 3 et enfin 1") and an English rules
    guide two rounds each. skullking-2024 gives its book's reading the plain name; the
    2021 file, whose book's wording is not known, names neither plainly, and asking for
    it names both, each title saying which books deal so."""
    from skullking.core.errors import GameError
    from skullking.play.game import Game

    assert skullking.load_edition("skullking-2024").schedule("whirlpool").rounds == (9, 7, 5, 3, 1)
    assert skullking.load_edition("skullking-2024").schedule("even-keeled").rounds == (2, 4, 6, 8, 10)
    ed = skullking.load_edition("skullking-2021")
    with pytest.raises(GameError, match="did you mean 'whirlpool-once' or 'whirlpool-twice'"):
        Game(ed, ["A", "B"], schedule="whirlpool")
    assert "2024 rulebook" in ed.schedule("whirlpool-once").title
    assert "French rulebook" in ed.schedule("whirlpool-twice").title
    assert ed.schedule("whirlpool-twice").rounds == (9, 9, 7, 7, 5, 5, 3, 3, 1, 1)
