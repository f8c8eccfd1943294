"""Every file under examples/ loads and does what its comments say."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest

import skullking
from skullking.loader import check_file
from skullking.tools.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HOUSE_RULES = sorted((EXAMPLES / "house-rules").glob("*.yaml"))
SHEETS = sorted((EXAMPLES / "sheets").glob("*.yaml"))


@pytest.mark.parametrize("path", HOUSE_RULES, ids=[p.name for p in HOUSE_RULES])
def test_house_rule_validates_cleanly(path: Path) -> None:
    """A house rule is an overlay with no problems, not even warnings."""
    edition, problems = check_file(path)
    assert edition is not None and problems == []
    assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=../../rules/")


def test_our_table_changes_what_it_says() -> None:
    """our-table.yaml: Kraken leader left of its player (digest 5 #1 option B), black 14 = 30,
    other 14s nothing; everything else as in 2021."""
    ours = skullking.load_edition(EXAMPLES / "house-rules" / "our-table.yaml")
    base = skullking.load_edition("skullking-2021")
    kraken = ["Y1", "KRAKEN", "Y12", "B3"]  # without the Kraken seat 3 (B3) would have won
    assert base.resolve_trick(kraken).next_leader == 3
    assert ours.resolve_trick(kraken).next_leader == 2
    assert ours.resolve_trick(["B14", "Y14", "G1"]).bonus == 30
    assert base.resolve_trick(["B14", "Y14", "G1"]).bonus == 30
    assert ours.resolve_trick(["Y14", "Y2"]).bonus == 0
    assert ours.resolve_trick(["PIR", "SK", "MER"])[:5] == base.resolve_trick(["PIR", "SK", "MER"])[:5]


@pytest.mark.parametrize("path", SHEETS, ids=[p.name for p in SHEETS])
def test_example_sheet_scores(path: Path) -> None:
    """The example sheets score without problems through the command line."""
    out, err = StringIO(), StringIO()
    assert main(["score", str(path)], out=out, err=err) == 0, err.getvalue()
    assert "Total" in out.getvalue()


def test_harbour_night_totals() -> None:
    """harbour-night.yaml: the totals its comments work out (digest 2.5, 2.7, 2.9)."""
    ed = skullking.load_edition("skullking-2021")
    score = ed.score_sheet((EXAMPLES / "sheets" / "harbour-night.yaml").read_text(encoding="utf-8"))
    # round 1: 10 20 10 10; round 2: 20 20 -10 60; round 3: 80 30 30 50
    assert dict(score.totals) == {"Emma": 110, "Nico": 70, "Pat": 30, "Lea": 120}
    assert score.winners == ("Lea",)
