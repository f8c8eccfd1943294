"""The two trick resolvers agree on house rules a rule author might write.

``Edition.interpret_trick`` (engine/trick.py) reads the rules as they are written;
``Edition.resolve_trick`` runs them compiled (engine/compiled*.py, with the plans of
engine/plan.py), and score sheets, simulations and the pad go through it. Tricks and
sheets found wrong, each a regression test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clihelp import run_json

import skullking

#: A house rule that pays 5 points for each mermaid in a trick won, on top of the 2021
#: rulebook's 20 for each mermaid a pirate takes: two bonuses that count one role.
MERMAID_PLUS_5 = """\
extends: skullking-2021
id: mermaid-plus-5
bonuses:
  any-mermaid: {points: 5, captured: {roles: [mermaid]}, description: each mermaid in the trick}
"""


@pytest.fixture
def mermaid_plus_5(tmp_path: Path) -> Path:
    path = tmp_path / "mermaid-plus-5.yaml"
    path.write_text(MERMAID_PLUS_5, encoding="utf-8")
    return path


def test_two_bonuses_counting_mermaids_both_pay_for_one_mermaid(mermaid_plus_5: Path) -> None:
    """The 2021 rulebook pays 20 for each mermaid a pirate takes; the house rule adds 5
    for each mermaid in the trick: a pirate taking one mermaid earns 25 (both ids), two
    mermaids 50, through the command line, the compiled resolver (plays and parsed
    cards, each three times: the pattern seen, planned, then served by its plan) and
    the interpreter alike."""
    record = run_json("trick", "--edition", str(mermaid_plus_5), "PIR", "MER")
    assert (record["winner"], record["bonus"], record["bonuses"]) == (0, 25, ["mermaid-by-pirate", "any-mermaid"])
    edition = skullking.load_edition(mermaid_plus_5)
    for codes, points in ((["PIR", "MER"], 25), (["MER", "PIR", "MER"], 50), (["Y3", "MER", "PIR"], 25)):
        expected = edition.interpret_trick(codes)
        assert expected.bonus == points and expected.bonuses.count("any-mermaid") == points // 25
        for _ in range(3):
            for cards in (edition.parse_cards(codes), [edition.play_of(code) for code in codes]):
                assert edition.resolve_trick(cards) == expected, codes


def test_score_of_the_whole_play_agrees_with_its_bonuses_stated(mermaid_plus_5: Path) -> None:
    """One round of three players under the house rule above: Ann's pirate takes Bo's
    mermaid. The sheet that gives the whole play (``tricks``) and the sheet that states
    the result and its bonuses score the same: Ann 20 for her bid of one, +25 bonus."""
    play = "  - bids: {Ann: 1, Bo: 0, Cy: 0}\n    tricks: [[PIR, MER, Y3]]\n"
    stated = (
        "  - bids: {Ann: 1, Bo: 0, Cy: 0}\n    won: {Ann: 1, Bo: 0, Cy: 0}\n"
        "    bonuses: {Ann: [mermaid-by-pirate, any-mermaid]}\n"
    )
    scored = []
    for name, round_ in (("play", play), ("stated", stated)):
        sheet = mermaid_plus_5.parent / f"{name}.yaml"
        sheet.write_text(f"edition: {mermaid_plus_5.name}\nplayers: [Ann, Bo, Cy]\nrounds:\n{round_}", encoding="utf-8")
        scored.append(run_json("score", str(sheet))["totals"])
    assert scored[0] == scored[1] == {"Ann": 45, "Bo": 10, "Cy": 10}
