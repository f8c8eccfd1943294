"""Authoring tools: `explain` and `diff` through the command line."""

from __future__ import annotations

import json
from pathlib import Path

from clihelp import run

import skullking

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


def _explained(path: Path) -> list[str]:
    code, out, err = run("explain", str(path))
    assert (code, err) == (0, ""), err
    return out.splitlines()


def _line(lines: list[str], start: str) -> str:
    return next(line for line in lines if line.startswith(start))


def test_explain_credits_the_bid_range_to_where_min_and_max_are_set(tmp_path: Path) -> None:
    """An overlay that adds a bidding rule only sets no range of a bid: the range line
    names the file and line of `bidding.min` and `max` (here a base in tmp_path sets them
    on its lines 4 and 5), never the overlay's rule; with no file setting them (the engine's
    default, 0 to the cards dealt) it names none."""
    base = tmp_path / "base.yaml"
    base.write_text(
        "extends: skullking-2021\nid: base\nbidding:\n  min: 0\n  max: cards\n",
        encoding="utf-8",
    )
    rule = "bidding:\n  rules:\n    - {id: no-exact-total, require: total_bids != cards, description: not the cards}\n"
    over_base = tmp_path / "over-base.yaml"
    over_base.write_text(f"extends: base.yaml\nid: over-base\n{rule}", encoding="utf-8")
    lines = _explained(over_base)
    assert _line(lines, "- a bid is from").endswith("to `cards` *(base.yaml:4, 5)*")
    assert _line(lines, "- rule **no-exact-total**").endswith("*(over-base.yaml:5)*")
    over_bundled = tmp_path / "over-bundled.yaml"
    over_bundled.write_text(f"extends: skullking-2021\nid: over-bundled\n{rule}", encoding="utf-8")
    lines = _explained(over_bundled)
    assert _line(lines, "- a bid is from") == "- a bid is from `0` to `cards`"
    assert _line(lines, "- all at once") == "- all at once (the order does not matter)"


def test_explain_credits_each_key_of_play_and_the_defaults(tmp_path: Path) -> None:
    """Each line names the key that says it: an overlay that sets only who deals (a
    house rule of examples/house-rules/catch-up.yaml) is named on the dealer's line, not
    on following suit or who leads; `scoring.default` is named beside the scheme it makes
    the default, and `effects.cancelled_role` beside `when_several` (the 2021 rulebook:
    the last played of two trick-altering cards acts, the other plays as an escape)."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: skullking-2021\nid: house\nplay:\n  dealer: previous_top_scorer\nscoring:\n  default: rascal\n",
        encoding="utf-8",
    )
    lines = _explained(house)
    assert _line(lines, "- Round `round` is dealt by").endswith("*(house.yaml:4)*")
    assert "house.yaml" not in _line(lines, "- A numbered card led sets the suit")
    assert "house.yaml" not in _line(lines, "- The first trick of round")
    assert "house.yaml" not in _line(lines, "- After a trick nobody wins")
    rascal = _line(lines, "- **rascal** (default)")
    assert rascal.endswith("; house.yaml:6)*") and "skullking-2021.yaml:" in rascal
    assert "house.yaml" not in _line(lines, "- **classic**")
    several = _line(lines, "- When several are played")
    base = Path(skullking.load_edition("skullking-2021").path).read_text(encoding="utf-8").splitlines()
    numbers = [
        n for n, text in enumerate(base, start=1) if text.strip().startswith(("when_several:", "cancelled_role:"))
    ]
    assert several.endswith(f"*(skullking-2021.yaml:{numbers[0]}, {numbers[1]})*")


def test_explain_credits_no_top_level_rule_for_an_effects_own_rule(tmp_path: Path) -> None:
    """An effect's own precedence (the White Whale's, the 2021 rulebook: the highest
    number wins) is the effect's item, credited on the effect's line: a rule of it with
    the id of a top-level rule (`trump`) is not credited to that rule's line."""
    house = tmp_path / "whale.yaml"
    house.write_text(
        "extends: skullking-2021\nid: whale\neffects:\n  list:\n    white-whale:\n      precedence:\n"
        "        - {id: trump, winner: {pick: highest, of: numbered}, description: the highest number wins}\n",
        encoding="utf-8",
    )
    lines = _explained(house)
    assert _line(lines, "- **white-whale**").endswith("*(whale.yaml:6)*")
    whales = [line for line in lines if line.startswith("    2. **trump**")]
    assert whales == [
        "    2. **trump**: the highest numbered card, whatever its suit wins (equal ranks: the first played wins) "
        "- the highest number wins"
    ]
    assert "*(skullking-2021.yaml:" in _line(lines, "5. **trump**")  # the top-level rule keeps its credit


def test_explain_names_the_card_that_destroys_a_trick_as_the_edition_does(tmp_path: Path) -> None:
    """The 2021 rulebook's ghost hand, Graybeard, and the official FAQ's Kraken: after a
    trick the Kraken destroys that he would have won, he leads. The line names the
    destroying card as the edition names it: "the Kraken's" in the 2021 edition; a house
    rule that calls it a sea serpent reads "the Sea Serpent's"; one whose deck has no
    card that destroys a trick (the Kraken turned into an escape) names none."""
    code, out, _ = run("explain", "skullking-2021")
    assert code == 0
    lines = out.splitlines()
    said = "so too after a trick nobody wins that names him to lead (the Kraken's he would have won)"
    assert said in _line(lines, "- With 2 players a ghost hand")
    renamed = tmp_path / "serpent.yaml"
    renamed.write_text(
        "extends: skullking-2021\nid: serpent\ndeck:\n  cards:\n    kraken: {names: {en: [sea serpent]}}\n",
        encoding="utf-8",
    )
    line = _line(_explained(renamed), "- With 2 players a ghost hand")
    assert "(the Sea Serpent's he would have won)" in line and "Kraken" not in line
    tame = tmp_path / "tame.yaml"
    tame.write_text(
        "extends: skullking-2021\nid: tame\ndeck:\n  cards:\n    kraken: {role: escape, effect: null}\n",
        encoding="utf-8",
    )
    line = _line(_explained(tame), "- With 2 players a ghost hand")
    assert "so too after a trick nobody wins that names him to lead - " in line and "would have won" not in line
