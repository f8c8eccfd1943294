"""A bonus for winning a trick with a card: a captured pattern with ``played:
winning_card`` matches the winning card alone. A house rule: winning a trick with a 1
pays 10 (once, whatever other 1s the trick holds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from clihelp import run

import skullking
from skullking.edition import Edition

RULE = """extends: skullking-2021
id: little-one
title: Winning with a 1 pays 10
bonuses:
  little-one:
    points: 10
    captured: {ranks: [1], played: winning_card}
    description: winning a trick with a 1
"""


@pytest.fixture(scope="module")
def little(tmp_path_factory: pytest.TempPathFactory) -> Edition:
    path = tmp_path_factory.mktemp("little") / "little-one.yaml"
    path.write_text(RULE, encoding="utf-8")
    return skullking.load_edition(path)


@pytest.mark.parametrize(
    ("cards", "winner", "bonus"),
    [
        ("Y1 G1 E", 0, 10),  # the yellow 1 wins (led): paid once, not for the green 1
        ("Y1 Y3", 1, 0),  # the 3 wins: a 1 taken pays nothing
        ("E Y1 G1 B1", 3, 10),  # the black 1 wins as trump
        ("Y1 PIR", 1, 0),  # a pirate takes the 1
    ],
)
def test_the_winning_card_alone_pays(little: Edition, cards: str, winner: int, bonus: int) -> None:
    """A house rule: winning a trick with a 1 pays 10 - by the compiled resolver and the
    reference alike."""
    for resolve in (little.resolve_trick, little.interpret_trick):
        result = resolve(cards)
        assert (result.winner, result.bonus) == (winner, bonus)
        assert result.bonuses == (("little-one",) if bonus else ())


def test_a_sheet_claims_it_for_a_trick_won(little: Edition, tmp_path: Path) -> None:
    """A score sheet claims the bonus for a player who won a trick (Ann: bid 1, won 1,
    20 + 10); the analysis of `validate --strict` finds it earned (no warning)."""
    sheet = {
        "players": ["Ann", "Bo"],
        "rounds": [{"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}, "bonuses": {"Ann": ["little-one"]}}],
    }
    assert dict(little.score_sheet(sheet).rounds[0].points) == {"Ann": 30, "Bo": 10}
    path = tmp_path / "little-one.yaml"
    path.write_text(RULE, encoding="utf-8")
    code, out, err = run("validate", "--strict", str(path))
    assert code == 0 and "warning" not in out + err
