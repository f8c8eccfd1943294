"""Authoring tools: `explain` and `diff` through the command line."""

from __future__ import annotations

import json
from pathlib import Path

from clihelp import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


def test_explain_says_which_file_set_each_rule() -> None:
    """explain: the rules as Markdown, each line naming the file (base or overlay) that set it."""
    code, out, _ = run("explain", "--edition", str(EXAMPLES / "our-table.yaml"))
    assert code == 0
    assert out.startswith("# Our table")
    kraken = next(line for line in out.splitlines() if line.startswith("- **kraken**"))
    assert kraken.endswith("*(our-table.yaml:11)*")
    black = next(line for line in out.splitlines() if line.startswith("- `black-14`"))
    assert "+30" in black and black.endswith("*(our-table.yaml:14)*")
    pirate = next(line for line in out.splitlines() if line.startswith("- `pirate-by-skull-king`"))
    assert "skullking-2021.yaml:" in pirate
    assert "standard-14" not in out  # removed by the overlay
    for section in (
        "## Deck",
        "## Leading and following",
        "## Who wins a trick",
        "## Bonuses",
        "## Scoring",
        "## Rounds",
    ):
        assert section in out


def test_explain_states_the_abilities_and_their_timing() -> None:
    """explain lists each ability (the 2021 rulebook) with when it is used (at once or
    after the last trick) and whether the last trick grants it, naming the file that set
    it."""
    code, out, _ = run("explain", "--edition", str(EXAMPLES / "harry-after-last-trick.yaml"))
    assert code == 0
    lines = {line.split("**")[1]: line for line in out.splitlines() if line.startswith("- **") and ":" in line}
    assert "after the round's last trick, also when won in it" in lines["harry"]
    assert lines["harry"].endswith("*(harry-after-last-trick.yaml:13)*")
    assert "draws 2 cards from the undealt deck, then discards 2, at once; not in the last trick" in lines["bendt"]
    assert "skullking-2021.yaml:" in lines["rascal"] and "wagers one of 0, 10, 20" in lines["rascal"]
    _, base, _ = run("explain", "--edition", "skullking-2021")
    harry = next(line for line in base.splitlines() if line.startswith("- **harry**"))
    assert "at once, also after the round's last trick" in harry
    _, original, _ = run("explain", "--edition", "skullking-original")
    assert "## Abilities" not in original
    loads = next(line for line in base.splitlines() if "chooses a load" in line)
    assert "grapeshot (the default; names en: grapeshot, buckshot; fr: chevrotine)" in loads  # names of other sources


def test_explain_json() -> None:
    """explain --format json wraps the Markdown."""
    code, out, _ = run("explain", "--edition", "skullking-original", "--format", "json")
    record = json.loads(out)
    assert code == 0 and record["id"] == "skullking-original"
    assert "`10 * round`" in record["markdown"]


def test_diff_lists_values_and_tricks() -> None:
    """diff: the changed values, then example tricks that end differently (the first
    printing's Kraken leader)."""
    code, out, _ = run("diff", "skullking-2021", "skullking-2021-first-printing", "--format", "json", "--sample", "200")
    report = json.loads(out)
    assert code == 0 and (report["a"], report["b"]) == ("skullking-2021", "skullking-2021-first-printing")
    paths = {c["path"]: (c["a"], c["b"]) for c in report["changes"]}
    assert paths["effects.list[kraken].next_leader"] == (["would_have_won_without_effects"], ["left_of_effect_player"])
    assert paths["scoring.ties"] == ("extra_round", "shared")
    tricks = report["tricks"]
    assert tricks["checked"] > 300_000 and 0 < tricks["differ"] < tricks["checked"]
    for example in tricks["examples"]:
        assert "KRAKEN" in example["cards"]  # only the Kraken's leader changed
        assert example["a"]["winner"] is None and example["a"]["next_leader"] != example["b"]["next_leader"]
    assert report["rounds"]["differ"] == 0


def test_diff_finds_scoring_differences() -> None:
    """diff: rounds that score differently (zero bid by round in the original edition's rules vs
    by cards in the 2021 rulebook)."""
    code, out, _ = run("diff", "skullking-2021", "skullking-original", "--sample", "100", "--depth", "2")
    assert code == 0
    assert "Rounds: " in out and "score differently, e.g.:" in out
    assert "scoring.schemes[classic]" in out


def test_diff_of_an_edition_with_itself_is_empty() -> None:
    """diff A A: nothing changes."""
    code, out, _ = run("diff", "skullking-2024", "skullking-2024", "--sample", "50", "--format", "json")
    report = json.loads(out)
    assert code == 0 and report["changes"] == [] and report["tricks"]["differ"] == 0 and report["rounds"]["differ"] == 0
