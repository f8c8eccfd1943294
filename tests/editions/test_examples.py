"""Every file under examples/ loads and does what its comments say."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from clihelp import run_json
from resolvers import ResolveTrick

import skullking
from skullking.analysis.lint import validate_file
from skullking.rounds.bidding import dealer, first_leader
from skullking.scoring.sheets.score import read_sheet
from skullking.tools.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HOUSE_RULES = sorted((EXAMPLES / "house-rules").glob("*.yaml"))
SHEETS = sorted((EXAMPLES / "sheets").glob("*.yaml"))


@pytest.mark.parametrize("path", HOUSE_RULES, ids=[p.name for p in HOUSE_RULES])
def test_house_rule_validates_cleanly(path: Path) -> None:
    """A house rule is an overlay with no problems, not even warnings (those of
    `validate` about rules that cannot matter included)."""
    edition, problems = validate_file(path)
    assert edition is not None and problems == []
    assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=../../rules/")


def test_our_table_changes_what_it_says(resolve_trick: ResolveTrick) -> None:
    """our-table.yaml: Kraken leader left of its player (the 2021 rulebook's first printing), black 14 = 30,
    other 14s nothing; everything else as in 2021."""
    ours = skullking.load_edition(EXAMPLES / "house-rules" / "our-table.yaml")
    base = skullking.load_edition("skullking-2021")
    kraken = ["Y1", "KRAKEN", "Y12", "B3"]  # without the Kraken seat 3 (B3) would have won
    assert resolve_trick(base, kraken).next_leader == 3
    assert resolve_trick(ours, kraken).next_leader == 2
    assert resolve_trick(ours, ["B14", "Y14", "G1"]).bonus == 30
    assert resolve_trick(base, ["B14", "Y14", "G1"]).bonus == 30
    assert resolve_trick(ours, ["Y14", "Y2"]).bonus == 0
    assert resolve_trick(ours, ["PIR", "SK", "MER"])[:5] == resolve_trick(base, ["PIR", "SK", "MER"])[:5]


@pytest.mark.parametrize("path", SHEETS, ids=[p.name for p in SHEETS])
def test_example_sheet_scores(path: Path) -> None:
    """The example sheets score without problems through the command line."""
    out, err = StringIO(), StringIO()
    assert main(["score", str(path)], out=out, err=err) == 0, err.getvalue()
    assert "Total" in out.getvalue()


def test_harbour_night_totals() -> None:
    """harbour-night.yaml: the totals its comments work out (the 2021 rulebook)."""
    ed = skullking.load_edition("skullking-2021")
    score = ed.score_sheet((EXAMPLES / "sheets" / "harbour-night.yaml").read_text(encoding="utf-8"))
    # round 1: 10 20 10 10; round 2: 20 20 -10 60; round 3: 80 30 30 50
    assert dict(score.totals) == {"Emma": 110, "Nico": 70, "Pat": 30, "Lea": 120}
    assert score.winners == ("Lea",)


def _house(name: str) -> skullking.edition.Edition:
    return skullking.load_edition(EXAMPLES / "house-rules" / f"{name}.yaml")


def test_there_are_at_least_six_house_rules() -> None:
    """At least six overlays, each a comment saying what it changes."""
    assert len(HOUSE_RULES) >= 6
    for path in HOUSE_RULES:
        text = path.read_text(encoding="utf-8")
        assert "extends:" in text and text.splitlines()[2].startswith("# ")


def test_club_beasts_from_4() -> None:
    """The club of a German score keeper's article: Kraken and Whale from 4 players, Loot always."""
    club = _house("club-beasts-from-4")
    assert club.modules_for(3) == ["base", "loot"]
    assert club.modules_for(4) == ["base", "advanced", "loot"]
    three = {
        "players": ["A", "B", "C"],
        "rounds": [{"bids": {"A": 1, "B": 0, "C": 0}, "won": {"A": 0, "B": 0, "C": 0}}],
    }
    with pytest.raises(skullking.SheetError, match="no card in play can destroy a trick"):
        club.score_sheet(three)  # no Kraken or Whale at three: the one trick must be won
    four = {
        "players": ["A", "B", "C", "D"],
        "rounds": [{"bids": {"A": 1, "B": 0, "C": 0, "D": 0}, "won": {"A": 0, "B": 0, "C": 0, "D": 0}}],
    }
    assert club.score_sheet(four).totals["A"] == -10  # a Kraken may have taken it
    three_loot = {
        "players": ["A", "B", "C"],
        "rounds": [{"bids": {"A": 1, "B": 0, "C": 0}, "won": {"A": 1, "B": 0, "C": 0}, "loot": [["B", "A"]]}],
    }
    assert dict(club.score_sheet(three_loot).totals) == {"A": 40, "B": 30, "C": 10}


def test_original_with_beasts_first_played_beast_acts(resolve_trick: ResolveTrick) -> None:
    """A German score keeper's article: old-edition tables that add the beasts let the first
    one played act (the 2021 rulebook has the second one act): Whale then Kraken -> the
    Whale acts, 12 beats 3."""
    grafted = _house("original-with-beasts")
    result = resolve_trick(grafted, ["Y12", "B3", "WHALE", "KRAKEN"])
    assert (result.winner, result.rule) == (0, "highest-number")
    result = resolve_trick(grafted, ["Y12", "B3", "KRAKEN", "WHALE"])
    assert (result.winner, result.next_leader) == (None, 1)  # without the beasts B3 wins
    assert resolve_trick(grafted, ["SK", "MARY:E"]).bonus == 30  # still the original edition


def test_loot_worth_10() -> None:
    """Loot alliances pay 10 each (the 2021 rulebook pays 20)."""
    sheet = {
        "players": ["A", "B", "C"],
        "rounds": [{"bids": {"A": 1, "B": 0, "C": 0}, "won": {"A": 1, "B": 0, "C": 0}, "loot": [["B", "A"]]}],
    }
    assert dict(_house("loot-worth-10").score_sheet(sheet).totals) == {"A": 30, "B": 20, "C": 10}


def test_no_zero_in_round_1() -> None:
    """A made zero bid in round 1 scores nothing; in round 2 it scores 10 x cards."""
    sheet = {
        "players": ["A", "B"],
        "rounds": [
            {"bids": {"A": 0, "B": 1}, "won": {"A": 0, "B": 1}},
            {"bids": {"A": 0, "B": 2}, "won": {"A": 0, "B": 2}},
        ],
    }
    score = _house("no-zero-in-round-1").score_sheet(sheet)
    assert [r.points["A"] for r in score.rounds] == [0, 20]
    assert [r.points["B"] for r in score.rounds] == [20, 40]


def test_catch_up() -> None:
    """catch-up.yaml: a made bid is worth 10 more in last place, not while everybody is
    level; the winner of a round deals the next and the player after them leads. Round
    1 (dealt by C, led by A, as by default): A wins it, nobody being behind. Round 2: B
    and C trail and both make their bids; they share its most points, and the first of
    them, B, deals round 3, C leading it. Round 3: everybody level at 40, no bonus."""
    house = _house("catch-up")
    sheet = {
        "players": ["A", "B", "C"],
        "rounds": [
            {"bids": {"A": 1, "B": 0, "C": 0}, "won": {"A": 1, "B": 0, "C": 0}},
            {"bids": {"A": 1, "B": 1, "C": 0}, "won": {"A": 1, "B": 1, "C": 0}},
            {"bids": {"A": 0, "B": 0, "C": 3}, "won": {"A": 0, "B": 0, "C": 3}},
        ],
    }
    score = house.score_sheet(sheet)
    assert [dict(r.points) for r in score.rounds] == [
        {"A": 20, "B": 10, "C": 10},
        {"A": 20, "B": 30, "C": 30},
        {"A": 30, "B": 30, "C": 60},
    ]
    base = skullking.load_edition("skullking-2021").score_sheet(sheet)
    assert dict(base.rounds[1].points) == {"A": 20, "B": 20, "C": 20}
    after_2 = score.so_far[2]  # what round 3 sees: B and C scored 30 in round 2, B first
    seats = [rule(house, number=3, players=3, rounds=10, so_far=after_2) for rule in (dealer, first_leader)]
    assert seats == [1, 2]
    assert [rule(house, number=1, players=3, rounds=10) for rule in (dealer, first_leader)] == [2, 0]


def test_escapes_never_win(resolve_trick: ResolveTrick) -> None:
    """An all-escape trick is won by nobody and its leader leads again; with any other
    card the trick is decided as in 2021."""
    house = _house("escapes-never-win")
    result = resolve_trick(house, ["E", "TIG:E", "LOOT"], leader=1, players=3)
    assert (result.winner, result.next_leader, result.alliances) == (None, 1, ())
    assert resolve_trick(skullking.load_edition("skullking-2021"), ["E", "TIG:E", "LOOT"]).winner == 0
    assert resolve_trick(house, ["E", "Y2", "LOOT"]).winner == 1


def test_skull_king_always_wins(resolve_trick: ResolveTrick) -> None:
    """No mermaid trap: the Skull King beats the mermaid and collects his pirates."""
    house = _house("skull-king-always-wins")
    result = resolve_trick(house, ["MER", "SK", "PIR"])
    assert (result.winner, result.bonus) == (1, 30)
    assert resolve_trick(skullking.load_edition("skullking-2021"), ["MER", "SK", "PIR"]).winner == 0


def test_pre_commit_hook_runs_validate() -> None:
    """.pre-commit-hooks.yaml lets a house-rule repository run
    `skullking validate` on its YAML files; the entry is this package's console script."""
    import tomllib

    import yaml

    root = EXAMPLES.parent
    hooks = yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks
    assert hook["id"] == "skullking-validate" and hook["language"] == "python"
    assert hook["entry"] == "skullking validate" and hook["types"] == ["yaml"]
    scripts = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["skullking"] == "skullking.tools.cli:main"
    out, err = StringIO(), StringIO()
    files = [str(p) for p in HOUSE_RULES]
    assert main(["validate", *files], out=out, err=err) == 0, out.getvalue()


def test_pirate_abilities_sheet_scores_as_its_comments_say() -> None:
    """examples/sheets/pirate-abilities.yaml (the 2021 rulebook): the totals worked out in its
    comments; without Harry's change Pat's round 3 is a missed zero bid (-10 x 2 cards)."""
    path = EXAMPLES / "sheets" / "pirate-abilities.yaml"
    record = run_json("score", str(path))
    assert record["totals"] == {"Emma": 70, "Nico": 90, "Pat": 80, "Lea": 130}
    assert record["rounds"][2]["bids"]["Pat"] == 1
    sheet = read_sheet(path.read_text(encoding="utf-8"), str(path)).plain()
    del sheet["rounds"][2]["harry"]
    assert skullking.load_edition("skullking-2021").score_sheet(sheet).rounds[2].points["Pat"] == -20
