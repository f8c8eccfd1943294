"""Round trips of game records (the fast share of scripts/records_soak.py): a game
played under each example house rule, its record carrying the rule inline, reads back
every way to the game's scores (docs/records.md)."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from roundtrips import check_game, play

import skullking

HOUSE_RULES = sorted((Path(__file__).resolve().parents[2] / "examples" / "house-rules").glob("*.yaml"))


@functools.cache
def _edition(source: str) -> skullking.Edition:
    return skullking.load_edition(source)


@pytest.mark.parametrize("path", HOUSE_RULES, ids=lambda p: p.stem)
def test_a_house_rules_games_read_back_from_their_records_to_the_same_scores(path: Path) -> None:
    """Each game's record, its rule inline, is canonical, replays (with and without its
    deal) to the game's scores, and loaded at a move drawn at random then played on as
    recorded gives them too."""
    rule = path.read_text(encoding="utf-8")
    for seed in range(3):
        assert check_game(play(_edition(str(path)), seed), rule=rule, seed=seed) == []


def test_a_record_read_under_other_rules_is_a_disagreement() -> None:
    """The check can fail: a record carrying a rule the game was not played under (the
    2021 rulebook's Loot worth 20, the rule's 10) is refused at its Rules tag, and
    said."""
    rule = "extends: skullking-2021\nid: loot-worth-10\neffects:\n  list:\n    - id: loot\n      points: 10\n"
    game = play(_edition("skullking-2021"), 1)
    (found,) = check_game(game, rule=rule, seed=1)
    assert found.startswith("refused: ") and "other rules" in found
