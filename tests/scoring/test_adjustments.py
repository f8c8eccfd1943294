"""A scheme's adjustments.

What the documentation promises (docs/house-rules/extends.md, "Adjustments: one change
to every case"; docs/house-rules/language.md; the schema's descriptions): an adjustment
of a scheme changes the points of whichever case applied, where its ``when`` holds, to
its ``points`` formula, which reads them as ``points``; adjustments apply in order, each
to the points the one before left, before a sheet's ``extra``; an overlay adds, changes,
places and removes them by id as other lists. Every round is scored through the one
scoring function, so sheets, ``skullking score``, rounds and games played move by move,
``explain`` and ``diff`` all see them. The points are worked out by hand from the 2021
rulebook's scoring in the comments.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from clihelp import run, run_json

import skullking
from skullking.analysis import rounddiff, valuediff
from skullking.analysis.explain import explain
from skullking.core.errors import EditionError, SheetError
from skullking.edition import Edition
from skullking.play.game import Game
from skullking.play.round import Round, play_randomly

BASE = skullking.load_edition("skullking-2021")
#: The two examples of the README's tutorial.
DOUBLE_LAST = (
    "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
    "        double-last-round: {when: last_round == 1, points: points * 2}\n"
)
ESCAPE_TAX = (
    "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
    "        escape-tax: {points: points - 5 * played_card_escape}\n"
)


def _overlay(folder: Path, name: str, body: str, extends: str = "skullking-2021") -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(f"extends: {extends}\nid: {name}\n{body}", encoding="utf-8")
    return path


def _load(folder: Path, name: str, body: str, extends: str = "skullking-2021") -> Edition:
    return skullking.load_edition(_overlay(folder, name, body, extends))


#: Three players, the five rounds of the 'whirlpool-once' schedule (9, 7, 5, 3, 1 cards),
#: every bid made: Ann bids 1, Bo 0, Cy the tricks left.
def _sheet(edition: str) -> dict[str, Any]:
    rounds = []
    for cards in (9, 7, 5, 3, 1):
        bids = {"Ann": 1, "Bo": 0, "Cy": cards - 1}
        rounds.append({"bids": bids, "won": dict(bids)})
    return {"edition": edition, "players": ["Ann", "Bo", "Cy"], "schedule": "whirlpool-once", "rounds": rounds}


# ---------------------------------------------------------------------- doubling the last round


def test_doubling_the_last_round_in_one_line_on_a_sheet(tmp_path: Path) -> None:
    """One adjustment doubles the points of the schedule's last round, whichever case
    gave them: `skullking score` on a sheet (text and JSON) doubles round 5 of
    whirlpool-once and nothing else."""
    path = _overlay(tmp_path, "double", DOUBLE_LAST)
    sheet = tmp_path / "game.json"
    sheet.write_text(json.dumps(_sheet(path.name)), encoding="utf-8")
    base = BASE.score_sheet(_sheet("skullking-2021"))
    # Ann made 1 (20) every round; Bo made 0 (10 per card); Cy bid and won cards - 1:
    # 20 * (cards - 1), and a made zero in the last round of 1 card (10).
    assert [dict(r.points) for r in base.rounds] == [
        {"Ann": 20, "Bo": 90, "Cy": 160},
        {"Ann": 20, "Bo": 70, "Cy": 120},
        {"Ann": 20, "Bo": 50, "Cy": 80},
        {"Ann": 20, "Bo": 30, "Cy": 40},
        {"Ann": 20, "Bo": 10, "Cy": 10},
    ]
    scored = run_json("score", str(sheet))
    assert [r["points"] for r in scored["rounds"]] == [
        *[dict(r.points) for r in base.rounds[:4]],
        {"Ann": 40, "Bo": 20, "Cy": 20},  # every case doubled: made, zero made
    ]
    assert scored["totals"] == {"Ann": 120, "Bo": 260, "Cy": 420}
    code, out, err = run("score", str(sheet))
    assert code == 0 and err == ""
    assert out.splitlines()[5].split() == ["5", "1", "40", "20", "20"]


def test_doubling_the_last_round_in_rounds_and_games_played_move_by_move(tmp_path: Path) -> None:
    """The same game played move by move under both editions (the same deals, the same
    random plays: the adjustment changes no play) scores alike but in the schedule's
    last round, where every player's points are doubled; the game's score and each
    round's agree (a tie-break round after the schedule, if the doubling brings one, is
    no last round of the schedule)."""
    double = _load(tmp_path, "double", DOUBLE_LAST)
    games = [Game(edition, ["Ann", "Bo", "Cy"], schedule="whirlpool-once", seed=4) for edition in (BASE, double)]
    for game in games:
        rng = random.Random(4)
        while not game.over:
            play_randomly(game.next_round(), rng)
    plain, doubled = ([dict(r.score().points) for r in game.rounds] for game in games)
    assert doubled[:4] == plain[:4]
    assert doubled[4] == {p: 2 * v for p, v in plain[4].items()}
    assert any(plain[4].values())  # (a round of points, not of zeros)
    assert dict(games[1].score().totals) == {p: sum(r.get(p, 0) for r in doubled) for p in ("Ann", "Bo", "Cy")}


def test_a_tie_break_round_is_no_last_round_of_the_schedule(tmp_path: Path) -> None:
    """`last_round` is 1 in the schedule's last round only: after the one round of
    'past-your-bedtime' leaves Ann and Bo tied (made zeros, doubled: 20 each), the
    tie-break round they play (the 2021 edition's extra round) scores as under the base,
    20 for Ann's made 1 and 10 for Bo's made zero."""
    double = _load(tmp_path, "double", DOUBLE_LAST)
    sheet = {
        "players": ["Ann", "Bo", "Cy"],
        "schedule": "past-your-bedtime",
        "rounds": [
            {"bids": {"Ann": 0, "Bo": 0, "Cy": 0}, "won": {"Ann": 0, "Bo": 0, "Cy": 1}},
            {"players": ["Ann", "Bo"], "cards": 1, "bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}},
        ],
    }
    scored = double.score_sheet(sheet)
    assert [dict(r.points) for r in scored.rounds] == [{"Ann": 20, "Bo": 20, "Cy": -20}, {"Ann": 20, "Bo": 10}]
    assert scored.winners == ("Ann",)


# ---------------------------------------------------------------------- an escape tax by card id

#: One trick of three players (the 2021 rulebook): Ann leads an escape, Bo plays the Loot
#: (an escape that allies him with the winner), Cy the Tigress declared as an escape.
#: Only escapes: the first card wins, Ann's. Ann bid 1, made it: 20, and the alliance
#: with Bo, who made his zero bid, pays both 20. Bo: 10 (a zero of 1 card) + 20. Cy: 10.
BIDS = {"Ann": 1, "Bo": 0, "Cy": 0}
PLAYS = ["E", "LOOT", "TIG:E"]
TRICK: dict[str, Any] = {"cards": 1, "bids": BIDS, "tricks": [PLAYS]}
PLAIN = {"Ann": 40, "Bo": 30, "Cy": 10}


def _round(edition: Edition) -> Round:
    r = Round(edition, ["Ann", "Bo", "Cy"], cards=1, hands={"Ann": ["E"], "Bo": ["LOOT"], "Cy": ["TIG"]})
    for player, bid in BIDS.items():
        r.bid(player, bid)
    for player, card in zip(("Ann", "Bo", "Cy"), PLAYS, strict=True):
        r.play(player, card)
    return r


def test_an_escape_tax_by_card_id_taxes_the_escape_cards_alone(tmp_path: Path) -> None:
    """`played_card_escape` counts the escape cards a player played, not the Loot nor a
    Tigress declared as an escape: only Ann pays 5, on a sheet giving the whole play
    (through `skullking score`) and in a round played move by move."""
    path = _overlay(tmp_path, "tax", ESCAPE_TAX)
    tax = skullking.load_edition(path)
    sheet = {"players": ["Ann", "Bo", "Cy"], "rounds": [TRICK]}
    assert dict(BASE.score_sheet(sheet).rounds[0].points) == PLAIN
    want = {"Ann": 35, "Bo": 30, "Cy": 10}
    assert dict(tax.score_sheet(sheet).rounds[0].points) == want
    (tmp_path / "sheet.json").write_text(json.dumps({**sheet, "edition": path.name}), encoding="utf-8")
    assert run_json("score", str(tmp_path / "sheet.json"))["rounds"][0]["points"] == want
    assert dict(_round(BASE).score().points) == PLAIN
    assert dict(_round(tax).score().points) == want


def test_a_sheet_of_tricks_won_cannot_pay_a_tax_on_cards_played(tmp_path: Path) -> None:
    """An adjustment that counts cards played needs the whole play: a sheet giving the
    tricks won only is refused, naming the name."""
    tax = _load(tmp_path, "tax", ESCAPE_TAX)
    bids = {"Ann": 1, "Bo": 0, "Cy": 0}
    sheet = {"players": ["Ann", "Bo", "Cy"], "rounds": [{"bids": bids, "won": bids}]}
    with pytest.raises(SheetError, match=r"counts the cards each player played \(played_card_escape\)"):
        tax.score_sheet(sheet)


# ---------------------------------------------------------------------- order, aggregates, extra


def test_adjustments_apply_in_order_each_to_the_points_the_one_before_left(tmp_path: Path) -> None:
    """An overlay places an adjustment before or after another (`before:`/`after:`), and
    the order matters: 10 more then doubled is not doubled then 10 more. A sheet's
    `extra` points are added after every adjustment."""
    _overlay(tmp_path, "double", DOUBLE_LAST.replace("when: last_round == 1, ", ""))
    before = _load(tmp_path, "before", _ten("before"), extends="double.yaml")
    after = _load(tmp_path, "after", _ten("after"), extends="double.yaml")
    assert [a.id for a in before.scheme().adjustments] == ["ten-more", "double-last-round"]
    assert [a.id for a in after.scheme().adjustments] == ["double-last-round", "ten-more"]
    # Ann made 1: 20. Before: (20 + 10) * 2 = 60; after: 20 * 2 + 10 = 50; extra 3 last.
    played = {"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}, "extra": {"Ann": 3}}
    sheet = {"players": ["Ann", "Bo"], "rounds": [played]}
    assert before.score_sheet(sheet).rounds[0].points["Ann"] == 63
    assert after.score_sheet(sheet).rounds[0].points["Ann"] == 53


def _ten(place: str) -> str:
    return (
        "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
        f"        - {{id: ten-more, {place}: double-last-round, points: points + 10}}\n"
    )


def test_an_adjustment_sees_every_players_points_through_an_aggregate(tmp_path: Path) -> None:
    """`highest(points)` looks at every player's points as the case gave them: the
    round's best score earns 5 more (both, when two share it)."""
    body = (
        "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
        "        top: {when: points == highest(points), points: points + 5}\n"
    )
    top = _load(tmp_path, "top", body)
    sheet = {"players": ["Ann", "Bo", "Cy"], "rounds": [TRICK]}
    assert dict(top.score_sheet(sheet).rounds[0].points) == {"Ann": 45, "Bo": 30, "Cy": 10}
    # 3 cards: Ann and Bo make 1 (20 each), Cy misses a zero (-10 per card).
    tied = {"cards": 3, "bids": {"Ann": 1, "Bo": 1, "Cy": 0}, "won": {"Ann": 1, "Bo": 1, "Cy": 1}}
    scored = top.score_sheet({"players": ["Ann", "Bo", "Cy"], "rounds": [tied]}).rounds[0].points
    assert dict(scored) == {"Ann": 25, "Bo": 25, "Cy": -30}


def test_an_adjustment_applies_under_every_case_and_to_a_result_no_case_covers(tmp_path: Path) -> None:
    """Under `otherwise: zero` a result no case covers scores 0 and is adjusted as the
    cases' points are: a flat 7 for taking part, whatever the result."""
    body = (
        "scoring:\n  schemes:\n    classic:\n      otherwise: zero\n"
        "      cases: {missed: null}\n"
        "      adjustments: {turnout: {points: points + 7}}\n"
    )
    house = _load(tmp_path, "turnout", body)
    sheet = {"players": ["Ann", "Bo"], "rounds": [{"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 0, "Bo": 1}}]}
    # Ann missed (no case now: 0), Bo missed his zero (zero-missed: -10 per card).
    assert dict(house.score_sheet(sheet).rounds[0].points) == {"Ann": 7, "Bo": -3}


# ---------------------------------------------------------------------- overlays


def test_an_overlay_changes_and_removes_an_adjustment_by_id(tmp_path: Path) -> None:
    """Adjustments merge by id as every list of an edition: an overlay of the doubling
    rule changes its `when` alone (the points formula kept), another removes it with
    `null` and adds the escape tax, and a removal of what the base lacks is a warning."""
    _overlay(tmp_path, "double", DOUBLE_LAST)
    first = _load(
        tmp_path,
        "first",
        "scoring: {schemes: {classic: {adjustments: {double-last-round: {when: round == 1}}}}}\n",
        extends="double.yaml",
    )
    (adjustment,) = first.scheme().adjustments
    assert adjustment.when is not None
    assert (adjustment.when.source, adjustment.points.source) == ("round == 1", "points * 2")
    swapped = _load(
        tmp_path,
        "swapped",
        ESCAPE_TAX.replace("        escape-tax", "        double-last-round: null\n        escape-tax"),
        extends="double.yaml",
    )
    assert [a.id for a in swapped.scheme().adjustments] == ["escape-tax"]
    sheet = {"players": ["Ann", "Bo", "Cy"], "rounds": [TRICK]}
    assert dict(swapped.score_sheet(sheet).rounds[0].points) == {"Ann": 35, "Bo": 30, "Cy": 10}
    from skullking.loading.loader import check_file

    path = _overlay(tmp_path, "nothing", "scoring: {schemes: {classic: {adjustments: {double-last-round: null}}}}\n")
    edition, problems = check_file(path, use_cache=False)
    assert edition is not None and edition.scheme().adjustments == ()
    assert [(p.severity, p.line) for p in problems if "removes nothing" in p.message] == [("warning", 3)]


def test_a_new_adjustment_without_points_is_refused_at_its_id(tmp_path: Path) -> None:
    """An item new to the base must be complete: an adjustment without `points` is
    refused at its id, saying what a new one needs and that the base has none."""
    with pytest.raises(EditionError) as caught:
        _load(tmp_path, "broken", "scoring: {schemes: {classic: {adjustments: {twice: {when: round == 1}}}}}\n")
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (3, 45)
    assert problem.message == (
        "no adjustment 'twice' in skullking-2021 to change; a new adjustment needs 'points' (skullking-2021 has: none)"
    )


# ---------------------------------------------------------------------- explain and diff


def test_explain_lists_each_adjustment_after_the_cases(tmp_path: Path) -> None:
    """`explain` shows the adjustments, in order, after the scheme's cases."""
    both = _load(tmp_path, "both", DOUBLE_LAST + ESCAPE_TAX.split("adjustments:\n")[1])
    lines = explain(both).splitlines()
    start = lines.index("  - `missed` otherwise: `-10 * abs(won - bid) - wager`")
    assert lines[start + 1 : start + 3] == [
        "  - then `double-last-round` when `last_round == 1`: the points become `points * 2`",
        "  - then `escape-tax` always: the points become `points - 5 * played_card_escape`",
    ]
    assert "then `" not in explain(BASE)


def test_diff_sees_an_adjustment_as_values_and_in_the_rounds_it_changes(tmp_path: Path) -> None:
    """`diff` lists an added adjustment's values by path, and its grid of rounds scores
    them: the README's doubling of the last round changes every round of the grid that
    is the default schedule's last (round 10 of ten) whose points are not 0, and no
    other round."""
    double = _load(tmp_path, "double", DOUBLE_LAST)
    changes = {c["path"]: c["b"] for c in valuediff.changed_values(BASE, double)}
    assert changes == {
        "scoring.schemes[classic].adjustments[double-last-round]": "(present)",
        "scoring.schemes[classic].adjustments[double-last-round].when": "last_round == 1",
        "scoring.schemes[classic].adjustments[double-last-round].points": "points * 2",
    }
    rounds = rounddiff.round_differences(BASE, double)
    assert rounds["differ"] > 0
    for example in rounds["examples"]:
        assert example["round"] == 10 and example["last_round"]["b"] == 1 and example["b"] == 2 * example["a"]
    code, out, _ = run("diff", "skullking-2021", str(tmp_path / "double.yaml"))
    assert code == 0
    assert f"Rounds: {rounds['differ']} of {rounds['checked']} (schemes classic, rascal) score differently" in out
