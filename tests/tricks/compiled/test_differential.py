"""The two trick resolvers agree on house rules generated at the level of rules.

``Edition.interpret_trick`` (engine/tricks/interpreter.py) reads the rules as they are
written; ``Edition.resolve_trick`` runs them compiled (engine/tricks/compiled/, with its
plans and plan tables), and score sheets,
simulations and the pad go through it. Besides the bundled files and the overlays of
tests/tricks/compiled/test_compiled.py, the property here builds house rules as a rule author writes
them (tests/helpers/agreement.py: precedence rules with conditions, picks and ties, bonuses by
roles, suits, ranks and cards, effects, new roles and cards, counts, player counts) and
resolves random tricks of each through every path; scripts/differential.py runs it
long. First the regression tests: a trick and a sheet such a run found wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from agreement import check_overlay, house_rules
from clihelp import run_json
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from resolvers import ResolveTrick

import skullking
from skullking.tricks.compiled import tables

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
    for each mermaid in the trick: a pirate taking one mermaid earns 25 (both ids),
    through the command line."""
    record = run_json("trick", "--edition", str(mermaid_plus_5), "PIR", "MER")
    assert (record["winner"], record["bonus"], record["bonuses"]) == (0, 25, ["mermaid-by-pirate", "any-mermaid"])


@pytest.mark.parametrize(
    ("codes", "points"), [(["PIR", "MER"], 25), (["MER", "PIR", "MER"], 50), (["Y3", "MER", "PIR"], 25)]
)
def test_two_bonuses_counting_mermaids_pay_for_each_mermaid(
    mermaid_plus_5: Path, resolve_trick: ResolveTrick, codes: list[str], points: int
) -> None:
    """Each mermaid a pirate takes pays 20 (the 2021 rulebook) and 5 (the house rule
    above): one mermaid 25, two 50, under every trick resolver, given as parsed cards
    and as plays, each three times (without tables: the pattern seen, its plan built,
    then used)."""
    edition = skullking.load_edition(mermaid_plus_5)
    ids = ("mermaid-by-pirate", "any-mermaid") * (points // 25)
    for _ in range(3):
        for cards in (edition.parse_cards(codes), [edition.play_of(code) for code in codes]):
            result = resolve_trick(edition, cards)
            assert (result.winner, result.bonus, sorted(result.bonuses)) == (codes.index("PIR"), points, sorted(ids))


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


#: Generated editions in the suite, and random tricks of each (with as many more of
#: their patterns); scripts/differential.py runs as many as asked.
EDITIONS, TRICKS = 40, 100


def test_the_resolvers_agree_on_generated_house_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules as the 2021 rulebook, the official FAQ and Board Game Arena's help
    word them, changed as house rules change them, give the same trick results
    interpreted and compiled: for 40 generated overlays of the bundled editions, 100
    random tricks each and another trick of each one's pattern, every field of the
    result (or the same error), under an edition object that plans as it goes and one
    that read its plan tables. Nearly every generated overlay loads (the generator
    writes what the merged rules allow)."""
    monkeypatch.setenv("SKULLKING_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("SKULLKING_NO_CACHE", raising=False)
    monkeypatch.setattr(tables, "MOST_TUPLES", 6_000)  # tables of up to three cards: built in a blink
    compared: list[int | None] = []

    @settings(
        max_examples=EDITIONS,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        phases=[Phase.generate],  # (a failure names its overlay as generated: shrinking replays editions for minutes)
    )
    @given(house_rules(), st.integers(0, 2**32))
    def agree_on(overlay: dict[str, Any], trick_seed: int) -> None:
        compared.append(check_overlay(overlay, tmp_path, trick_seed, TRICKS))

    agree_on()
    loaded = [count for count in compared if count is not None]
    assert len(loaded) >= 0.9 * len(compared) and len(compared) == EDITIONS
    assert sum(loaded) >= 1.5 * TRICKS * len(loaded)
